import { Alert, Button, Card, HStack, Input, Link, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import {
  AUDITOR_PORTAL_LIMITS,
  createEvidenceRequestSchema,
  reviewEvidenceSchema,
  type CreateEvidenceRequest,
  type EvidenceRequestView,
} from '@muster/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { z } from 'zod';
import { FormDialog } from '../../../components/FormDialog';
import { FormField } from '../../../components/form/FormField';
import { EmptyList, ListSkeleton, LoadError } from '../../../components/list';
import { toaster } from '../../../components/ui/toaster';
import { errorText } from '../../../lib/error-text';
import { formatDate, formatDateTime } from '../../../lib/format';
import { passIssues, useMusterForm } from '../../../lib/forms';
import { localDayFromToday } from '../../auditor-invites/InviteForm';
import { useAuditorRequests, useCreateRequest, useReviewRequest, useScopeRules } from './api';
import { RequestStateBadge } from './RequestStateBadge';

interface RequestDraft {
  text: string;
  ruleId: string;
  dueDate: string;
}

const requestFormSchema = z.custom<RequestDraft>().transform((d, ctx) => {
  const request: CreateEvidenceRequest = { text: d.text, dueDate: d.dueDate, ...(d.ruleId ? { ruleId: d.ruleId } : {}) };
  const parsed = createEvidenceRequestSchema.safeParse(request);
  if (parsed.success) return request;
  passIssues(ctx, parsed.error.issues);
  return z.NEVER;
});

/** Where a record of a request opens in the portal (in a preview, still as the preview). */
export function recordLink(id: string, preview: string | null): string {
  return `/auditor/evidence?record=${id}${preview ? `&preview=${preview}` : ''}`;
}

function RequestForm({ rules, onDone }: { rules: readonly string[]; onDone: () => void }) {
  const { t } = useTranslation(['auditorPortal', 'errors']);
  const create = useCreateRequest();
  const [failure, setFailure] = useState<unknown>(null);
  const form = useMusterForm(requestFormSchema, { text: '', ruleId: '', dueDate: localDayFromToday(14) });
  const submit = form.handleSubmit((body) => {
    setFailure(null);
    create.mutate(body, {
      onSuccess: () => {
        toaster.create({ type: 'success', title: t('requests.created') });
        onDone();
      },
      onError: (err) => {
        if (!form.setServerErrors(err)) setFailure(err);
      },
    });
  });
  return (
    <form noValidate onSubmit={(e) => void submit(e)} data-testid="request-form">
      <Stack gap="4">
        {failure !== null && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Description>{errorText(t, failure)}</Alert.Description>
          </Alert.Root>
        )}
        <FormField label={t('requests.text')} error={form.message('text')} required helperText={t('requests.textHelp')}>
          <Textarea
            {...form.register('text')}
            maxLength={AUDITOR_PORTAL_LIMITS.requestTextMax}
            rows={4}
            dir="auto"
            data-testid="request-text"
          />
        </FormField>
        <FormField label={t('requests.rule')} error={form.message('ruleId')}>
          <NativeSelect.Root>
            <NativeSelect.Field {...form.register('ruleId')} data-testid="request-rule">
              <option value="">{t('requests.anyRule')}</option>
              {rules.map((rule) => (
                <option key={rule} value={rule}>
                  {rule}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <FormField label={t('requests.due')} error={form.message('dueDate')} required>
          <Input
            type="date"
            {...form.register('dueDate')}
            min={localDayFromToday(0)}
            max={localDayFromToday(AUDITOR_PORTAL_LIMITS.requestDueMaxDays)}
            data-testid="request-due"
          />
        </FormField>
        <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={create.isPending} data-testid="request-submit">
          {t('requests.send')}
        </Button>
      </Stack>
    </form>
  );
}

const flagFormSchema = z.custom<{ comment: string }>().transform((d, ctx) => {
  const parsed = reviewEvidenceSchema.safeParse({ state: 'flagged', comment: d.comment });
  if (parsed.success) return { state: 'flagged' as const, comment: d.comment };
  passIssues(ctx, parsed.error.issues);
  return z.NEVER;
});

function FlagForm({ request, onDone }: { request: EvidenceRequestView; onDone: () => void }) {
  const { t } = useTranslation(['auditorPortal', 'errors']);
  const review = useReviewRequest();
  const [failure, setFailure] = useState<unknown>(null);
  const form = useMusterForm(flagFormSchema, { comment: '' });
  const submit = form.handleSubmit((body) => {
    setFailure(null);
    review.mutate(
      { id: request.id, body },
      {
        onSuccess: () => {
          toaster.create({ type: 'success', title: t('requests.flaggedDone') });
          onDone();
        },
        onError: (err) => {
          if (!form.setServerErrors(err)) setFailure(err);
        },
      },
    );
  });
  return (
    <form noValidate onSubmit={(e) => void submit(e)} data-testid="request-flag-form">
      <Stack gap="4">
        {failure !== null && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Description>{errorText(t, failure)}</Alert.Description>
          </Alert.Root>
        )}
        <FormField label={t('requests.comment')} error={form.message('comment')} required>
          <Textarea
            {...form.register('comment')}
            maxLength={AUDITOR_PORTAL_LIMITS.commentMax}
            rows={3}
            dir="auto"
            data-testid="request-comment"
          />
        </FormField>
        <Button type="submit" colorPalette="orange" alignSelf="flex-start" loading={review.isPending} data-testid="request-flag-submit">
          {t('requests.flag')}
        </Button>
      </Stack>
    </form>
  );
}

function RequestCard({ request, preview }: { request: EvidenceRequestView; preview: string | null }) {
  const { t, i18n } = useTranslation(['auditorPortal', 'errors']);
  const language = i18n.resolvedLanguage;
  const review = useReviewRequest();
  return (
    <Card.Root variant="outline" as="li" data-testid={`request-${request.id}`}>
      <Card.Body gap="2">
        <HStack justify="space-between" align="flex-start" gap="3" wrap="wrap">
          <Text fontWeight="semibold" dir="auto" whiteSpace="pre-wrap" minWidth="0" flex="1">
            {request.text}
          </Text>
          <RequestStateBadge request={request} ns="auditorPortal" />
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          {request.ruleId ? t('requests.ruleOf', { rule: request.ruleId }) : t('requests.noRule')}
          {' · '}
          {t('requests.dueOn', { date: formatDate(request.dueDate, language) })}
          {' · '}
          {t('requests.askedOn', { date: formatDateTime(request.createdAt, language) })}
        </Text>
        {request.submittedAt && (
          <Stack gap="1" borderStartWidth="3px" borderColor="purple.solid" paddingStart="3">
            <Text fontSize="sm">
              {t('requests.answered', { name: request.submittedBy ?? '', date: formatDateTime(request.submittedAt, language) })}
            </Text>
            {request.note && (
              <Text fontSize="sm" dir="auto" whiteSpace="pre-wrap">
                {request.note}
              </Text>
            )}
            {request.evidence.length > 0 && (
              <Stack as="ul" listStyleType="none" gap="0.5" data-testid="request-evidence">
                {request.evidence.map((record) => (
                  <li key={record.id}>
                    <Link asChild fontSize="sm">
                      <RouterLink to={recordLink(record.id, preview)}>
                        <Text as="span" dir="auto">
                          {record.title}
                        </Text>
                      </RouterLink>
                    </Link>
                  </li>
                ))}
              </Stack>
            )}
          </Stack>
        )}
        {request.reviewComment && request.state === 'flagged' && (
          <Text fontSize="sm" color="fg.warning" dir="auto">
            {t('requests.yourComment', { comment: request.reviewComment })}
          </Text>
        )}
        {!preview && request.state === 'submitted' && (
          <Stack gap="2">
            {review.error && (
              <Text color="fg.error" fontSize="sm" role="alert">
                {errorText(t, review.error)}
              </Text>
            )}
            <HStack gap="2" wrap="wrap">
              <Button
                size="xs"
                colorPalette="green"
                loading={review.isPending}
                data-testid="request-accept"
                onClick={() =>
                  review.mutate(
                    { id: request.id, body: { state: 'accepted' } },
                    { onSuccess: () => toaster.create({ type: 'success', title: t('requests.acceptedDone') }) },
                  )
                }
              >
                {t('requests.accept')}
              </Button>
              <FormDialog
                trigger={
                  <Button size="xs" variant="outline" colorPalette="orange" data-testid="request-flag">
                    {t('requests.flag')}
                  </Button>
                }
                title={t('requests.flagHeading')}
                testId="request-flag-dialog"
                closeLabel={t('requests.close')}
              >
                {(close) => <FlagForm request={request} onDone={close} />}
              </FormDialog>
            </HStack>
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/**
 * The auditor's evidence requests: what they asked for, its state and due date, the records the
 * organisation attached (links into the portal); a new request, and accepting or flagging an
 * answer. In an ADMIN's preview (`preview` = the invite) everything is shown and nothing written.
 */
export default function AuditorRequestsPanel({ preview = null }: { preview?: string | null; readOnly?: boolean }) {
  const { t } = useTranslation('auditorPortal');
  const requests = useAuditorRequests(preview);
  const rules = useScopeRules(preview);
  const newButton = (
    <Button colorPalette="brand" size="sm" data-testid="request-open">
      {t('requests.new')}
    </Button>
  );
  const dialog = !preview && (
    <FormDialog trigger={newButton} title={t('requests.heading')} testId="request-dialog" closeLabel={t('requests.close')}>
      {(close) =>
        rules.isPending ? (
          <ListSkeleton rows={2} />
        ) : rules.isError ? (
          <LoadError title={t('requests.scopeError')} error={rules.error} onRetry={() => void rules.refetch()} />
        ) : (
          <RequestForm rules={rules.data} onDone={close} />
        )
      }
    </FormDialog>
  );
  return (
    <Stack gap="4" data-testid="auditor-requests-panel">
      <HStack justify="space-between" align="flex-start" gap="3" wrap="wrap">
        <Text color="fg.muted" fontSize="sm" maxWidth="2xl">
          {t('requests.intro')}
        </Text>
        {requests.isSuccess && requests.data.items.length > 0 && dialog}
      </HStack>
      {requests.isPending ? (
        <ListSkeleton testId="requests-loading" />
      ) : requests.isError ? (
        <LoadError title={t('requests.error')} error={requests.error} onRetry={() => void requests.refetch()} testId="requests-error" />
      ) : requests.data.items.length === 0 ? (
        <EmptyList title={t('requests.emptyTitle')} text={t('requests.empty')} action={dialog || undefined} testId="requests-empty" />
      ) : (
        <Stack as="ul" listStyleType="none" gap="3" data-testid="requests-list">
          {requests.data.items.map((request) => (
            <RequestCard key={request.id} request={request} preview={preview} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
