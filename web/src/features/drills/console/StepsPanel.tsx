import { Badge, Box, Button, Checkbox, Collapsible, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import {
  type DrillStep,
  type DrillTimer,
  type LinkedStep,
  type RunPermissions,
  type RunStep,
  type StepStatus,
  type TemplateContent,
} from '@muster/contracts';
import { memo, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatClock, STEP_STATUS_PALETTE } from '../vocab';
import type { ConsoleRun } from './console-state';
import { isolate } from '../log-text';
import { useDrillElapsed } from './drill-clock';
import { Hint, positionName, Section, strong, useRefusalToast } from './parts';
import type { ConsoleApi, ConnectionState } from './useConsole';
import { LinkedSopStep, sopRefsOf, useSopSteps } from '../../sops/drill-links';

type StepChange = Parameters<ConsoleApi['step']>[1];

/** A running step's time: drill time since it started, against the minutes expected. */
function RunningStepTime({
  timer,
  startedMs,
  expectedMinutes,
  offsetMs,
}: {
  timer: DrillTimer;
  startedMs: number;
  expectedMinutes: number;
  offsetMs: number;
}) {
  const { t } = useTranslation(['drillConsole', 'drills']);
  const elapsed = useDrillElapsed(timer, offsetMs);
  const running = Math.max(0, elapsed - startedMs);
  const over = running > expectedMinutes * 60_000;
  return (
    <Text fontSize="sm" color={over ? 'red.fg' : 'blue.fg'} fontWeight="medium" data-testid="step-running" data-over={over}>
      {t('steps.running', { time: formatClock(running), expected: t('drills:units.minutes', { count: expectedMinutes }) })}
    </Text>
  );
}

/** A step's time: running, or how long it took against what was expected (red when over). */
function StepTiming({
  timer,
  step,
  definition,
  offsetMs,
}: {
  timer: DrillTimer | null;
  step: RunStep;
  definition: DrillStep;
  offsetMs: number;
}) {
  const { t } = useTranslation(['drillConsole', 'drills']);
  if (step.status === 'in_progress' && step.startedElapsedMs !== null && timer) {
    return (
      <RunningStepTime timer={timer} startedMs={step.startedElapsedMs} expectedMinutes={definition.expectedMinutes} offsetMs={offsetMs} />
    );
  }
  if (step.status === 'done' && step.startedElapsedMs !== null && step.completedElapsedMs !== null) {
    const took = step.completedElapsedMs - step.startedElapsedMs;
    const over = took > definition.expectedMinutes * 60_000;
    const vars = { time: formatClock(took), expected: t('drills:units.minutes', { count: definition.expectedMinutes }) };
    return (
      <Text fontSize="sm" color={over ? 'red.fg' : 'green.fg'} fontWeight="medium" data-testid="step-took" data-over={over}>
        {over ? t('steps.tookOver', vars) : t('steps.took', vars)}
      </Text>
    );
  }
  return null;
}

/** The buttons that move a step, offered by its status. */
const MOVES: Record<StepStatus, StepStatus[]> = {
  pending: ['in_progress', 'done', 'skipped'],
  in_progress: ['done', 'skipped'],
  done: ['in_progress'],
  skipped: ['in_progress'],
};

function moveLabel(from: StepStatus, to: StepStatus): string {
  if (to === 'in_progress') return from === 'pending' ? 'start' : 'reopen';
  return to === 'done' ? 'done' : 'skip';
}

const StepRow = memo(function StepRow({
  positions,
  timer,
  index,
  definition,
  step,
  canChange,
  readOnly,
  offsetMs,
  onChange,
  sopStep,
}: {
  positions: TemplateContent['positions'];
  /** The drill clock, for a step in progress (null otherwise, so other steps do not redraw with it). */
  timer: DrillTimer | null;
  index: number;
  definition: DrillStep;
  step: RunStep;
  /** The member controls the drill and it is running. */
  canChange: boolean;
  /** The member does not control the drill. */
  readOnly: boolean;
  offsetMs: number;
  onChange: (stepId: string, change: StepChange) => Promise<void>;
  /** The SOP step it tests, as the SOP says it (when it links one). */
  sopStep: LinkedStep | undefined;
}) {
  const { t } = useTranslation(['drillConsole', 'drills']);
  const [pending, setPending] = useState<{ itemId?: string; checked?: boolean; status?: StepStatus } | null>(null);
  const position = positionName(positions, definition.positionId);
  const send = async (change: StepChange) => {
    setPending('item' in change ? { itemId: change.item.itemId, checked: change.item.checked } : { status: change.status });
    await onChange(definition.id, change);
    setPending(null);
  };
  const checked = new Set(step.checkedItems);
  const active = step.status === 'in_progress';
  return (
    <Box
      as="li"
      borderWidth="1px"
      borderRadius="l2"
      borderInlineStartWidth="4px"
      borderInlineStartColor={step.status === 'pending' ? 'border.emphasized' : `${STEP_STATUS_PALETTE[step.status]}.solid`}
      bg={active ? 'blue.subtle' : undefined}
      padding={{ base: '3', md: '4' }}
      data-testid={`step-${definition.id}`}
      data-status={step.status}
      data-version={step.version}
    >
      <Stack gap="2">
        <Flex gap="3" align="flex-start" justify="space-between" wrap="wrap">
          <HStack gap="3" align="flex-start" minWidth="0" flex="1">
            <Text fontWeight="bold" color="fg.muted" minWidth="6" aria-hidden="true">
              {index + 1}
            </Text>
            <Stack gap="0.5" minWidth="0">
              <Text fontWeight="semibold" fontSize="lg" wordBreak="break-word" dir="auto">
                {definition.title}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                {position
                  ? t('steps.positionExpected', {
                      position: isolate(position),
                      expected: t('drills:units.minutes', { count: definition.expectedMinutes }),
                    })
                  : t('steps.expected', { expected: t('drills:units.minutes', { count: definition.expectedMinutes }) })}
              </Text>
            </Stack>
          </HStack>
          <Badge colorPalette={STEP_STATUS_PALETTE[step.status]} size="lg" data-testid={`step-status-${definition.id}`}>
            {t(`drills:stepStatuses.${step.status}`)}
          </Badge>
        </Flex>
        <StepTiming timer={timer} step={step} definition={definition} offsetMs={offsetMs} />
        <LinkedSopStep step={sopStep} />
        {definition.instructions && (
          <Collapsible.Root>
            <Collapsible.Trigger asChild>
              <Button
                variant="plain"
                size="sm"
                paddingInline="0"
                alignSelf="flex-start"
                color="brand.fg"
                data-testid={`step-instructions-toggle-${definition.id}`}
              >
                {t('steps.instructions')}
              </Button>
            </Collapsible.Trigger>
            <Collapsible.Content>
              <Text whiteSpace="pre-wrap" wordBreak="break-word" dir="auto" fontSize="sm" paddingBlock="1">
                {definition.instructions}
              </Text>
            </Collapsible.Content>
          </Collapsible.Root>
        )}
        {definition.checklist.length > 0 && (
          <Stack as="ul" gap="0" listStyleType="none" aria-label={t('steps.checklist', { step: isolate(definition.title) })}>
            {definition.checklist.map((item) => {
              const mine = pending?.itemId === item.id;
              const isChecked = mine ? Boolean(pending.checked) : checked.has(item.id);
              return (
                <Box as="li" key={item.id}>
                  <Checkbox.Root
                    size="lg"
                    checked={isChecked}
                    readOnly={readOnly}
                    disabled={!readOnly && (!canChange || pending !== null)}
                    onCheckedChange={(e) => void send({ item: { itemId: item.id, checked: e.checked === true } })}
                    paddingBlock="2"
                    width="full"
                    alignItems="flex-start"
                    data-testid={`item-${definition.id}-${item.id}`}
                    data-checked={isChecked}
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label fontWeight="normal" dir="auto" wordBreak="break-word">
                      {item.text}
                    </Checkbox.Label>
                  </Checkbox.Root>
                </Box>
              );
            })}
          </Stack>
        )}
        {canChange && (
          <Flex gap="2" wrap="wrap">
            {MOVES[step.status].map((to) => {
              const label = moveLabel(step.status, to);
              return (
                <Button
                  key={to}
                  size="md"
                  minHeight="11"
                  variant={to === 'done' && active ? 'solid' : 'outline'}
                  colorPalette={to === 'done' ? 'green' : to === 'skipped' ? 'orange' : 'blue'}
                  {...(to === 'done' && active ? strong('green') : {})}
                  disabled={pending !== null}
                  loading={pending?.status === to}
                  onClick={() => void send({ status: to })}
                  data-testid={`step-${label}-${definition.id}`}
                >
                  {t(`steps.${label}`)}
                </Button>
              );
            })}
          </Flex>
        )}
        {step.updatedBy && (
          <Text fontSize="xs" color="fg.muted">
            {t('steps.updatedBy', { name: isolate(step.updatedBy.name) })}
          </Text>
        )}
      </Stack>
    </Box>
  );
});

export const StepsPanel = memo(function StepsPanel({
  run,
  steps,
  you,
  connection,
  offsetMs,
  step,
}: {
  run: ConsoleRun;
  steps: Record<string, RunStep>;
  you: RunPermissions;
  connection: ConnectionState;
  offsetMs: number;
  step: ConsoleApi['step'];
}) {
  const { t } = useTranslation(['drillConsole', 'drills']);
  const refused = useRefusalToast();
  const canChange = you.control && run.status === 'in_progress' && connection === 'live';
  const definitions = run.template.steps;
  const sopSteps = useSopSteps(sopRefsOf(run.template));
  const done = definitions.filter((d) => steps[d.id]?.status === 'done').length;
  const skipped = definitions.filter((d) => steps[d.id]?.status === 'skipped').length;

  const onChange = useCallback(
    async (stepId: string, change: StepChange) => {
      const answer = await step(stepId, change);
      if (answer.ok) return;
      if (answer.reason === 'drillRun.stepConflict') {
        refused(answer, t('steps.conflict', { name: isolate(String(answer.params.name)) }));
        return;
      }
      refused(answer);
    },
    [step, refused, t],
  );

  return (
    <Section
      id="console-steps"
      title={t('steps.title')}
      testId="console-steps"
      aside={
        <Text fontSize="sm" color="fg.muted" data-testid="steps-progress">
          {skipped > 0
            ? t('steps.progressSkipped', { done, total: definitions.length, skipped })
            : t('steps.progress', { done, total: definitions.length })}
        </Text>
      }
    >
      <Stack gap="3">
        {you.control && run.status === 'scheduled' && <Hint>{t('steps.startFirst')}</Hint>}
        {you.control && run.status === 'paused' && <Hint testId="steps-paused">{t('steps.pausedHint')}</Hint>}
        <Stack as="ol" gap="3" listStyleType="none">
          {definitions.map((definition, index) => {
            const state = steps[definition.id];
            if (!state) return null;
            return (
              <StepRow
                key={definition.id}
                positions={run.template.positions}
                timer={state.status === 'in_progress' ? run.timer : null}
                index={index}
                definition={definition}
                step={state}
                canChange={canChange}
                readOnly={!you.control}
                offsetMs={offsetMs}
                onChange={onChange}
                sopStep={definition.sopLink ? sopSteps.get(`${definition.sopLink.sopId}:${definition.sopLink.stepId}`) : undefined}
              />
            );
          })}
        </Stack>
      </Stack>
    </Section>
  );
});
