import { Alert, Button, Grid, HStack, Link, Skeleton, Stack } from '@chakra-ui/react';
import type { AckError, ConsoleControl } from '@muster/contracts';
import { memo, useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useSignedInSession } from '../../auth/signed-in-session';
import type { PageProps } from '../../../lib/page';
import { usePageTitle } from '../../../lib/usePageTitle';
import { useRun } from '../api';
import { localiseContent, useLibraryText, type LocalisedParts } from '../library-text';
import { AttendancePanel, SelfCheckIn } from './AttendancePanel';
import { ConsoleHeader } from './ConsoleHeader';
import { observationsNewestFirst } from './console-state';
import { DecisionLog } from './DecisionLog';
import { InjectsPanel } from './InjectsPanel';
import { ObservationsPanel } from './ObservationsPanel';
import { useRefusalToast } from './parts';
import { StepsPanel } from './StepsPanel';
import { useConsole } from './useConsole';
import { errorText } from '../../../lib/error-text';

const BackLink = memo(function BackLink() {
  const { t } = useTranslation('drillConsole');
  return (
    <Link asChild fontSize="sm" alignSelf="flex-start">
      <RouterLink to="/app/drills/runs">{t('back')}</RouterLink>
    </Link>
  );
});

const SECTIONS = [
  ['console-steps', 'steps.title'],
  ['console-injects', 'injects.title'],
  ['console-observations', 'observations.title'],
  ['console-attendance', 'attendance.title'],
  ['console-log', 'log.title'],
] as const;

/** On a phone the panels stack: a row of shortcuts to each. */
const JumpBar = memo(function JumpBar() {
  const { t } = useTranslation('drillConsole');
  return (
    <HStack as="nav" aria-label={t('jump')} gap="2" overflowX="auto" hideFrom="md" paddingBottom="1" data-testid="console-jump">
      {SECTIONS.map(([id, key]) => (
        <Button
          key={id}
          size="sm"
          variant="subtle"
          flexShrink="0"
          onClick={() => document.getElementById(id)?.closest('section')?.scrollIntoView({ behavior: 'smooth', block: 'start' })}
        >
          {t(key)}
        </Button>
      ))}
    </HStack>
  );
});

function ConsoleSkeleton() {
  const { t } = useTranslation('drillConsole');
  return (
    <Stack gap="4" role="status" aria-busy="true" aria-label={t('loading')} data-testid="console-loading">
      <Skeleton height="40" borderRadius="l3" />
      <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }} gap="5">
        <Skeleton height="96" borderRadius="l3" />
        <Skeleton height="96" borderRadius="l3" />
      </Grid>
    </Stack>
  );
}

/** A console that cannot open: not found (unknown, or another organisation's), or refused. */
function Refused({ text, notFound, onRetry }: { text: string; notFound: boolean; onRetry?: () => void }) {
  const { t } = useTranslation('drillConsole');
  return (
    <Stack gap="4" maxWidth="3xl" data-testid="console-page" data-state={notFound ? 'not-found' : 'refused'}>
      <BackLink />
      <Alert.Root status={notFound ? 'warning' : 'error'} data-testid={notFound ? 'console-not-found' : 'console-error'}>
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{notFound ? t('notFound.title') : t('refused.title')}</Alert.Title>
          <Alert.Description>{text}</Alert.Description>
        </Alert.Content>
        {onRetry && (
          <Button size="sm" variant="outline" onClick={onRetry} alignSelf="center">
            {t('retry')}
          </Button>
        )}
      </Alert.Root>
    </Stack>
  );
}

/** Platform staff have no organisation and so no drills: the API's refusal says so. */
function NoOrganization({ runId }: { runId: string }) {
  const { t } = useTranslation(['drillConsole', 'drills']);
  const run = useRun(runId);
  if (run.isPending) return <ConsoleSkeleton />;
  if (run.isError) return <Refused text={errorText(t, run.error)} notFound={false} />;
  return <Refused text={t('drills:errors.noOrganization')} notFound={false} />;
}

function LiveConsole({ runId, me }: { runId: string; me: { userId: string; role: string } }) {
  const live = useConsole(runId, me);
  const refused = useRefusalToast();
  const { model, you, control } = live;
  // Sorted again only when they change, so the panels showing them redraw only then.
  const observationSet = model?.observations;
  const logSet = model?.log;
  const observations = useMemo(() => (observationSet ? observationsNewestFirst(observationSet) : []), [observationSet]);
  const log = useMemo(() => (logSet ? [...logSet].reverse() : []), [logSet]);
  // What the built-in library wrote (step, checklist and inject texts) in the reader's language.
  const tr = useLibraryText();
  const modelRun = model?.run;
  // Localised once per template, and each step and inject once (an observer's template grows when
  // an inject is published): a new object for each on every change would redraw them all.
  const template = modelRun?.template;
  const parts = useMemo<LocalisedParts>(() => new WeakMap(), [tr]); // one cache per language
  const shownTemplate = useMemo(() => (template ? localiseContent(template, tr, parts) : null), [template, tr, parts]);
  const shownRun = useMemo(() => (modelRun && shownTemplate ? { ...modelRun, template: shownTemplate } : null), [modelRun, shownTemplate]);
  const onControl = useCallback(
    async (action: ConsoleControl) => {
      const answer = await control(action);
      if (!answer.ok) refused(answer);
      return answer.ok;
    },
    [control, refused],
  );

  if (live.error) return <ConsoleRefusal error={live.error} onRetry={live.retry} />;
  if (!model || !you || !shownRun) return <ConsoleSkeleton />;
  const run = shownRun;
  return (
    <Stack gap="4" data-testid="console-page" data-run-id={run.id} data-status={run.status} data-state="ready">
      <BackLink />
      <ConsoleHeader run={run} you={you} connection={live.connection} offsetMs={model.clockOffsetMs} onControl={onControl} />
      <SelfCheckIn run={run} you={you} connection={live.connection} attendance={live.attendance} />
      <JumpBar />
      <Grid
        templateColumns={{ base: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)', xl: 'minmax(0, 3fr) minmax(0, 2fr)' }}
        gap="4"
        alignItems="start"
      >
        <Stack gap="4" minWidth="0">
          <StepsPanel
            run={run}
            steps={model.steps}
            you={you}
            connection={live.connection}
            offsetMs={model.clockOffsetMs}
            step={live.step}
          />
        </Stack>
        <Stack gap="4" minWidth="0">
          <InjectsPanel
            run={run}
            injects={model.injects}
            you={you}
            connection={live.connection}
            offsetMs={model.clockOffsetMs}
            publishInject={live.publishInject}
            settings={live.settings}
          />
          <ObservationsPanel
            run={run}
            injects={model.injects}
            observations={observations}
            you={you}
            connection={live.connection}
            observe={live.observe}
            settings={live.settings}
          />
          <AttendancePanel run={run} you={you} connection={live.connection} attendance={live.attendance} muster={live.muster} />
          <DecisionLog entries={log} participants={run.participants} />
        </Stack>
      </Grid>
    </Stack>
  );
}

function ConsoleRefusal({ error, onRetry }: { error: AckError; onRetry: () => void }) {
  const { t } = useTranslation(['drillConsole', 'drills']);
  if (error.code === 'NOT_FOUND') return <Refused text={t('notFound.text')} notFound />;
  return <Refused text={errorText(t, error)} notFound={false} onRetry={onRetry} />;
}

/** /app/drills/console/:id — the live drill console: the lead runs the drill, every member watches. */
export default function ConsolePage({ pageId }: PageProps) {
  usePageTitle(pageId);
  // The library's texts are loaded with the page, not when the first card needs them: a part
  // suspending after the page showed would hide the whole page meanwhile.
  useTranslation('drillLibrary');
  const session = useSignedInSession();
  const { id = '' } = useParams();
  if (!session.org) return <NoOrganization runId={id} />;
  return <LiveConsole key={id} runId={id} me={{ userId: session.user.id, role: session.role }} />;
}
