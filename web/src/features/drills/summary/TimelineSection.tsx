import { Switch, Text, Timeline } from '@chakra-ui/react';
import type { DrillLogEntry, DrillLogType, RunParticipant } from '@muster/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { formatClock } from '../vocab';
import { Section } from './parts';
import { logSentences } from '../log-text';

/** The colour of an entry's dot, by what it is about. */
function palette(type: DrillLogType, data: DrillLogEntry['data']): string {
  if (type === 'observation') return data.kind === 'strength' ? 'green.solid' : 'orange.solid';
  if (type.startsWith('step_') || type.startsWith('item_')) return 'teal.solid';
  if (type === 'inject_published') return 'purple.solid';
  if (type === 'checked_in' || type === 'checked_out' || type === 'mustered') return 'blue.solid';
  if (type.startsWith('action_') || type === 'addendum') return 'yellow.solid';
  return 'brand.fg';
}

const CHECKLIST_TYPES: readonly DrillLogType[] = ['item_checked', 'item_unchecked'];

/** The decision log, written in the reader's language, with the drill time and the moment of each entry. */
export function TimelineSection({ timeline, participants }: { timeline: DrillLogEntry[]; participants: readonly RunParticipant[] }) {
  const { t, i18n } = useTranslation(['drillSummary', 'drills']);
  const [hideTicks, setHideTicks] = useState(false);
  const ticks = timeline.filter((e) => CHECKLIST_TYPES.includes(e.type)).length;
  const shown = hideTicks ? timeline.filter((e) => !CHECKLIST_TYPES.includes(e.type)) : timeline;
  return (
    <Section id="timeline" title={t('sections.timeline')} intro={t('timeline.intro')}>
      {ticks > 0 && (
        <Switch.Root
          checked={hideTicks}
          onCheckedChange={(e) => setHideTicks(e.checked)}
          size="sm"
          marginBottom="4"
          data-testid="timeline-hide-ticks"
          _print={{ display: 'none' }}
        >
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label>{t('timeline.hideTicks', { number: ticks })}</Switch.Label>
        </Switch.Root>
      )}
      <Timeline.Root size="sm" as="ol" data-testid="summary-timeline">
        {shown.map((entry) => (
          <Timeline.Item
            key={entry.seq}
            as="li"
            data-testid="summary-timeline-entry"
            data-type={entry.type}
            _print={{ breakInside: 'avoid' }}
          >
            <Timeline.Connector>
              <Timeline.Separator />
              <Timeline.Indicator bg={palette(entry.type, entry.data)} />
            </Timeline.Connector>
            <Timeline.Content gap="0.5">
              <Timeline.Title fontWeight="normal" display="block">
                <Text as="span" fontWeight="semibold" fontVariantNumeric="tabular-nums" marginEnd="2">
                  {entry.elapsedMs === null ? t('timeline.beforeStart') : formatClock(entry.elapsedMs)}
                </Text>
                {logSentences(t, entry, { participants, language: i18n.resolvedLanguage }).join(' ')}
              </Timeline.Title>
              <Timeline.Description>{formatDateTime(entry.at, i18n.resolvedLanguage)}</Timeline.Description>
            </Timeline.Content>
          </Timeline.Item>
        ))}
      </Timeline.Root>
    </Section>
  );
}
