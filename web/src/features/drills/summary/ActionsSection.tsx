import { Alert, Badge, Box, Button, Grid, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import {
  ACTION_STATUSES,
  createActionSchema,
  RUN_LIMITS,
  updateActionSchema,
  type ActionStatus,
  type CorrectiveAction,
  type DrillMember,
  type DrillSummary,
  type Observation,
} from '@muster/contracts';
import { useState, type ReactNode, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormField } from '../../../components/form/FormField';
import { formatDate } from '../../../lib/format';
import { passIssues, useMusterForm } from '../../../lib/forms';
import { useAddAction, useMembers, useUpdateAction } from '../api';
import { Section } from './parts';
import { isOverdue, localToday } from './summary-figures';
import { isolate } from '../log-text';
import { errorText } from '../../../lib/error-text';

const STATUS_PALETTE: Record<ActionStatus, string> = { open: 'gray', in_progress: 'blue', done: 'green' };
const COLUMNS = { base: 'minmax(0, 1fr)', md: 'minmax(0, 2.4fr) minmax(0, 1.2fr) minmax(0, 1.1fr) minmax(0, 0.9fr) auto' };

type DraftField = 'title' | 'ownerUserId' | 'dueDate' | 'observationId';

/** The new action's form values as the API takes them: no link is null, not an empty string. */
const draftSchema = z.custom<Record<DraftField, string>>().transform((values, ctx) => {
  const result = createActionSchema.safeParse({ ...values, observationId: values.observationId || null });
  if (result.success) return result.data;
  passIssues(ctx, result.error.issues);
  return z.NEVER;
});

const EMPTY_DRAFT: Record<DraftField, string> = { title: '', ownerUserId: '', dueDate: '', observationId: '' };

/** The form of a new corrective action, held by the page so an observation can fill it in. */
export function useActionDraft() {
  return useMusterForm(draftSchema, EMPTY_DRAFT);
}
export type ActionDraft = ReturnType<typeof useActionDraft>;

/** Fills the new action's form from an area for improvement and brings it into view. */
export function draftFromObservation(draft: ActionDraft, observation: Observation): void {
  draft.reset({ ...EMPTY_DRAFT, title: observation.note.slice(0, RUN_LIMITS.actionTitleMax), observationId: observation.id });
  requestAnimationFrame(() => {
    // The title input (its id is the form field's own, which ties it to its label).
    const input = document.querySelector<HTMLInputElement>('[data-testid="action-form"] input[name="title"]');
    input?.scrollIntoView({ block: 'center' });
    input?.focus({ preventScroll: true });
  });
}

/** Members to choose an owner from, with the current owner kept when they are no longer listed. */
function ownerOptions(members: DrillMember[] | undefined, keep?: { id: string | null; name: string }) {
  const options = (members ?? []).map((m) => ({ value: m.id, label: m.name }));
  if (keep?.id && !options.some((o) => o.value === keep.id)) options.push({ value: keep.id, label: keep.name });
  return options;
}

const excerpt = (text: string, max = 90) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * The improvement plan: each corrective action with its owner, due date and status. The lead or
 * an ADMIN/MANAGER adds actions (optionally from an area for improvement) and changes their
 * owner, due date or status until the run is approved; then the controls are gone.
 */
export function ActionsSection({
  runId,
  summary,
  canEdit,
  draft,
}: {
  runId: string;
  summary: DrillSummary;
  canEdit: boolean;
  draft: ActionDraft;
}) {
  const { t } = useTranslation(['drillSummary', 'drills']);
  const members = useMembers(canEdit);
  const improvements = summary.observations.improvements;
  const notes = new Map(improvements.map((o) => [o.id, o.note]));
  const today = localToday();
  const locked = summary.run.status === 'approved';

  return (
    <Section id="actions" title={t('sections.actions')} intro={t('actions.intro')}>
      <Stack gap="5">
        {summary.actions.length === 0 ? (
          <Text color="fg.muted" data-testid="actions-empty">
            {canEdit ? t('actions.noneYet') : t('actions.none')}
          </Text>
        ) : (
          <Box role="table" aria-label={t('sections.actions')} data-testid="action-list">
            <Grid
              role="row"
              templateColumns={COLUMNS}
              gap="3"
              paddingBlock="2"
              paddingInline="3"
              fontSize="xs"
              color="fg.muted"
              display={{ base: 'none', md: 'grid' }}
            >
              <Text role="columnheader">{t('actions.title')}</Text>
              <Text role="columnheader">{t('actions.owner')}</Text>
              <Text role="columnheader">{t('actions.due')}</Text>
              <Text role="columnheader">{t('actions.status')}</Text>
              <Box role="columnheader" minWidth={canEdit ? '16' : '0'}>
                {canEdit && <Text srOnly>{t('actions.change')}</Text>}
              </Box>
            </Grid>
            <Stack gap={{ base: '2', md: '0' }}>
              {summary.actions.map((action) => (
                <ActionRow
                  key={action.id}
                  runId={runId}
                  action={action}
                  note={action.observationId ? (notes.get(action.observationId) ?? null) : null}
                  overdue={!locked && isOverdue(action, today)}
                  canEdit={canEdit}
                  members={members.data?.items}
                />
              ))}
            </Stack>
          </Box>
        )}
        {canEdit && (
          <NewActionForm
            runId={runId}
            draft={draft}
            improvements={improvements}
            members={members.data?.items}
            membersLoading={members.isPending}
          />
        )}
      </Stack>
    </Section>
  );
}

function Cell({ label, children }: { label: string; children: ReactNode }) {
  return (
    <HStack role="cell" gap="2" justify={{ base: 'space-between', md: 'flex-start' }} align="baseline" minWidth="0">
      <Text fontSize="xs" color="fg.muted" hideFrom="md" aria-hidden="true">
        {label}
      </Text>
      <Box minWidth="0" textAlign={{ base: 'end', md: 'start' }}>
        {children}
      </Box>
    </HStack>
  );
}

function ActionRow({
  runId,
  action,
  note,
  overdue,
  canEdit,
  members,
}: {
  runId: string;
  action: CorrectiveAction;
  note: string | null;
  overdue: boolean;
  canEdit: boolean;
  members: DrillMember[] | undefined;
}) {
  const { t, i18n } = useTranslation(['drillSummary', 'drills']);
  const [editing, setEditing] = useState(false);
  return (
    <Grid
      role="row"
      templateColumns={COLUMNS}
      gap={{ base: '1.5', md: '3' }}
      alignItems="start"
      borderWidth={{ base: '1px', md: '0' }}
      borderTopWidth="1px"
      borderRadius={{ base: 'l2', md: '0' }}
      padding="3"
      data-testid="action-row"
      data-action-id={action.id}
      data-status={action.status}
      _print={{ breakInside: 'avoid' }}
    >
      <Stack role="cell" gap="0.5" minWidth="0">
        <Text fontWeight="medium" wordBreak="break-word" data-testid="action-row-title">
          <Text as="span" dir="auto">
            {action.title}
          </Text>
        </Text>
        {note !== null && (
          <Text fontSize="xs" color="fg.muted" data-testid="action-row-observation">
            {note.trim() === action.title.trim()
              ? t('actions.fromImprovement')
              : t('actions.fromObservation', { note: isolate(excerpt(note)) })}
          </Text>
        )}
      </Stack>
      <Cell label={t('actions.owner')}>
        <Text fontSize="sm" data-testid="action-row-owner">
          {action.owner.name}
        </Text>
      </Cell>
      <Cell label={t('actions.due')}>
        <HStack gap="1.5" wrap="wrap" justify={{ base: 'flex-end', md: 'flex-start' }}>
          <Text fontSize="sm" data-testid="action-row-due">
            {formatDate(action.dueDate, i18n.resolvedLanguage)}
          </Text>
          {overdue && (
            <Badge size="sm" colorPalette="red">
              {t('actions.overdue')}
            </Badge>
          )}
        </HStack>
      </Cell>
      <Cell label={t('actions.status')}>
        <Badge colorPalette={STATUS_PALETTE[action.status]} data-testid="action-row-status">
          {t(`drills:actionStatuses.${action.status}`)}
        </Badge>
      </Cell>
      <Box role="cell" display="flex" justifyContent="flex-end" minWidth={canEdit ? '16' : '0'}>
        {canEdit && !editing && (
          <Button size="xs" variant="outline" onClick={() => setEditing(true)} data-testid="action-edit" _print={{ display: 'none' }}>
            {t('actions.change')}
            <Text as="span" srOnly>
              {action.title}
            </Text>
          </Button>
        )}
      </Box>
      {canEdit && editing && (
        <Box gridColumn="1 / -1">
          <ActionEditor runId={runId} action={action} members={members} onDone={() => setEditing(false)} />
        </Box>
      )}
    </Grid>
  );
}

type EditField = 'ownerUserId' | 'dueDate' | 'status';

/** Changes an action's owner, due date or status; only what changed is sent. */
function ActionEditor({
  runId,
  action,
  members,
  onDone,
}: {
  runId: string;
  action: CorrectiveAction;
  members: DrillMember[] | undefined;
  onDone: () => void;
}) {
  const { t } = useTranslation(['drillSummary', 'drills']);
  const update = useUpdateAction(runId);
  const [refusal, setRefusal] = useState<string | null>(null);
  const original: Record<EditField, string> = { ownerUserId: action.owner.id ?? '', dueDate: action.dueDate, status: action.status };
  const changes = (v: Record<EditField, string>) => {
    const body: Record<string, string> = {};
    for (const key of Object.keys(original) as EditField[]) if (v[key] !== original[key]) body[key] = v[key];
    return body;
  };
  // Only what changed from the action as it was when the editor opened is checked and sent.
  const [schema] = useState(() =>
    z.custom<Record<EditField, string>>().transform((values, ctx) => {
      const result = updateActionSchema.safeParse(changes(values));
      if (result.success) return result.data;
      passIssues(ctx, result.error.issues);
      return z.NEVER;
    }),
  );
  const form = useMusterForm(schema, original);

  const submit = (e: SyntheticEvent) => {
    if (Object.keys(changes(form.getValues())).length === 0) {
      e.preventDefault();
      onDone();
      return;
    }
    setRefusal(null);
    void form.handleSubmit((body) =>
      update.mutate(
        { actionId: action.id, body },
        {
          // The row shows the change in place; a toast would only cover the page's controls.
          onSuccess: onDone,
          onError: (err) => {
            if (!form.setServerErrors(err)) setRefusal(errorText(t, err));
          },
        },
      ),
    )(e);
  };

  return (
    <form noValidate onSubmit={submit} data-testid="action-editor">
      <Stack gap="3" marginTop="2" padding="3" borderRadius="l2" bg="bg.muted">
        <Grid templateColumns={{ base: 'minmax(0, 1fr)', sm: 'repeat(3, minmax(0, 1fr))' }} gap="3">
          <FormField label={t('actions.owner')} error={form.message('ownerUserId')} required>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field {...form.register('ownerUserId')} data-testid="action-edit-owner">
                {ownerOptions(members, action.owner).map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
          <FormField label={t('actions.due')} error={form.message('dueDate')} required>
            <Input size="sm" type="date" {...form.register('dueDate')} data-testid="action-edit-due" />
          </FormField>
          <FormField label={t('actions.status')} error={form.message('status')} required>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field {...form.register('status')} data-testid="action-edit-status">
                {ACTION_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {t(`drills:actionStatuses.${s}`)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
        </Grid>
        {refusal && <Refusal testId="action-edit-error">{refusal}</Refusal>}
        <HStack gap="2" justify="flex-end">
          <Button size="sm" variant="ghost" onClick={onDone}>
            {t('actions.cancel')}
          </Button>
          <Button size="sm" type="submit" colorPalette="brand" loading={update.isPending} data-testid="action-edit-save">
            {t('actions.save')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}

function NewActionForm({
  runId,
  draft,
  improvements,
  members,
  membersLoading,
}: {
  runId: string;
  draft: ActionDraft;
  improvements: Observation[];
  members: DrillMember[] | undefined;
  membersLoading: boolean;
}) {
  const { t } = useTranslation(['drillSummary', 'drills']);
  const add = useAddAction(runId);
  const [refusal, setRefusal] = useState<string | null>(null);
  const submit = draft.handleSubmit((body) => {
    setRefusal(null);
    add.mutate(body, {
      // The new row appears in the list above; no toast over the form's controls.
      onSuccess: () => draft.reset(),
      onError: (err) => {
        if (!draft.setServerErrors(err)) setRefusal(errorText(t, err));
      },
    });
  });
  return (
    <form noValidate onSubmit={(e) => void submit(e)} data-testid="action-form" aria-labelledby="summary-action-form-title">
      <Stack gap="3" borderWidth="1px" borderRadius="l2" padding="4" borderStyle="dashed" _print={{ display: 'none' }}>
        <Text as="h3" fontWeight="semibold" id="summary-action-form-title">
          {t('actions.add')}
        </Text>
        <FormField label={t('actions.title')} error={draft.message('title')} required>
          <Input {...draft.register('title')} maxLength={RUN_LIMITS.actionTitleMax} dir="auto" data-testid="action-title" />
        </FormField>
        <Grid templateColumns={{ base: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' }} gap="3">
          <FormField label={t('actions.owner')} error={draft.message('ownerUserId')} required>
            <NativeSelect.Root disabled={membersLoading}>
              <NativeSelect.Field {...draft.register('ownerUserId')} data-testid="action-owner">
                <option value="">{membersLoading ? t('actions.loadingMembers') : t('actions.chooseOwner')}</option>
                {ownerOptions(members).map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
          <FormField label={t('actions.due')} error={draft.message('dueDate')} required>
            <Input type="date" {...draft.register('dueDate')} min={localToday()} data-testid="action-due" />
          </FormField>
        </Grid>
        {improvements.length > 0 && (
          <FormField label={t('actions.linkLabel')} error={draft.message('observationId')} helperText={t('actions.linkHelp')}>
            <NativeSelect.Root>
              <NativeSelect.Field {...draft.register('observationId')} data-testid="action-observation">
                <option value="">{t('actions.notLinked')}</option>
                {improvements.map((o) => (
                  <option key={o.id} value={o.id}>
                    {excerpt(o.note, 80)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
        )}
        {refusal && <Refusal testId="action-error">{refusal}</Refusal>}
        <HStack justify="flex-end">
          <Button type="submit" colorPalette="brand" loading={add.isPending} data-testid="action-submit">
            {t('actions.submit')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}

/** A refusal of the server, in the reader's language, where the change was asked for. */
export function Refusal({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <Alert.Root status="error" size="sm" data-testid={testId} role="alert">
      <Alert.Indicator />
      <Alert.Title>{children}</Alert.Title>
    </Alert.Root>
  );
}
