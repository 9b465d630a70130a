import { Box, Button, Stack, Text } from '@chakra-ui/react';
import type { DrillLogEntry, RunParticipant } from '@muster/contracts';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatClock } from '../vocab';
import { logSentences } from '../log-text';
import { formatClockTime, Section } from './parts';

const NOBODY: readonly RunParticipant[] = [];

/** Entries shown before "Show all". */
export const LOG_PAGE = 50;

const LogItem = memo(function LogItem({ entry, participants }: { entry: DrillLogEntry; participants: readonly RunParticipant[] }) {
  const { t, i18n } = useTranslation(['drillConsole', 'drills']);
  return (
    <Box as="li" borderBottomWidth="1px" paddingBlock="2" data-testid="log-entry" data-type={entry.type} data-seq={entry.seq}>
      {logSentences(t, entry, { participants, language: i18n.resolvedLanguage }).map((sentence, i) => (
        <Text key={i} wordBreak="break-word">
          {sentence}
        </Text>
      ))}
      <Text fontSize="xs" color="fg.muted">
        {entry.elapsedMs === null
          ? t('log.beforeStart', { time: formatClockTime(entry.at, i18n.resolvedLanguage) })
          : t('log.when', { drillTime: formatClock(entry.elapsedMs), time: formatClockTime(entry.at, i18n.resolvedLanguage) })}
      </Text>
    </Box>
  );
});

/** Everything that happened, newest first, in the reader's language, with drill time and clock time. */
export const DecisionLog = memo(function DecisionLog({
  entries,
  participants,
}: {
  entries: DrillLogEntry[];
  participants: readonly RunParticipant[];
}) {
  const { t } = useTranslation(['drillConsole', 'drills']);
  const [all, setAll] = useState(false);
  const shown = all ? entries : entries.slice(0, LOG_PAGE);
  return (
    <Section
      id="console-log"
      title={t('log.title')}
      testId="console-log"
      aside={
        <Text fontSize="sm" color="fg.muted">
          {t('log.count', { n: entries.length })}
        </Text>
      }
    >
      <Stack gap="3">
        <Stack as="ol" gap="0" listStyleType="none" aria-live="polite" aria-relevant="additions">
          {shown.map((entry) => (
            <LogItem key={entry.seq} entry={entry} participants={entry.type === 'checked_out' ? participants : NOBODY} />
          ))}
        </Stack>
        {entries.length > LOG_PAGE && (
          <Button variant="outline" size="sm" alignSelf="flex-start" onClick={() => setAll((v) => !v)} data-testid="log-show-all">
            {all ? t('log.showLatest', { n: LOG_PAGE }) : t('log.showAll', { n: entries.length })}
          </Button>
        )}
      </Stack>
    </Section>
  );
});
