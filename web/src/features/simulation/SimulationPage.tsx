import {
  Alert,
  Badge,
  Box,
  Button,
  ButtonGroup,
  Card,
  HStack,
  Input,
  NativeSelect,
  Progress,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import {
  createSimulationSchema,
  SIMULATION_LIMITS,
  SIMULATION_SPEEDS,
  simulationElapsed,
  type SimulationEvent,
  type SimulationRun,
  type SimulationRunSummary,
  type SimulationStatus,
  type TemplateContent,
} from '@muster/contracts';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../components/form/FormField';
import { EmptyList, ListSkeleton, LoadError } from '../../components/list';
import { PageHeader } from '../../components/PageHeader';
import { toaster } from '../../components/ui/toaster';
import { ScenarioBadge } from '../drills/components';
import { Section as Panel, positionName, strong } from '../drills/console/parts';
import { useLibraryText, useLocalisedContent } from '../drills/library-text';
import { errorText } from '../../lib/error-text';
import { formatDateTime } from '../../lib/format';
import { useMusterForm } from '../../lib/forms';
import type { PageProps } from '../../lib/page';
import { usePageTitle } from '../../lib/usePageTitle';
import {
  useControlSimulation,
  useCreateSimulation,
  useLiveSimulations,
  useSimulation,
  useSimulations,
  useSimulationSpeed,
  useSimulationTemplates,
} from './api';
import { simulationClock, simulationModel, timelineNewestFirst } from './simulation-view';

const STATUS_PALETTE: Record<SimulationStatus, string> = { ready: 'gray', playing: 'green', paused: 'orange', finished: 'blue' };
const TICK_MS = 250;

function StatusBadge({ status }: { status: SimulationStatus }) {
  const { t } = useTranslation('simulation');
  return (
    <Badge colorPalette={STATUS_PALETTE[status]} data-testid="simulation-status" data-status={status}>
      {t(`statuses.${status}`)}
    </Badge>
  );
}

/** The simulated time now: the server's stored clock, moved on locally while it plays (server time, by the answer's offset). */
function useSimulatedNow(run: SimulationRun, receivedAt: number): number {
  const [now, setNow] = useState(() => Date.now());
  const playing = run.status === 'playing';
  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [playing]);
  const offset = Date.parse(run.serverTime) - receivedAt;
  return simulationElapsed(run, Math.max(now, receivedAt) + offset);
}

function StartForm({ onStarted }: { onStarted: (id: string) => void }) {
  const { t } = useTranslation(['simulation', 'drills']);
  const tr = useLibraryText();
  const templates = useSimulationTemplates();
  const create = useCreateSimulation();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useMusterForm(createSimulationSchema, { templateId: '', participants: 6, speed: 1 });
  const submit = form.handleSubmit((data) => {
    setFailure(null);
    create.mutate(data, {
      onSuccess: (run) => onStarted(run.id),
      onError: (err) => {
        if (!form.setServerErrors(err)) setFailure(errorText(t, err));
      },
    });
  });
  if (templates.isPending) return <ListSkeleton rows={1} testId="simulation-templates-loading" />;
  if (templates.isError)
    return (
      <LoadError
        title={t('templatesError')}
        error={templates.error}
        onRetry={() => void templates.refetch()}
        testId="simulation-templates-error"
      />
    );
  return (
    <Card.Root variant="outline">
      <Card.Body>
        <form onSubmit={(e) => void submit(e)} noValidate data-testid="simulation-form">
          <Stack gap="4">
            {failure && (
              <Alert.Root status="error">
                <Alert.Indicator />
                <Alert.Description>{failure}</Alert.Description>
              </Alert.Root>
            )}
            <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
              <FormField label={t('form.template')} error={form.message('templateId')} required>
                <NativeSelect.Root>
                  <NativeSelect.Field {...form.register('templateId')} data-testid="simulation-template">
                    <option value="">{t('form.chooseTemplate')}</option>
                    {templates.data.items.map((tpl) => (
                      <option key={tpl.id} value={tpl.id}>
                        {t('form.templateOption', { name: tr(tpl.name, tpl.nameText), minutes: tpl.estimatedMinutes })}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </FormField>
              <FormField
                label={t('form.participants')}
                error={form.message('participants')}
                helperText={t('form.participantsHelp', { min: SIMULATION_LIMITS.participantsMin, max: SIMULATION_LIMITS.participantsMax })}
                required
              >
                <Input
                  type="number"
                  inputMode="numeric"
                  min={SIMULATION_LIMITS.participantsMin}
                  max={SIMULATION_LIMITS.participantsMax}
                  {...form.register('participants', { valueAsNumber: true })}
                  data-testid="simulation-participants"
                />
              </FormField>
              <FormField label={t('form.speed')} error={form.message('speed')}>
                <NativeSelect.Root>
                  <NativeSelect.Field
                    {...form.register('speed', { setValueAs: (v: string) => Number(v) })}
                    data-testid="simulation-speed-start"
                  >
                    {SIMULATION_SPEEDS.map((s) => (
                      <option key={s} value={s}>
                        {t('speed', { speed: s })}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </FormField>
            </SimpleGrid>
            <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={create.isPending} data-testid="simulation-start">
              {t('form.start')}
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}

function Controls({ run }: { run: SimulationRun }) {
  const { t } = useTranslation('simulation');
  const control = useControlSimulation();
  const speed = useSimulationSpeed();
  const busy = control.isPending || speed.isPending;
  const failed = (err: unknown) => toaster.create({ type: 'error', title: t('controlFailed'), description: errorText(t, err) });
  const act = (action: 'play' | 'pause' | 'reset') => control.mutate({ id: run.id, action }, { onError: failed });
  return (
    <Stack gap="3" direction={{ base: 'column', md: 'row' }} justify="space-between" align={{ base: 'stretch', md: 'center' }}>
      <HStack gap="2" wrap="wrap">
        {run.status === 'playing' ? (
          <Button {...strong('orange')} onClick={() => act('pause')} disabled={busy} data-testid="simulation-pause">
            {t('controls.pause')}
          </Button>
        ) : (
          <Button
            {...strong('green')}
            onClick={() => act('play')}
            disabled={busy || run.status === 'finished'}
            data-testid="simulation-play"
          >
            {run.status === 'paused' ? t('controls.resume') : t('controls.play')}
          </Button>
        )}
        <Button variant="outline" onClick={() => act('reset')} disabled={busy || run.status === 'ready'} data-testid="simulation-reset">
          {t('controls.reset')}
        </Button>
      </HStack>
      <ButtonGroup size="sm" variant="outline" attached aria-label={t('controls.speed')}>
        {SIMULATION_SPEEDS.map((s) => (
          <Button
            key={s}
            aria-pressed={run.speed === s}
            variant={run.speed === s ? 'solid' : 'outline'}
            onClick={() => speed.mutate({ id: run.id, speed: s }, { onError: failed })}
            disabled={busy}
            data-testid={`simulation-speed-${String(s)}`}
          >
            {t('speed', { speed: s })}
          </Button>
        ))}
      </ButtonGroup>
    </Stack>
  );
}

function eventText(t: TFunction, e: SimulationEvent, content: TemplateContent): string {
  const step = e.stepId ? (content.steps.find((s) => s.id === e.stepId)?.title ?? e.stepId) : '';
  const inject = e.injectId ? (content.injects.find((i) => i.id === e.injectId)?.title ?? e.injectId) : '';
  return t(`events.${e.kind}`, { participant: e.participant ?? 0, step, inject });
}

function RunView({ run, receivedAt }: { run: SimulationRun; receivedAt: number }) {
  const { t, i18n } = useTranslation(['simulation', 'drills']);
  const content = useLocalisedContent(run.template);
  const elapsed = useSimulatedNow(run, receivedAt);
  const model = simulationModel(run, content);
  const percent = run.durationMs ? Math.min(100, Math.round((elapsed / run.durationMs) * 100)) : 0;
  return (
    <Stack gap="4" data-testid="simulation-run" data-run-id={run.id}>
      <Card.Root variant="outline">
        <Card.Body gap="4">
          <HStack justify="space-between" wrap="wrap" gap="3">
            <Stack gap="1" minWidth="0">
              <HStack gap="2" wrap="wrap">
                <Text fontWeight="semibold" fontSize="lg" data-testid="simulation-name">
                  {content.name}
                </Text>
                <ScenarioBadge scenario={content.scenario} />
                <StatusBadge status={run.status} />
                <Badge colorPalette="purple" variant="subtle" data-testid="simulation-marker">
                  {t('simulated')}
                </Badge>
              </HStack>
              <Text fontSize="sm" color="fg.muted">
                {t('startedBy', { name: run.startedBy, time: formatDateTime(run.createdAt, i18n.resolvedLanguage) })}
              </Text>
            </Stack>
            <Stack gap="0" align="flex-end">
              <Text fontSize="3xl" fontFamily="mono" fontWeight="bold" dir="ltr" data-testid="simulation-clock" aria-live="off">
                {simulationClock(elapsed)}
              </Text>
              <Text fontSize="xs" color="fg.muted" dir="ltr">
                / {simulationClock(run.durationMs)}
              </Text>
            </Stack>
          </HStack>
          <Progress.Root value={percent} size="sm" aria-label={t('progress')}>
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
          <Controls run={run} />
          <SimpleGrid columns={{ base: 1, sm: 3 }} gap="2">
            <Text fontSize="sm" data-testid="simulation-checked-in">
              {t('summary.checkedIn', { n: model.checkedIn, total: run.participants })}
            </Text>
            <Text fontSize="sm" data-testid="simulation-steps-done">
              {t('summary.steps', { n: model.stepsCompleted, total: model.steps.length })}
            </Text>
            <Text fontSize="sm" data-testid="simulation-injects-done">
              {t('summary.injects', { n: model.injectsAcknowledged, total: model.injects.length })}
            </Text>
          </SimpleGrid>
        </Card.Body>
      </Card.Root>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        <Panel id="simulation-participants-title" title={t('panels.participants')} testId="simulation-participants-panel">
          <Stack as="ul" gap="1" listStyleType="none">
            {model.participants.map((p) => (
              <HStack
                as="li"
                key={p.number}
                justify="space-between"
                gap="2"
                data-testid="simulation-participant"
                data-present={p.checkedInAtMs !== null}
              >
                <Text fontSize="sm">
                  {t('participant', { n: p.number })}
                  {p.positionId ? ` · ${positionName(content.positions, p.positionId) ?? ''}` : ''}
                </Text>
                {p.checkedInAtMs !== null ? (
                  <Badge colorPalette="green">{t('checkedInAt', { time: simulationClock(p.checkedInAtMs) })}</Badge>
                ) : (
                  <Badge variant="outline">{t('notCheckedIn')}</Badge>
                )}
              </HStack>
            ))}
          </Stack>
        </Panel>
        <Panel id="simulation-steps-title" title={t('panels.steps')} testId="simulation-steps-panel">
          <Stack as="ol" gap="1" listStyleType="none">
            {model.steps.map((s) => (
              <HStack as="li" key={s.id} justify="space-between" gap="2" data-testid="simulation-step" data-status={s.status}>
                <Text fontSize="sm" minWidth="0">
                  {s.title}
                </Text>
                <Badge colorPalette={s.status === 'completed' ? 'green' : s.status === 'in_progress' ? 'orange' : 'gray'} flexShrink={0}>
                  {t(`stepStatuses.${s.status}`)}
                </Badge>
              </HStack>
            ))}
            {model.steps.length === 0 && <Text color="fg.muted">{t('noSteps')}</Text>}
          </Stack>
        </Panel>
        <Panel id="simulation-injects-title" title={t('panels.injects')} testId="simulation-injects-panel">
          <Stack as="ul" gap="1" listStyleType="none">
            {model.injects.map((i) => (
              <HStack as="li" key={i.id} justify="space-between" gap="2" data-testid="simulation-inject">
                <Text fontSize="sm" minWidth="0">
                  {t('injectAt', { minute: i.atMinute, title: i.title })}
                </Text>
                {i.acknowledgedBy !== null ? (
                  <Badge colorPalette="green" flexShrink={0}>
                    {t('acknowledgedBy', { n: i.acknowledgedBy })}
                  </Badge>
                ) : i.publishedAtMs !== null ? (
                  <Badge colorPalette="orange" flexShrink={0}>
                    {t('published')}
                  </Badge>
                ) : (
                  <Badge variant="outline" flexShrink={0}>
                    {t('due')}
                  </Badge>
                )}
              </HStack>
            ))}
            {model.injects.length === 0 && <Text color="fg.muted">{t('noInjects')}</Text>}
          </Stack>
        </Panel>
        <Panel id="simulation-timeline-title" title={t('panels.timeline')} testId="simulation-timeline">
          {run.events.length === 0 ? (
            <Text fontSize="sm" color="fg.muted" data-testid="simulation-timeline-empty">
              {t('timelineEmpty')}
            </Text>
          ) : (
            <Stack as="ol" gap="1" listStyleType="none" maxHeight="80" overflowY="auto">
              {timelineNewestFirst(run.events).map((e, i) => (
                <HStack as="li" key={`${String(e.atMs)}-${e.kind}-${String(i)}`} gap="3" align="flex-start" data-testid="simulation-event">
                  <Text fontFamily="mono" fontSize="sm" color="fg.muted" dir="ltr" flexShrink={0}>
                    {simulationClock(e.atMs)}
                  </Text>
                  <Text fontSize="sm">{eventText(t, e, content)}</Text>
                </HStack>
              ))}
            </Stack>
          )}
        </Panel>
      </SimpleGrid>
    </Stack>
  );
}

function SelectedRun({ id }: { id: string }) {
  const { t } = useTranslation('simulation');
  const run = useSimulation(id);
  if (run.isPending) return <ListSkeleton rows={2} testId="simulation-run-loading" />;
  if (run.isError)
    return <LoadError title={t('runError')} error={run.error} onRetry={() => void run.refetch()} testId="simulation-run-error" />;
  return <RunView run={run.data} receivedAt={run.dataUpdatedAt} />;
}

function RunCard({ run, selected, onSelect }: { run: SimulationRunSummary; selected: boolean; onSelect: () => void }) {
  const { t, i18n } = useTranslation('simulation');
  const tr = useLibraryText();
  return (
    <Box as="li">
      <Card.Root
        variant="outline"
        size="sm"
        borderColor={selected ? 'brand.solid' : undefined}
        borderWidth={selected ? '2px' : '1px'}
        data-testid="simulation-run-card"
      >
        <Card.Body gap="1">
          <Button
            variant="plain"
            padding="0"
            height="auto"
            justifyContent="flex-start"
            onClick={onSelect}
            aria-pressed={selected}
            whiteSpace="normal"
            textAlign="start"
          >
            {tr(run.name, run.nameText)}
          </Button>
          <HStack gap="2" wrap="wrap">
            <StatusBadge status={run.status} />
            <Text fontSize="xs" color="fg.muted">
              {t('runLine', { n: run.participants, speed: run.speed, time: formatDateTime(run.createdAt, i18n.resolvedLanguage) })}
            </Text>
          </HStack>
        </Card.Body>
      </Card.Root>
    </Box>
  );
}

/**
 * /app/admin/simulation: the drill simulation sandbox. A library template played by virtual
 * participants on a server-driven clock that anyone on the platform's staff can watch live.
 * Simulated runs are kept apart from drill runs and count nowhere.
 */
export default function SimulationPage({ pageId }: PageProps) {
  const { t } = useTranslation(['simulation', 'pages']);
  usePageTitle(pageId);
  useLiveSimulations();
  const runs = useSimulations();
  const [chosen, setChosen] = useState<string | null>(null);
  const items = runs.data?.items ?? [];
  const selected = chosen && items.some((r) => r.id === chosen) ? chosen : (items[0]?.id ?? chosen);
  return (
    <Stack gap="6" maxWidth="6xl" data-testid="simulation-page">
      <PageHeader title={t('pages:simulation.title')} subtitle={t('subtitle')} />
      <Alert.Root status="info">
        <Alert.Indicator />
        <Alert.Description>{t('isolation')}</Alert.Description>
      </Alert.Root>
      <StartForm onStarted={setChosen} />
      {runs.isPending ? (
        <ListSkeleton testId="simulation-loading" />
      ) : runs.isError ? (
        <LoadError title={t('loadError')} error={runs.error} onRetry={() => void runs.refetch()} testId="simulation-error" />
      ) : items.length === 0 ? (
        <EmptyList title={t('empty.title')} text={t('empty.text')} testId="simulation-empty" />
      ) : (
        <SimpleGrid columns={{ base: 1, lg: 4 }} gap="4" alignItems="start">
          <Stack as="ul" gap="2" listStyleType="none" gridColumn={{ lg: 'span 1' }} data-testid="simulation-runs">
            {items.map((r) => (
              <RunCard key={r.id} run={r} selected={r.id === selected} onSelect={() => setChosen(r.id)} />
            ))}
          </Stack>
          <Box gridColumn={{ lg: 'span 3' }} minWidth="0">
            {selected && <SelectedRun key={selected} id={selected} />}
          </Box>
        </SimpleGrid>
      )}
    </Stack>
  );
}
