import { Alert, Badge, Button, Card, Flex, Heading, Link, Stack, Text } from '@chakra-ui/react';
import type { CadenceStatus, UpcomingReminder } from '@muster/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useSignedInSession } from '../../auth/signed-in-session';
import type { PageProps } from '../../../lib/page';
import { ListSkeleton, LoadError, useNow } from '../../../components/list';
import { Section } from '../../../components/Section';
import { formatDate, formatDateTime, relativeTime } from '../../../lib/format';
import { usePageTitle } from '../../../lib/usePageTitle';
import { useReminders } from '../api';
import { cadenceName, cadenceText } from '../components';
import { CADENCE_PALETTE } from '../vocab';
import { CadencesSection } from './CadencesSection';
import { formatLeadTime, formatUnit } from './rules';
import { RulesSection } from './RulesSection';

function StatusCard({ status }: { status: CadenceStatus }) {
  const { t, i18n } = useTranslation('drillReminders');
  const language = i18n.resolvedLanguage;
  const lastDay = status.lastRunAt ? formatDate(status.lastRunAt.slice(0, 10), language) : null;
  return (
    <Card.Root
      as="li"
      variant="outline"
      borderInlineStartWidth="4px"
      borderInlineStartColor={`${CADENCE_PALETTE[status.state]}.solid`}
      data-testid="cadence-status"
      data-state={status.state}
    >
      <Card.Body gap="2" padding={{ base: '3', md: '4' }}>
        <Flex gap="2" wrap="wrap" align="center">
          <Text fontWeight="semibold" dir="auto">
            {cadenceName(t, status)}
          </Text>
          <Badge colorPalette={CADENCE_PALETTE[status.state]}>{t(`cadence.states.${status.state}`, { ns: 'drills' })}</Badge>
          <Badge variant="outline">{t(`cadence.kinds.${status.kind}`, { ns: 'drills' })}</Badge>
        </Flex>
        <Text fontSize="sm">{cadenceText(t, status, language ?? 'en')}</Text>
        {status.daysLeft !== null && (
          <Text fontSize="sm" color="fg.muted">
            {status.daysLeft >= 0
              ? t('status.daysLeft', { days: formatUnit(status.daysLeft, 'day', language) })
              : t('status.daysOver', { days: formatUnit(-status.daysLeft, 'day', language) })}
          </Text>
        )}
        {lastDay && (
          <Text fontSize="sm" color="fg.muted">
            {status.lastRunId ? (
              <Link asChild>
                <RouterLink to={`/app/drills/runs/${status.lastRunId}/summary`}>
                  {t('cadence.last', { ns: 'drills', date: lastDay })}
                </RouterLink>
              </Link>
            ) : (
              t('cadence.last', { ns: 'drills', date: lastDay })
            )}
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function UpcomingRow({ reminder, now }: { reminder: UpcomingReminder; now: number }) {
  const { t, i18n } = useTranslation('drillReminders');
  const language = i18n.resolvedLanguage;
  return (
    <Flex
      as="li"
      gap={{ base: '1', md: '4' }}
      direction={{ base: 'column', md: 'row' }}
      paddingY="2.5"
      paddingX={{ base: '3', md: '4' }}
      data-testid="upcoming-reminder"
      data-run-id={reminder.runId}
    >
      <Stack gap="0.5" flex="1" minWidth="0">
        <Link asChild fontWeight="semibold" alignSelf="flex-start" wordBreak="break-word">
          <RouterLink to={`/app/drills/console/${reminder.runId}`} dir="auto">
            {reminder.runTitle}
          </RouterLink>
        </Link>
        <Text fontSize="sm" color="fg.muted">
          {t('upcoming.before', {
            time: formatLeadTime(reminder.leadMinutes, language),
            start: formatDateTime(reminder.scheduledAt, language),
          })}
        </Text>
      </Stack>
      <Stack gap="1" align={{ base: 'flex-start', md: 'flex-end' }} flexShrink={0}>
        <Text fontSize="sm">
          {t('upcoming.sends', { when: formatDateTime(reminder.sendAt, language), relative: relativeTime(reminder.sendAt, now, language) })}
        </Text>
        <Flex gap="1.5" wrap="wrap">
          {reminder.channels.map((c) => (
            <Badge key={c} size="sm" variant="outline">
              {t(`channels.${c}`)}
            </Badge>
          ))}
        </Flex>
      </Stack>
    </Flex>
  );
}

/** How many of the next reminders show before "Show all". */
const UPCOMING_SHOWN = 5;

function UpcomingList({ upcoming, now }: { upcoming: readonly UpcomingReminder[]; now: number }) {
  const { t } = useTranslation('drillReminders');
  const [all, setAll] = useState(false);
  if (upcoming.length === 0)
    return (
      <Text color="fg.muted" data-testid="upcoming-empty">
        {t('upcoming.none')}
      </Text>
    );
  const shown = all ? upcoming : upcoming.slice(0, UPCOMING_SHOWN);
  return (
    <Card.Root variant="outline">
      <Stack as="ul" gap="0" listStyleType="none" css={{ '& > li + li': { borderTopWidth: '1px' } }}>
        {shown.map((r) => (
          <UpcomingRow key={`${r.runId}-${r.ruleId}`} reminder={r} now={now} />
        ))}
      </Stack>
      {upcoming.length > UPCOMING_SHOWN && (
        <Card.Footer paddingY="2" paddingX={{ base: '3', md: '4' }} borderTopWidth="1px">
          <Button size="sm" variant="ghost" onClick={() => setAll(!all)} aria-expanded={all} data-testid="upcoming-toggle">
            {all ? t('upcoming.fewer') : t('upcoming.all', { count: upcoming.length })}
          </Button>
        </Card.Footer>
      )}
    </Card.Root>
  );
}

/** The overview of the organisation: cadence states, next reminders, rules and cadences. */
function RemindersContent() {
  const { t } = useTranslation(['drillReminders', 'drills']);
  const overview = useReminders();
  const now = useNow();

  if (overview.isPending) return <ListSkeleton testId="reminders-loading" />;
  if (overview.isError)
    return <LoadError title={t('loadError')} error={overview.error} onRetry={() => void overview.refetch()} testId="reminders-error" />;
  const { rules, cadences, statuses, upcoming, editable } = overview.data;
  return (
    <Stack gap="8">
      {!editable && (
        <Alert.Root status="info" data-testid="reminders-read-only">
          <Alert.Indicator />
          <Alert.Description>{t('readOnly')}</Alert.Description>
        </Alert.Root>
      )}
      <Section id="reminders-status" title={t('status.title')} text={t('status.text')} testId="cadence-statuses">
        {statuses.length === 0 ? (
          <Text color="fg.muted">{t('status.none')}</Text>
        ) : (
          <Stack as="ul" gap="3" listStyleType="none">
            {statuses.map((s) => (
              <StatusCard key={s.cadenceId} status={s} />
            ))}
          </Stack>
        )}
      </Section>
      <Section id="reminders-upcoming" title={t('upcoming.title')} text={t('upcoming.text')} testId="upcoming-reminders">
        <UpcomingList upcoming={upcoming} now={now} />
      </Section>
      <Section id="reminders-rules" title={t('rules.title')} text={t('rules.text')} testId="reminder-rules">
        <RulesSection rules={rules} editable={editable} />
      </Section>
      <Section id="reminders-cadences" title={t('cadences.title')} text={t('cadences.text')} testId="cadences">
        <CadencesSection cadences={cadences} editable={editable} />
      </Section>
    </Stack>
  );
}

/**
 * /app/drills/reminders: where each required cadence stands today, the next reminders to go out,
 * and the reminder rules and cadences themselves (ADMIN and MANAGER change them; others read).
 */
export default function RemindersPage({ pageId }: PageProps) {
  const { t } = useTranslation(['drillReminders', 'drills']);
  usePageTitle(pageId);
  const session = useSignedInSession();
  return (
    <Stack gap="6" maxWidth="4xl" data-testid="reminders-page">
      <Stack gap="1">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          {t('title')}
        </Heading>
        <Text color="fg.muted">{t('subtitle')}</Text>
        <Link asChild fontSize="sm" alignSelf="flex-start" color="brand.fg">
          <RouterLink to="/app/drills/runs">{t('toRuns')}</RouterLink>
        </Link>
      </Stack>
      {session.org ? (
        <RemindersContent />
      ) : (
        <Alert.Root status="info" data-testid="reminders-no-organization">
          <Alert.Indicator />
          <Alert.Description>{t('errors.noOrganization', { ns: 'drills' })}</Alert.Description>
        </Alert.Root>
      )}
    </Stack>
  );
}
