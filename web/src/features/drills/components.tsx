import { Alert, Badge, Link, Stack, Text } from '@chakra-ui/react';
import type { CadenceStatus, DrillRunStatus, DrillScenario, LibraryText, TemplateStatus } from '@muster/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { formatDate } from '../../lib/format';
import { useCadence } from './api';
import { useLibraryText } from './library-text';
import { CADENCE_PALETTE, RUN_STATUS_PALETTE, TEMPLATE_STATUS_PALETTE } from './vocab';

/** Pieces the drill screens share: state badges and the cadence banner. */

export function RunStatusBadge({ status }: { status: DrillRunStatus }) {
  const { t } = useTranslation('drills');
  return (
    <Badge colorPalette={RUN_STATUS_PALETTE[status]} data-testid="run-status" data-status={status}>
      {t(`runStatuses.${status}`)}
    </Badge>
  );
}

export function TemplateStatusBadge({ status }: { status: TemplateStatus }) {
  const { t } = useTranslation('drills');
  return (
    <Badge colorPalette={TEMPLATE_STATUS_PALETTE[status]} data-testid="template-status" data-status={status}>
      {t(`templateStatuses.${status}`)}
    </Badge>
  );
}

export function ScenarioBadge({ scenario }: { scenario: DrillScenario }) {
  const { t } = useTranslation('drills');
  return (
    <Badge variant="outline" data-scenario={scenario}>
      {t(`scenarios.${scenario}`)}
    </Badge>
  );
}

/** A cadence's name: a default one (it keeps its key) in the reader's language, an organisation's own as written. */
export function cadenceName(t: TFunction, cadence: { name: string; nameKey: string | null }): string {
  return cadence.nameKey ? t(`defaultCadences.${cadence.nameKey}`, { ns: 'drillReminders' }) : cadence.name;
}

/** One cadence's state in words: due by, overdue since, or never run. */
export function cadenceText(t: TFunction, status: CadenceStatus, language: string): string {
  if (!status.dueDate) return t('cadence.never', { ns: 'drills' });
  const date = formatDate(status.dueDate, language);
  return status.state === 'overdue' ? t('cadence.overdueSince', { ns: 'drills', date }) : t('cadence.dueBy', { ns: 'drills', date });
}

/**
 * The cadences that are due soon or overdue (ISPS drills every 3 months, exercises every year),
 * shown on the drills pages; nothing when every cadence is on track.
 */
export function CadenceBanner() {
  const { t, i18n } = useTranslation('drills');
  const cadence = useCadence();
  const pressing = (cadence.data?.items ?? []).filter((c) => c.state !== 'ok');
  if (pressing.length === 0) return null;
  const worst = pressing.some((c) => c.state === 'overdue') ? 'overdue' : 'due_soon';
  return (
    <Alert.Root status={worst === 'overdue' ? 'error' : 'warning'} data-testid="cadence-banner" data-state={worst}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('cadence.title')}</Alert.Title>
        <Alert.Description>
          <Stack as="ul" gap="1" listStyleType="none" marginTop="1">
            {pressing.map((c) => (
              <Text as="li" key={c.cadenceId} data-testid="cadence-item" data-state={c.state}>
                <Badge colorPalette={CADENCE_PALETTE[c.state]} marginEnd="2">
                  {t(`cadence.states.${c.state}`)}
                </Badge>
                <Text as="span" dir="auto">
                  {cadenceName(t, c)}
                </Text>
                {' — '}
                {cadenceText(t, c, i18n.language)}
              </Text>
            ))}
          </Stack>
          <Link asChild marginTop="2" fontSize="sm" fontWeight="medium">
            <RouterLink to="/app/drills/reminders">{t('cadence.manage')}</RouterLink>
          </Link>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/** A text the built-in library may have written (a template's name), in the reader's language unless edited. */
export function LibraryTextView({ text, libraryText }: { text: string; libraryText: LibraryText | null | undefined }) {
  return <>{useLibraryText()(text, libraryText)}</>;
}
