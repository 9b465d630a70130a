import { Alert, Button, Card, Checkbox, HStack, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import {
  AUDITOR_PORTAL_LIMITS,
  EVIDENCE_REQUEST_STATES,
  submitEvidenceRequestSchema,
  type EvidenceRequestState,
  type EvidenceRequestView,
  type SubmitEvidenceRequest,
} from '@muster/contracts';
import { useEffect, useRef, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import { FormDialog } from '../../components/FormDialog';
import { FormField } from '../../components/form/FormField';
import { EmptyList, ListSkeleton, LoadError, SelectField } from '../../components/list';
import { toaster } from '../../components/ui/toaster';
import { errorText } from '../../lib/error-text';
import { formatDate, formatDateTime } from '../../lib/format';
import { passIssues, useMusterForm } from '../../lib/forms';
import { ChoiceGroup } from '../compliance/ChoiceGroup';
import { RequestStateBadge } from '../auditor/requests/RequestStateBadge';
import { useOrgRequests, useSubmitRequest, useVaultRecords } from './api';

interface AnswerDraft {
  evidenceIds: string[];
  note: string;
}

const answerFormSchema = z.custom<AnswerDraft>().transform((d, ctx) => {
  const request: SubmitEvidenceRequest = { evidenceIds: d.evidenceIds, ...(d.note.trim() ? { note: d.note } : {}) };
  const parsed = submitEvidenceRequestSchema.safeParse(request);
  if (parsed.success) return request;
  passIssues(ctx, parsed.error.issues, (path) => (path.startsWith('evidenceIds') ? 'evidenceIds' : path));
  return z.NEVER;
});

/** Records of the vault to tick, searched by title; those already attached come first. */
function RecordPicker({ value, onChange }: { value: string[]; onChange: (ids: string[]) => void }) {
  const { t } = useTranslation('auditorInvites');
  const [q, setQ] = useState('');
  const records = useVaultRecords(q.trim(), true);
  return (
    <Stack gap="2">
      <Input
        type="search"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        placeholder={t('requests.searchRecords')}
        aria-label={t('requests.searchRecords')}
        dir="auto"
        data-testid="answer-search"
      />
      {records.isPending ? (
        <ListSkeleton rows={2} testId="answer-records-loading" />
      ) : records.isError ? (
        <LoadError title={t('requests.recordsError')} error={records.error} onRetry={() => void records.refetch()} />
      ) : records.data.items.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          {t('requests.noRecords')}
        </Text>
      ) : (
        <Stack as="ul" listStyleType="none" gap="2" maxHeight="64" overflowY="auto" data-testid="answer-records">
          {records.data.items.map((record) => (
            <li key={record.id}>
              <Checkbox.Root
                size="sm"
                alignItems="flex-start"
                checked={value.includes(record.id)}
                onCheckedChange={(e) => onChange(e.checked === true ? [...value, record.id] : value.filter((id) => id !== record.id))}
              >
                <Checkbox.HiddenInput data-testid={`answer-record-${record.title}`} />
                <Checkbox.Control />
                <Checkbox.Label>
                  <Text as="span" dir="auto">
                    {record.title}
                  </Text>
                  <Text as="span" color="fg.muted" fontSize="xs" display="block">
                    {t('requests.recordMeta', { rules: record.ruleIds.join(', '), from: record.from, to: record.to })}
                  </Text>
                </Checkbox.Label>
              </Checkbox.Root>
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function AnswerForm({ request, onDone }: { request: EvidenceRequestView; onDone: () => void }) {
  const { t } = useTranslation(['auditorInvites', 'errors']);
  const submitRequest = useSubmitRequest();
  const [failure, setFailure] = useState<unknown>(null);
  const form = useMusterForm(answerFormSchema, { evidenceIds: request.evidence.map((e) => e.id), note: request.note ?? '' });
  const submit = form.handleSubmit((body) => {
    setFailure(null);
    submitRequest.mutate(
      { id: request.id, body },
      {
        onSuccess: () => {
          toaster.create({ type: 'success', title: t('requests.submitted') });
          onDone();
        },
        onError: (err) => {
          if (!form.setServerErrors(err, (path) => (path.startsWith('evidenceIds') ? 'evidenceIds' : path))) setFailure(err);
        },
      },
    );
  });
  return (
    <form noValidate onSubmit={(e) => void submit(e)} data-testid="answer-form">
      <Stack gap="4">
        <Text dir="auto" whiteSpace="pre-wrap">
          {request.text}
        </Text>
        {failure !== null && (
          <Alert.Root status="error" data-testid="answer-error">
            <Alert.Indicator />
            <Alert.Description>{errorText(t, failure)}</Alert.Description>
          </Alert.Root>
        )}
        <ChoiceGroup legend={t('requests.records')} error={form.message('evidenceIds')} helperText={t('requests.recordsHelp')} required>
          <Controller
            control={form.control}
            name="evidenceIds"
            render={({ field }) => <RecordPicker value={field.value} onChange={field.onChange} />}
          />
        </ChoiceGroup>
        <FormField label={t('requests.note')} error={form.message('note')}>
          <Textarea {...form.register('note')} maxLength={AUDITOR_PORTAL_LIMITS.commentMax} rows={3} dir="auto" data-testid="answer-note" />
        </FormField>
        <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={submitRequest.isPending} data-testid="answer-submit">
          {t('requests.submit')}
        </Button>
      </Stack>
    </form>
  );
}

function OrgRequestCard({ request, highlighted }: { request: EvidenceRequestView; highlighted: boolean }) {
  const { t, i18n } = useTranslation('auditorInvites');
  const language = i18n.resolvedLanguage;
  const auditor = request.auditor.firm
    ? t('list.nameFirm', { name: request.auditor.name, firm: request.auditor.firm })
    : request.auditor.name;
  const ref = useRef<HTMLDivElement>(null);
  // The notification's link names the request: bring it into view once.
  useEffect(() => {
    if (highlighted) ref.current?.scrollIntoView({ block: 'center' });
  }, [highlighted]);
  return (
    <Card.Root
      ref={ref}
      variant="outline"
      as="li"
      borderColor={highlighted ? 'brand.solid' : undefined}
      borderWidth={highlighted ? '2px' : undefined}
      data-testid={`org-request-${request.id}`}
    >
      <Card.Body gap="2">
        <HStack justify="space-between" align="flex-start" gap="3" wrap="wrap">
          <Text fontWeight="semibold" dir="auto" whiteSpace="pre-wrap" minWidth="0" flex="1">
            {request.text}
          </Text>
          <RequestStateBadge request={request} ns="auditorInvites" />
        </HStack>
        <Text fontSize="sm" color="fg.muted" dir="auto">
          {t('requests.from', { auditor, date: formatDateTime(request.createdAt, language) })}
        </Text>
        <Text fontSize="sm">
          {request.ruleId ? t('requests.ruleOf', { rule: request.ruleId }) : t('requests.noRule')}
          {' · '}
          {t('requests.dueOn', { date: formatDate(request.dueDate, language) })}
        </Text>
        {request.submittedAt && (
          <Text fontSize="sm" color="fg.muted">
            {t('requests.answered', { name: request.submittedBy ?? '', date: formatDateTime(request.submittedAt, language) })}
            {' · '}
            {t('requests.attached', { count: request.evidence.length })}
          </Text>
        )}
        {request.state === 'flagged' && request.reviewComment && (
          <Text fontSize="sm" color="fg.warning" dir="auto">
            {t('requests.auditorComment', { comment: request.reviewComment })}
          </Text>
        )}
        {request.state !== 'accepted' && (
          <FormDialog
            trigger={
              <Button size="xs" colorPalette="brand" alignSelf="flex-start" data-testid="org-request-answer">
                {request.state === 'open' ? t('requests.answer') : t('requests.answerAgain')}
              </Button>
            }
            title={t('requests.answerHeading')}
            testId="answer-dialog"
            closeLabel={t('close')}
          >
            {(close) => <AnswerForm request={request} onDone={close} />}
          </FormDialog>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/**
 * The evidence vault's "Requests" tab (ADMIN): the auditors' requests to the organisation, by
 * state, each answered with records of the vault and a note (only records the auditor's scope
 * covers are accepted by the server). `?request=<id>` (the notification's link) highlights one.
 */
export default function EvidenceRequestsPanel(_props: { preview?: string | null; readOnly?: boolean }) {
  const { t } = useTranslation('auditorInvites');
  const [params] = useSearchParams();
  const [state, setState] = useState<EvidenceRequestState | null>(null);
  const requests = useOrgRequests(state);
  const highlighted = params.get('request');
  return (
    <Stack gap="4" data-testid="evidence-requests-panel">
      <HStack justify="space-between" align="flex-end" gap="3" wrap="wrap">
        <Text color="fg.muted" fontSize="sm" maxWidth="2xl">
          {t('requests.intro')}
        </Text>
        <SelectField
          label={t('requests.filter')}
          value={state ?? ''}
          onChange={(v) => setState(v === '' ? null : (v as EvidenceRequestState))}
          options={[
            { value: '', label: t('requests.allStates') },
            ...EVIDENCE_REQUEST_STATES.map((s) => ({ value: s, label: t(`requests.states.${s}`) })),
          ]}
          testId="org-requests-filter"
        />
      </HStack>
      {requests.isPending ? (
        <ListSkeleton testId="org-requests-loading" />
      ) : requests.isError ? (
        <LoadError title={t('requests.error')} error={requests.error} onRetry={() => void requests.refetch()} testId="org-requests-error" />
      ) : requests.data.items.length === 0 ? (
        <EmptyList
          title={t('requests.emptyTitle')}
          text={state ? t('requests.emptyState') : t('requests.empty')}
          testId="org-requests-empty"
        />
      ) : (
        <Stack as="ul" listStyleType="none" gap="3" data-testid="org-requests-list">
          {requests.data.items.map((request) => (
            <OrgRequestCard key={request.id} request={request} highlighted={request.id === highlighted} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
