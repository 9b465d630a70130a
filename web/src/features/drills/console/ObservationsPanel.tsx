import { Alert, Badge, Box, Button, HStack, NativeSelect, RadioGroup, Stack, Text, Textarea } from '@chakra-ui/react';
import {
  consoleObservationSchema,
  OBSERVATION_KINDS,
  RUN_LIMITS,
  type AckError,
  type Observation,
  type ObservationKind,
  type RunInject,
  type RunPermissions,
  type TemplateContent,
} from '@muster/contracts';
import { memo, useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormField } from '../../../components/form/FormField';
import { passIssues, useMusterForm } from '../../../lib/forms';
import { formatClock } from '../vocab';
import type { ConsoleRun } from './console-state';
import { isolate } from '../log-text';
import { Hint, isLive, refusalText, RunSettingSwitch, Section } from './parts';
import { newClientId, type ConsoleApi, type ConnectionState, type ObservationInput } from './useConsole';

const KIND_PALETTE: Record<ObservationKind, string> = { strength: 'green', improvement: 'orange' };

type FormValues = { kind: string; note: string; link: string };

/**
 * The observation form's fields checked by the contracts' command schema: the link (a step or an
 * inject, `step:<id>` / `inject:<id>`) becomes `stepId` or `injectId`, and its issues the link's.
 */
export function observationFormSchema(runId: string, clientId: string) {
  return z.custom<FormValues>().transform((v, ctx): ObservationInput => {
    const [what, id] = v.link ? (v.link.split(':') as [string, string]) : ['', ''];
    const result = consoleObservationSchema.safeParse({
      runId,
      clientId,
      kind: v.kind || undefined,
      note: v.note,
      stepId: what === 'step' ? id : null,
      injectId: what === 'inject' ? id : null,
    });
    if (!result.success) {
      passIssues(ctx, result.error.issues, { stepId: 'link', injectId: 'link' });
      return z.NEVER;
    }
    const { kind, note, stepId, injectId } = result.data;
    return { clientId, kind, note, stepId, injectId };
  });
}

function ObservationForm({
  run,
  injects,
  you,
  connection,
  observe,
}: {
  run: ConsoleRun;
  injects: Record<string, RunInject>;
  you: RunPermissions;
  connection: ConnectionState;
  observe: ConsoleApi['observe'];
}) {
  const { t } = useTranslation(['drillConsole', 'drills']);
  // One id per observation: a retry after a lost answer is stored once.
  const [clientId, setClientId] = useState(newClientId);
  const schema = useMemo(() => observationFormSchema(run.id, clientId), [run.id, clientId]);
  const form = useMusterForm(schema, { kind: '', note: '', link: '' });
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<AckError | null>(null);
  const [saved, setSaved] = useState(false);
  const offline = connection !== 'live';
  const injectOptions = run.template.injects.filter((i) => you.control || injects[i.id]?.publishedAt);

  const submit = form.handleSubmit(async (data) => {
    setBusy(true);
    setRefusal(null);
    setSaved(false);
    const answer = await observe(data);
    setBusy(false);
    if (!answer.ok) {
      setRefusal(answer);
      return;
    }
    form.reset();
    setClientId(newClientId());
    setSaved(true);
  });

  const kindError = form.message('kind');

  return (
    <form noValidate onSubmit={(e) => void submit(e)} data-testid="observation-form">
      <Stack gap="3">
        <FormField label={t('observations.kind')} error={kindError} required>
          <Controller
            control={form.control}
            name="kind"
            render={({ field }) => (
              <RadioGroup.Root
                value={field.value || null}
                onValueChange={(e) => field.onChange(e.value ?? '')}
                name={field.name}
                data-testid="observation-kind"
                width="full"
              >
                <HStack gap="2" wrap="wrap">
                  {OBSERVATION_KINDS.map((kind, i) => (
                    <RadioGroup.Item
                      key={kind}
                      value={kind}
                      borderWidth="1px"
                      borderRadius="l2"
                      paddingInline="3"
                      minHeight="11"
                      flex="1"
                      minWidth="40"
                      cursor="pointer"
                      data-testid={`observation-kind-${kind}`}
                    >
                      <RadioGroup.ItemHiddenInput ref={i === 0 ? field.ref : undefined} onBlur={field.onBlur} />
                      <RadioGroup.ItemIndicator />
                      <RadioGroup.ItemText>{t(`drills:observationKinds.${kind}`)}</RadioGroup.ItemText>
                    </RadioGroup.Item>
                  ))}
                </HStack>
              </RadioGroup.Root>
            )}
          />
        </FormField>
        <FormField label={t('observations.note')} error={form.message('note')} required>
          <Textarea
            {...form.register('note')}
            maxLength={RUN_LIMITS.noteMax}
            rows={3}
            dir="auto"
            placeholder={t('observations.notePlaceholder')}
            data-testid="observation-note"
          />
        </FormField>
        <FormField label={t('observations.link')} error={form.message('link')}>
          <NativeSelect.Root>
            <NativeSelect.Field {...form.register('link')} data-testid="observation-link">
              <option value="">{t('observations.noLink')}</option>
              <optgroup label={t('observations.steps')}>
                {run.template.steps.map((s) => (
                  <option key={s.id} value={`step:${s.id}`}>
                    {s.title}
                  </option>
                ))}
              </optgroup>
              {injectOptions.length > 0 && (
                <optgroup label={t('observations.injects')}>
                  {injectOptions.map((i) => (
                    <option key={i.id} value={`inject:${i.id}`}>
                      {i.title}
                    </option>
                  ))}
                </optgroup>
              )}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        {refusal && (
          <Alert.Root status="error" data-testid="observation-error">
            <Alert.Indicator />
            <Alert.Title>{refusalText(t, refusal)}</Alert.Title>
          </Alert.Root>
        )}
        <HStack gap="3" wrap="wrap">
          <Button type="submit" size="lg" colorPalette="brand" loading={busy} disabled={offline} data-testid="observation-submit">
            {refusal?.code === 'timeout' ? t('observations.retry') : t('observations.submit')}
          </Button>
          {saved && (
            <Text fontSize="sm" color="green.fg" aria-live="polite" data-testid="observation-saved">
              {t('observations.saved')}
            </Text>
          )}
        </HStack>
      </Stack>
    </form>
  );
}

const ObservationItem = memo(function ObservationItem({ observation, template }: { observation: Observation; template: TemplateContent }) {
  const { t } = useTranslation(['drillConsole', 'drills']);
  const step = observation.stepId ? template.steps.find((s) => s.id === observation.stepId) : null;
  const inject = observation.injectId ? template.injects.find((i) => i.id === observation.injectId) : null;
  return (
    <Box
      as="li"
      borderWidth="1px"
      borderRadius="l2"
      padding="3"
      borderInlineStartWidth="4px"
      borderInlineStartColor={`${KIND_PALETTE[observation.kind]}.solid`}
      data-testid="observation-item"
      data-kind={observation.kind}
      data-id={observation.id}
    >
      <Stack gap="1">
        <HStack gap="2" wrap="wrap">
          <Badge colorPalette={KIND_PALETTE[observation.kind]}>{t(`drills:observationKinds.${observation.kind}`)}</Badge>
          {step && <Badge variant="outline">{t('observations.aboutStep', { step: isolate(step.title) })}</Badge>}
          {inject && <Badge variant="outline">{t('observations.aboutInject', { inject: isolate(inject.title) })}</Badge>}
        </HStack>
        <Text whiteSpace="pre-wrap" wordBreak="break-word" dir="auto">
          {observation.note}
        </Text>
        <Text fontSize="xs" color="fg.muted">
          {observation.elapsedMs === null
            ? t('observations.byBeforeStart', { name: isolate(observation.author.name) })
            : t('observations.by', { name: isolate(observation.author.name), drillTime: formatClock(observation.elapsedMs) })}
        </Text>
      </Stack>
    </Box>
  );
});

export const ObservationsPanel = memo(function ObservationsPanel({
  run,
  injects,
  observations,
  you,
  connection,
  observe,
  settings,
}: {
  run: ConsoleRun;
  injects: Record<string, RunInject>;
  observations: Observation[];
  you: RunPermissions;
  connection: ConnectionState;
  observe: ConsoleApi['observe'];
  settings: ConsoleApi['settings'];
}) {
  const { t } = useTranslation('drillConsole');
  const live = isLive(run);
  return (
    <Section
      id="console-observations"
      title={t('observations.title')}
      testId="console-observations"
      aside={
        <Text fontSize="sm" color="fg.muted">
          {t('observations.count', { n: observations.length })}
        </Text>
      }
    >
      <Stack gap="4">
        {you.control ? (
          <RunSettingSwitch
            setting="observersMayWrite"
            label={t('observations.observersMayWrite')}
            testId="setting-observers-may-write"
            run={run}
            you={you}
            connection={connection}
            settings={settings}
          />
        ) : null}
        {live && you.observe && <ObservationForm run={run} injects={injects} you={you} connection={connection} observe={observe} />}
        {live && !you.observe && <Hint testId="observations-closed">{t('observations.closed')}</Hint>}
        {run.status === 'scheduled' && <Hint>{t('observations.startFirst')}</Hint>}
        {observations.length === 0 ? (
          <Text color="fg.muted" data-testid="observations-empty">
            {t('observations.none')}
          </Text>
        ) : (
          <Stack as="ul" gap="2" listStyleType="none" data-testid="observation-list">
            {observations.map((o) => (
              <ObservationItem key={o.id} observation={o} template={run.template} />
            ))}
          </Stack>
        )}
      </Stack>
    </Section>
  );
});
