import { Alert, Button, Input, NativeSelect, Stack, Textarea } from '@chakra-ui/react';
import { APPROVAL_KINDS, APPROVAL_RULES, type Approval } from '@muster/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/FormDialog';
import { FormField } from '../../components/form/FormField';
import { toaster } from '../../components/ui/toaster';
import { errorText } from '../../lib/error-text';
import { useMusterForm, type MusterForm } from '../../lib/forms';
import { formatDate } from '../../lib/format';
import { useBreakGlass, useHeldEvidence, useOrganizations, usePlatformAccounts, useRequestApproval } from './api';
import type { z } from 'zod';
import { approvalFormSchema, EMPTY_APPROVAL_FORM, KIND_FIELDS, type ApprovalFormValues } from './payload';

type ApprovalFormSchema = ReturnType<typeof approvalFormSchema>;

/**
 * Asks for an approval (or, with `breakGlass`, runs the action at once with a justification): the
 * kind, what it acts on, and why.
 */
function RequestForm({ breakGlass, onDone }: { breakGlass: boolean; onDone: (approval: Approval) => void }) {
  const { t } = useTranslation(['approvals', 'common']);
  const schema = useMemo(() => approvalFormSchema(), []);
  const form = useMusterForm(schema, { ...EMPTY_APPROVAL_FORM });
  const kind = form.watch('kind');
  const fields = KIND_FIELDS[kind];
  const orgId = form.watch('orgId');
  const organizations = useOrganizations(fields.includes('orgId'));
  const accounts = usePlatformAccounts(fields.includes('userId'));
  const request = useRequestApproval();
  const glass = useBreakGlass();
  const [failure, setFailure] = useState<string | null>(null);
  const onError = (err: unknown) => {
    if (!form.setServerErrors(err, (path) => (path === 'justification' ? 'reason' : path.replace(/^payload\./, ''))))
      setFailure(errorText(t, err));
  };
  const submit = form.handleSubmit(({ payload, text }) => {
    setFailure(null);
    if (breakGlass) glass.mutate({ payload, justification: text }, { onSuccess: onDone, onError });
    else request.mutate({ payload, reason: text }, { onSuccess: onDone, onError });
  });
  const prefix = breakGlass ? 'glass' : 'request';
  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid={`approval-${prefix}-form`}>
      <Stack gap="4">
        {breakGlass && (
          <Alert.Root status="warning">
            <Alert.Indicator />
            <Alert.Description>{t('glass.warning')}</Alert.Description>
          </Alert.Root>
        )}
        {failure && (
          <Alert.Root status="error" data-testid="approval-form-error">
            <Alert.Indicator />
            <Alert.Description>{failure}</Alert.Description>
          </Alert.Root>
        )}
        <FormField label={t('form.kind')} error={form.message('kind')} required>
          <NativeSelect.Root>
            <NativeSelect.Field {...form.register('kind')} data-testid="approval-kind">
              {APPROVAL_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`kinds.${k}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        {fields.includes('orgId') && (
          <FormField label={t('form.organization')} error={form.message('orgId')} required>
            <NativeSelect.Root>
              <NativeSelect.Field {...form.register('orgId')} data-testid="approval-org">
                <option value="">{organizations.isPending ? t('common:list.loading') : t('form.chooseOrganization')}</option>
                {(organizations.data ?? []).map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.name}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
        )}
        {fields.includes('userId') && (
          <FormField label={t('form.account')} error={form.message('userId')} required>
            <NativeSelect.Root>
              <NativeSelect.Field {...form.register('userId')} data-testid="approval-user">
                <option value="">{t('form.chooseAccount')}</option>
                {(accounts.data?.items ?? []).map((a) => (
                  <option key={a.id} value={a.id}>
                    {t('form.accountOption', { name: a.name, email: a.email, role: t(`common:roles.${a.role}`, { defaultValue: a.role }) })}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
        )}
        {fields.includes('role') && (
          <FormField label={t('form.role')} error={form.message('role')} required>
            <NativeSelect.Root>
              <NativeSelect.Field {...form.register('role')} data-testid="approval-role">
                <option value="DEPUTY_ADMIN">{t('common:roles.DEPUTY_ADMIN')}</option>
                <option value="ROOT_ADMIN">{t('common:roles.ROOT_ADMIN')}</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
        )}
        {fields.includes('amount') && (
          <FormField
            label={t('form.amount')}
            error={form.message('amount')}
            helperText={t('form.amountHelp', { amount: APPROVAL_RULES.creditThresholdCents / 100 })}
            required
          >
            <Input {...form.register('amount')} inputMode="decimal" dir="ltr" data-testid="approval-amount" />
          </FormField>
        )}
        {fields.includes('confirmName') && (
          <FormField label={t('form.confirmName')} error={form.message('confirmName')} required>
            <Input {...form.register('confirmName')} dir="auto" autoComplete="off" data-testid="approval-confirm-name" />
          </FormField>
        )}
        {fields.includes('evidenceId') && <HeldRecordField form={form} orgId={orgId} />}
        <FormField label={breakGlass ? t('form.justification') : t('form.reason')} error={form.message('reason')} required>
          <Textarea {...form.register('reason')} rows={3} maxLength={APPROVAL_RULES.reasonMax} dir="auto" data-testid="approval-reason" />
        </FormField>
        <Button
          type="submit"
          colorPalette={breakGlass ? 'red' : 'brand'}
          alignSelf="flex-start"
          loading={request.isPending || glass.isPending}
          data-testid={`approval-${prefix}-submit`}
        >
          {breakGlass ? t('glass.submit') : t('form.submit')}
        </Button>
      </Stack>
    </form>
  );
}

/** The held record a release names, chosen from the organisation's records under an active hold. */
function HeldRecordField({ form, orgId }: { form: MusterForm<ApprovalFormValues, z.output<ApprovalFormSchema>>; orgId: string }) {
  const { t, i18n } = useTranslation(['approvals', 'common']);
  const held = useHeldEvidence(orgId, true);
  // A record is chosen within one organisation: choosing another clears it.
  const { setValue } = form;
  useEffect(() => setValue('evidenceId', ''), [orgId, setValue]);
  const none = held.isSuccess && held.data.items.length === 0;
  const chosen = held.data?.items.find((r) => r.id === form.watch('evidenceId'));
  return (
    <FormField
      label={t('form.evidence')}
      error={form.message('evidenceId')}
      helperText={
        !orgId
          ? t('form.evidenceChooseOrgFirst')
          : held.isError
            ? errorText(t, held.error)
            : none
              ? t('form.evidenceNoneHeld')
              : chosen
                ? t('form.evidenceHold', {
                    reason: chosen.holdReason,
                    by: chosen.heldBy,
                    date: formatDate(chosen.heldSince.slice(0, 10), i18n.language, 'medium'),
                  })
                : t('form.evidenceHelp')
      }
      required
    >
      <NativeSelect.Root disabled={!orgId || none || held.isError}>
        <NativeSelect.Field {...form.register('evidenceId')} data-testid="approval-evidence">
          <option value="">{orgId && held.isPending ? t('common:list.loading') : t('form.chooseEvidence')}</option>
          {(held.data?.items ?? []).map((r) => (
            <option key={r.id} value={r.id}>
              {r.title}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FormField>
  );
}

export function RequestDialog({ breakGlass = false }: { breakGlass?: boolean }) {
  const { t } = useTranslation(['approvals', 'common']);
  const prefix = breakGlass ? 'glass' : 'request';
  return (
    <FormDialog
      trigger={
        <Button
          colorPalette={breakGlass ? 'red' : 'brand'}
          variant={breakGlass ? 'outline' : 'solid'}
          data-testid={`approval-${prefix}-open`}
        >
          {breakGlass ? t('glass.open') : t('form.open')}
        </Button>
      }
      title={breakGlass ? t('glass.title') : t('form.title')}
      testId={`approval-${prefix}-dialog`}
      closeLabel={t('close')}
    >
      {(close) => (
        <RequestForm
          breakGlass={breakGlass}
          onDone={(approval) => {
            toaster.create({ type: 'success', title: breakGlass ? t('glass.done') : t('form.done', { subject: approval.subject }) });
            close();
          }}
        />
      )}
    </FormDialog>
  );
}
