import { Alert, Button, CloseButton, Dialog, Input, NativeSelect, Portal, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { RUN_LIMITS, updateRunSchema, type DrillRun, type DrillRunSummary, type UpdateRunRequest } from '@muster/contracts';
import { useEffect, useState } from 'react';
import { useFieldArray, useWatch, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormField } from '../../../components/form/FormField';
import { ListSkeleton, LoadError } from '../../../components/list';
import { toaster } from '../../../components/ui/toaster';
import { useMembers, useRun, useUpdateRun } from '../api';
import { RosterEditor } from '../quick-create/RosterEditor';
import { draftPath } from '../quick-create/draft';
import { rosterEntries, rowsOf, sameRoster, type RosterRow } from '../quick-create/roster';
import { localParts, localToIso } from './params';
import { passIssues, useMusterForm } from '../../../lib/forms';
import { errorText } from '../../../lib/error-text';

interface PlanValues {
  title: string;
  date: string;
  time: string;
  location: string;
  leadUserId: string;
  roster: RosterRow[];
}

function valuesOf(run: DrillRun): PlanValues {
  const { date, time } = localParts(run.scheduledAt);
  return { title: run.title, date, time, location: run.location, leadUserId: run.lead.id ?? '', roster: rowsOf(run.participants) };
}

/** Only what changed, on the version the form was opened on. */
export function planChanges(initial: PlanValues, values: PlanValues, version: number): UpdateRunRequest {
  const body: UpdateRunRequest = { version };
  if (values.title !== initial.title) body.title = values.title;
  if (values.date !== initial.date || values.time !== initial.time) body.scheduledAt = localToIso(values.date, values.time);
  if (values.location !== initial.location) body.location = values.location;
  if (values.leadUserId !== initial.leadUserId) body.leadUserId = values.leadUserId;
  if (!sameRoster(values.roster, initial.roster)) body.participants = rosterEntries(values.roster);
  return body;
}

/** The plan's changes as `updateRunSchema` checks them, each message on the field that shows it. */
function planSchema(initial: PlanValues, version: number) {
  return z.custom<PlanValues>().transform((values, ctx) => {
    const body = planChanges(initial, values, version);
    const parsed = updateRunSchema.safeParse(body);
    if (parsed.success) return body;
    passIssues(ctx, parsed.error.issues, draftPath);
    return z.NEVER;
  });
}

function PlanForm({ run, onDone }: { run: DrillRun; onDone: () => void }) {
  const { t } = useTranslation('drillRuns');
  const members = useMembers();
  const update = useUpdateRun(run.id);
  const [initial] = useState(() => valuesOf(run));
  const [schema] = useState(() => planSchema(initial, run.version));
  const form = useMusterForm(schema, initial);
  const roster = useFieldArray({ control: form.control, name: 'roster', keyName: 'fieldKey' });
  const rows = useWatch({ control: form.control, name: 'roster' });
  const leadUserId = useWatch({ control: form.control, name: 'leadUserId' });
  const [failure, setFailure] = useState<string | null>(null);

  const submit = form.handleSubmit((body) => {
    setFailure(null);
    update.mutate(body, {
      onSuccess: () => {
        toaster.create({ type: 'success', title: t('plan.saved', { title: form.getValues('title') }) });
        onDone();
      },
      onError: (err) => {
        if (!form.setServerErrors(err, draftPath)) setFailure(errorText(t, err));
      },
    });
  });

  const leads = members.data?.items ?? [];
  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="plan-form">
      <Dialog.Body>
        <Stack gap="4">
          {failure && (
            <Alert.Root status="error" data-testid="plan-error">
              <Alert.Indicator />
              <Alert.Description>{failure}</Alert.Description>
            </Alert.Root>
          )}
          {form.message('_') && (
            <Text color="fg.error" fontSize="sm">
              {form.message('_')}
            </Text>
          )}
          <FormField label={t('fields.title')} error={form.message('title')} required>
            <Input {...form.register('title')} maxLength={RUN_LIMITS.titleMax} dir="auto" data-testid="plan-title" />
          </FormField>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <FormField label={t('fields.date')} error={form.message('date')} required>
              <Input type="date" {...form.register('date')} data-testid="plan-date" />
            </FormField>
            <FormField label={t('fields.time')} required>
              {/* The time is part of the instant the date's message is about. */}
              <Input type="time" {...form.register('time', { deps: 'date' })} data-testid="plan-time" />
            </FormField>
          </SimpleGrid>
          <FormField label={t('fields.location')} error={form.message('location')} required>
            <Input {...form.register('location')} maxLength={RUN_LIMITS.locationMax} dir="auto" data-testid="plan-location" />
          </FormField>
          <FormField label={t('fields.lead')} error={form.message('leadUserId')} required>
            <NativeSelect.Root>
              <NativeSelect.Field {...form.register('leadUserId')} data-testid="plan-lead">
                {!leads.some((m) => m.id === leadUserId) && <option value={leadUserId}>{run.lead.name}</option>}
                {leads.map((m) => (
                  <option key={m.id} value={m.id}>
                    {t('roster.memberOption', { name: m.name, email: m.email })}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
          <Stack gap="2">
            <Text fontWeight="medium" fontSize="sm">
              {t('fields.roster')}
            </Text>
            {members.isError ? (
              <LoadError title={t('people.membersError')} error={members.error} onRetry={() => void members.refetch()} />
            ) : (
              <RosterEditor
                members={leads}
                positions={run.template.positions}
                rows={rows}
                list={{ append: (row) => roster.append(row, { shouldFocus: false }), remove: roster.remove, update: roster.update }}
                messageOf={(path) => form.message(draftPath(path) as FieldPath<PlanValues>)}
              />
            )}
          </Stack>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Dialog.ActionTrigger asChild>
          <Button variant="outline">{t('actions.close')}</Button>
        </Dialog.ActionTrigger>
        <Button type="submit" colorPalette="brand" loading={update.isPending} data-testid="plan-submit">
          {t('plan.submit')}
        </Button>
      </Dialog.Footer>
    </form>
  );
}

function PlanLoader({ runId, onDone }: { runId: string; onDone: () => void }) {
  const { t } = useTranslation('drillRuns');
  const run = useRun(runId);
  const { refetch } = run;
  // The plan is edited on the run as it is now, not as it was cached.
  useEffect(() => {
    void refetch();
  }, [refetch]);
  if (run.isPending || run.isFetching)
    return (
      <Dialog.Body>
        <ListSkeleton rows={2} testId="plan-loading" />
      </Dialog.Body>
    );
  if (run.isError)
    return (
      <Dialog.Body>
        <LoadError title={t('plan.loadError')} error={run.error} onRetry={() => void run.refetch()} />
      </Dialog.Body>
    );
  if (run.data.status !== 'scheduled' || !run.data.you.plan)
    return (
      <Dialog.Body>
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Description>{run.data.you.plan ? t('plan.notScheduled') : t('plan.notAllowed')}</Alert.Description>
        </Alert.Root>
      </Dialog.Body>
    );
  return <PlanForm run={run.data} onDone={onDone} />;
}

/** "Change plan": time, place, lead, roster and title of a scheduled run (its reminders move with it). */
export function PlanDialog({ run }: { run: DrillRunSummary }) {
  const { t } = useTranslation('drillRuns');
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => setOpen(e.open)}
      lazyMount
      unmountOnExit
      size={{ base: 'full', md: 'lg' }}
      scrollBehavior="inside"
    >
      <Dialog.Trigger asChild>
        <Button size="sm" variant="outline" data-testid="run-change-plan">
          {t('actions.changePlan')}
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="plan-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('plan.title')}</Dialog.Title>
            </Dialog.Header>
            <Text paddingX="6" marginTop="-2" color="fg.muted" fontSize="sm" dir="auto">
              {run.title}
            </Text>
            <PlanLoader runId={run.id} onDone={() => setOpen(false)} />
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('actions.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
