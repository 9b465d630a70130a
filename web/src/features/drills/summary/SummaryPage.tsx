import { Alert, Box, Grid, Link, Skeleton, Stack, Text } from '@chakra-ui/react';
import { LIBRARY_TEXT_PATHS } from '@muster/contracts';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type { PageProps } from '../../../lib/page';
import { LoadError } from '../../../components/list';
import { errorStatus } from '../../../lib/api';
import { applyColorMode } from '../../../lib/color-mode';
import { usePageTitle } from '../../../lib/usePageTitle';
import { useSummary } from '../api';
import { localiseContent, useLibraryText } from '../library-text';
import { ActionsSection, draftFromObservation, useActionDraft } from './ActionsSection';
import { AddendaSection } from './AddendaSection';
import { ApprovalSection } from './ApprovalSection';
import { AttendanceSection } from './AttendanceSection';
import { InjectsSection } from './InjectsSection';
import { ObservationsSection } from './ObservationsSection';
import { FiguresSection, ObjectivesSection } from './OverviewSections';
import { SECTION_IDS, sectionAnchor } from './parts';
import { StepsSection } from './StepsSection';
import { BackToRuns, ConsoleLink, SummaryHeader } from './SummaryHeader';
import { canAddAddendum, canEditActions, summaryStage } from './summary-figures';
import { TimelineSection } from './TimelineSection';
import { useSummaryLive } from './useSummaryLive';

/**
 * Printing the summary (the browser's print): the app's top bar, the help-desk button, the table
 * of contents and every control are left out; the report is printed on white.
 */
const PRINT_CSS = `@media print {
  body header:has(+ main), [data-testid="help-desk-widget"] { display: none !important; }
  main { max-width: none !important; padding: 0 !important; }
  body, body > div { background: white !important; }
  [data-testid="summary-page"] * { print-color-adjust: exact; -webkit-print-color-adjust: exact; }
}`;

/** Paper is white: a page in dark mode prints in the light colours, and takes its own back after. */
function usePrintInLight(): void {
  useEffect(() => {
    const before = () => applyColorMode('light');
    const after = () => applyColorMode();
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, []);
}

function SummarySkeleton() {
  const { t } = useTranslation('drillSummary');
  return (
    <Stack gap="4" role="status" aria-busy="true" aria-label={t('loading')} data-testid="summary-loading">
      <Skeleton height="5" width="30%" />
      <Skeleton height="9" width="70%" />
      <Skeleton height="6" width="40%" />
      <Skeleton height="24" />
      <Skeleton height="64" />
    </Stack>
  );
}

/**
 * /app/drills/runs/:id/summary: the after-action report of a drill run, written from its
 * decision log — header, objectives, steps against their expected times, figures, attendance,
 * injects and responses, observations, the timeline, the improvement plan (corrective actions),
 * the approval that locks it and dated addenda; printable and downloadable, and live while open.
 */
export default function SummaryPage({ pageId }: PageProps) {
  const { t } = useTranslation(['drillSummary', 'drills', 'pages', 'drillLibrary', 'documents']);
  usePageTitle(pageId);
  usePrintInLight();
  const { id = '' } = useParams();
  const query = useSummary(id);
  useSummaryLive(id);
  const tr = useLibraryText();
  const loaded = query.data;
  // The steps and injects the built-in library wrote, in the reader's language (edited ones as written).
  const localised = useMemo(() => {
    if (!loaded) return loaded;
    const texts = loaded.run.template.libraryTexts;
    return {
      ...loaded,
      run: { ...loaded.run, template: localiseContent(loaded.run.template, tr) },
      steps: loaded.steps.map((s) => ({ ...s, title: tr(s.title, texts[LIBRARY_TEXT_PATHS.step(s.stepId, 'title')]) })),
      injects: loaded.injects.map((i) => ({
        ...i,
        title: tr(i.title, texts[LIBRARY_TEXT_PATHS.inject(i.injectId, 'title')]),
        message: tr(i.message, texts[LIBRARY_TEXT_PATHS.inject(i.injectId, 'message')]),
      })),
    };
  }, [loaded, tr]);
  const draft = useActionDraft();

  if (query.isPending) return <SummarySkeleton />;
  if (query.isError) {
    const missing = errorStatus(query.error) === 404;
    return (
      <Stack gap="4" maxWidth="3xl" data-testid="summary-page" data-state={missing ? 'not-found' : 'error'}>
        <BackToRuns />
        {missing ? (
          <Alert.Root status="warning" data-testid="summary-not-found">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{t('notFound.title')}</Alert.Title>
              <Alert.Description>{t('notFound.text')}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : (
          <LoadError title={t('loadError')} error={query.error} onRetry={() => void query.refetch()} testId="summary-error" />
        )}
      </Stack>
    );
  }

  const summary = localised!;
  const { run } = summary;
  const stage = summaryStage(run);

  if (stage === 'not_started') {
    return (
      <Stack gap="5" maxWidth="4xl" data-testid="summary-page" data-state="not-started" data-run-id={run.id}>
        <SummaryHeader run={run} durationMs={summary.durationMs} />
        <Alert.Root status="info" data-testid="summary-not-started">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{run.status === 'cancelled' ? t('notStarted.cancelledTitle') : t('notStarted.title')}</Alert.Title>
            <Alert.Description>{run.status === 'cancelled' ? t('notStarted.cancelledText') : t('notStarted.text')}</Alert.Description>
          </Alert.Content>
          {run.status !== 'cancelled' && <ConsoleLink runId={run.id} />}
        </Alert.Root>
      </Stack>
    );
  }

  const actionsEditable = canEditActions(run);
  return (
    <Box data-testid="summary-page" data-state={run.status} data-run-id={run.id}>
      <style>{PRINT_CSS}</style>
      <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: '13rem minmax(0, 1fr)' }} gap="6" alignItems="start">
        <Box
          as="nav"
          aria-label={t('contents')}
          hideBelow="lg"
          position="sticky"
          top="20"
          data-testid="summary-contents"
          _print={{ display: 'none' }}
        >
          <Text fontSize="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase" letterSpacing="wide" marginBottom="2">
            {t('contents')}
          </Text>
          <Stack as="ol" gap="1" listStyleType="none" borderInlineStartWidth="2px" paddingInlineStart="3">
            {SECTION_IDS.map((section) => (
              <li key={section}>
                <Link href={`#${sectionAnchor(section)}`} fontSize="sm" color="fg.muted" _hover={{ color: 'fg' }}>
                  {t(`sections.${section}`)}
                </Link>
              </li>
            ))}
          </Stack>
        </Box>
        <Stack gap="5" minWidth="0">
          <SummaryHeader run={run} durationMs={summary.durationMs} />
          <ObjectivesSection summary={summary} />
          <StepsSection steps={summary.steps} />
          <FiguresSection summary={summary} />
          <AttendanceSection attendance={summary.attendance} />
          <InjectsSection injects={summary.injects} />
          <ObservationsSection
            summary={summary}
            canAct={actionsEditable}
            onCreateAction={(observation) => draftFromObservation(draft, observation)}
          />
          <TimelineSection timeline={summary.timeline} participants={summary.attendance.participants} />
          <ActionsSection runId={run.id} summary={summary} canEdit={actionsEditable} draft={draft} />
          <ApprovalSection run={run} />
          <AddendaSection runId={run.id} addenda={summary.addenda} canAdd={canAddAddendum(run)} />
        </Stack>
      </Grid>
    </Box>
  );
}
