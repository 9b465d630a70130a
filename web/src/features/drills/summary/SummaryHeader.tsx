import { Alert, Badge, Box, Button, Grid, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { isLanguageCode, type DrillRun } from '@muster/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { formatDateTime } from '../../../lib/format';
import { summaryExportUrl } from '../api';
import { RunStatusBadge, ScenarioBadge } from '../components';
import { formatClock } from '../vocab';
import { ApproveButton } from './ApprovalSection';
import { summaryStage } from './summary-figures';
import { isolate } from '../log-text';
import { RenderButton } from '../../documents/RenderButton';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap="0" minWidth="0">
      <Text as="dt" fontSize="xs" color="fg.muted">
        {label}
      </Text>
      <Box as="dd" fontSize="sm" fontWeight="medium" wordBreak="break-word">
        {children}
      </Box>
    </Stack>
  );
}

/** The link back to the list of runs (not printed). */
export function BackToRuns() {
  const { t } = useTranslation('drillSummary');
  return (
    <Link asChild fontSize="sm" alignSelf="flex-start" _print={{ display: 'none' }}>
      <RouterLink to="/app/drills/runs">{t('header.back')}</RouterLink>
    </Link>
  );
}

/**
 * What the drill was and how it went in one look: title, state, scenario, type, place, lead,
 * times and duration; once approved, who approved it and that it is locked; the downloads and
 * (for an ADMIN or MANAGER on a completed run) the approval.
 */
export function SummaryHeader({ run, durationMs }: { run: DrillRun; durationMs: number | null }) {
  const { t, i18n } = useTranslation(['drillSummary', 'drills', 'pages']);
  const lng = i18n.resolvedLanguage;
  const language = isLanguageCode(lng) ? lng : 'en';
  const when = (iso: string | null) => (iso ? formatDateTime(iso, lng) : '—');
  const stage = summaryStage(run);
  return (
    <Stack as="header" gap="4">
      <BackToRuns />
      <Stack gap="1">
        <Text fontSize="sm" fontWeight="medium" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
          {t('pages:drillSummary.title')}
        </Text>
        <Heading as="h1" size={{ base: 'xl', md: '2xl' }} wordBreak="break-word">
          <Text as="span" dir="auto">
            {run.title}
          </Text>
        </Heading>
      </Stack>
      <HStack gap="2" wrap="wrap">
        <Box as="span" data-testid="summary-status" data-status={run.status}>
          <RunStatusBadge status={run.status} />
        </Box>
        <ScenarioBadge scenario={run.scenario} />
        <Badge variant="surface">{t(`drills:types.${run.type}`)}</Badge>
      </HStack>
      <Grid as="dl" templateColumns={{ base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' }} gap="3">
        <Fact label={t('header.location')}>
          <Text as="span" dir="auto">
            {run.location}
          </Text>
        </Fact>
        <Fact label={t('header.lead')}>{run.lead.name}</Fact>
        <Fact label={t('header.participants')}>{t('header.participantCount', { number: run.participantCount })}</Fact>
        <Fact label={t('header.scheduled')}>{when(run.scheduledAt)}</Fact>
        {stage !== 'not_started' && (
          <>
            <Fact label={t('header.started')}>{when(run.startedAt)}</Fact>
            <Fact label={t('header.completed')}>{run.completedAt ? when(run.completedAt) : t('header.notCompleted')}</Fact>
            <Fact label={t('header.duration')}>
              <Text as="span" fontVariantNumeric="tabular-nums">
                {formatClock(durationMs)}
              </Text>
            </Fact>
          </>
        )}
        {run.cancelledAt && <Fact label={t('header.cancelled')}>{when(run.cancelledAt)}</Fact>}
      </Grid>
      {run.status === 'approved' && (
        <Alert.Root status="success" variant="surface" data-testid="summary-locked">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('header.lockedTitle')}</Alert.Title>
            <Alert.Description>
              {t('header.lockedText', { name: isolate(run.approvedBy?.name ?? ''), time: when(run.approvedAt) })}
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {stage === 'live' && (
        <Alert.Root status="info" data-testid="summary-live">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('header.liveTitle')}</Alert.Title>
            <Alert.Description>{t('header.liveText')}</Alert.Description>
          </Alert.Content>
          <ConsoleLink runId={run.id} />
        </Alert.Root>
      )}
      {run.status === 'cancelled' && stage === 'finished' && (
        <Alert.Root status="warning" data-testid="summary-cancelled">
          <Alert.Indicator />
          <Alert.Title>{t('header.cancelledText')}</Alert.Title>
        </Alert.Root>
      )}
      {stage !== 'not_started' && (
        <HStack gap="2" wrap="wrap" align="flex-start" _print={{ display: 'none' }}>
          <RenderButton
            request={{ kind: 'drill-summary-pdf', runId: run.id, language }}
            label={t('header.downloadPdf')}
            testId="export-pdf"
          />
          <Button asChild variant="outline" size="sm">
            <a href={summaryExportUrl(run.id, 'csv', language)} download data-testid="export-csv">
              {t('header.downloadCsv')}
            </a>
          </Button>
          <Button variant="ghost" size="sm" onClick={() => window.print()} data-testid="summary-print">
            {t('header.print')}
          </Button>
          <Box flex="1" />
          <ApproveButton run={run} />
        </HStack>
      )}
    </Stack>
  );
}

/** The way to the run's live console. */
export function ConsoleLink({ runId }: { runId: string }) {
  const { t } = useTranslation('drillSummary');
  return (
    <Button asChild size="sm" variant="outline" alignSelf="center" flexShrink={0} _print={{ display: 'none' }}>
      <RouterLink to={`/app/drills/console/${runId}`} data-testid="summary-console-link">
        {t('header.openConsole')}
      </RouterLink>
    </Button>
  );
}
