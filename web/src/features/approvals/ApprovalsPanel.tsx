import { Badge, Button, Card, HStack, Stack, Tabs, Text, Textarea } from '@chakra-ui/react';
import {
  APPROVAL_KINDS,
  APPROVAL_STATUSES,
  type Approval,
  type ApprovalKind,
  type ApprovalQuery,
  type ApprovalStatus,
} from '@muster/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyList, ListSkeleton, LoadError, SelectField } from '../../components/list';
import { toaster } from '../../components/ui/toaster';
import { errorText } from '../../lib/error-text';
import { formatDateTime } from '../../lib/format';
import { useSignedInSession } from '../auth/signed-in-session';
import { useApprovals, useDecide, useLiveApprovals, useReview } from './api';

type View = 'pending' | 'history' | 'break_glass';

const STATUS_PALETTE: Record<ApprovalStatus, string> = {
  pending: 'yellow',
  approved: 'green',
  rejected: 'gray',
  expired: 'gray',
  failed: 'red',
  break_glass: 'red',
};

function ApprovalCard({ approval }: { approval: Approval }) {
  const { t, i18n } = useTranslation('approvals');
  const session = useSignedInSession();
  const decide = useDecide();
  const review = useReview();
  const [note, setNote] = useState('');
  const mine = approval.requestedBy.id === session.user.id;
  const act = (decision: 'approve' | 'reject') =>
    decide.mutate(
      { id: approval.id, decision, body: { note } },
      {
        onSuccess: (done) => toaster.create({ type: 'success', title: t(`decided.${done.status}`, { subject: done.subject }) }),
        onError: (err) => toaster.create({ type: 'error', title: errorText(t, err) }),
      },
    );
  const when = (iso: string) => formatDateTime(iso, i18n.language);
  return (
    <Card.Root as="li" variant="outline" data-testid="approval-card" data-id={approval.id} data-status={approval.status}>
      <Card.Body gap="2">
        <HStack justify="space-between" align="start" wrap="wrap" gap="2">
          <Stack gap="0.5" minWidth="0">
            <Text fontWeight="semibold">{t(`kinds.${approval.kind}`)}</Text>
            <Text dir="auto" wordBreak="break-word" data-testid="approval-subject">
              {approval.subject}
            </Text>
          </Stack>
          <Badge colorPalette={STATUS_PALETTE[approval.status]} data-testid="approval-status">
            {t(`statuses.${approval.status}`)}
          </Badge>
        </HStack>
        <Text fontSize="sm" dir="auto">
          {approval.breakGlass ? t('card.justification', { text: approval.reason }) : t('card.reason', { text: approval.reason })}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {t('card.requested', { name: approval.requestedBy.name, when: when(approval.createdAt) })}
        </Text>
        {approval.status === 'pending' && (
          <Text fontSize="sm" color="fg.muted">
            {t('card.expires', { when: when(approval.expiresAt) })}
          </Text>
        )}
        {approval.decidedBy && !approval.breakGlass && approval.decidedAt && (
          <Text fontSize="sm" color="fg.muted" data-testid="approval-decided-by">
            {t('card.decided', { name: approval.decidedBy.name, when: when(approval.decidedAt) })}
            {approval.decisionNote ? ` — ${approval.decisionNote}` : ''}
          </Text>
        )}
        {approval.failure && (
          <Text fontSize="sm" color="fg.error">
            {t('card.failed', { reason: t(`errors:${approval.failure}`, { defaultValue: approval.failure }) })}
          </Text>
        )}
        {approval.breakGlass &&
          (approval.reviewedBy && approval.reviewedAt ? (
            <Text fontSize="sm" color="fg.muted">
              {t('card.reviewed', { name: approval.reviewedBy.name, when: when(approval.reviewedAt) })}
            </Text>
          ) : mine ? (
            <Text fontSize="sm" color="fg.muted">
              {t('card.awaitingReview')}
            </Text>
          ) : (
            <Button
              size="sm"
              alignSelf="flex-start"
              variant="outline"
              loading={review.isPending}
              onClick={() => review.mutate(approval.id, { onError: (err) => toaster.create({ type: 'error', title: errorText(t, err) }) })}
              data-testid="approval-review"
            >
              {t('actions.review')}
            </Button>
          ))}
        {approval.status === 'pending' &&
          (mine ? (
            <Text fontSize="sm" color="fg.muted" data-testid="approval-own">
              {t('card.own')}
            </Text>
          ) : null)}
        {approval.status === 'pending' && (
          <Stack gap="2">
            {!mine && (
              <Textarea
                size="sm"
                rows={2}
                value={note}
                onChange={(e) => setNote(e.currentTarget.value)}
                placeholder={t('card.notePlaceholder')}
                aria-label={t('card.note')}
                dir="auto"
                data-testid="approval-note"
              />
            )}
            <HStack gap="2" wrap="wrap">
              <Button
                size="sm"
                colorPalette="green"
                disabled={mine}
                loading={decide.isPending && decide.variables.decision === 'approve'}
                onClick={() => act('approve')}
                data-testid="approval-approve"
              >
                {t('actions.approve')}
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={mine}
                loading={decide.isPending && decide.variables.decision === 'reject'}
                onClick={() => act('reject')}
                data-testid="approval-reject"
              >
                {t('actions.reject')}
              </Button>
            </HStack>
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function ApprovalList({ query, empty }: { query: ApprovalQuery; empty: { title: string; text: string } }) {
  const { t } = useTranslation('approvals');
  const list = useApprovals(query);
  if (list.isPending) return <ListSkeleton testId="approvals-loading" />;
  if (list.isError)
    return <LoadError title={t('loadError')} error={list.error} onRetry={() => void list.refetch()} testId="approvals-error" />;
  if (list.data.items.length === 0) return <EmptyList title={empty.title} text={empty.text} testId="approvals-empty" />;
  return (
    <Stack as="ul" gap="3" listStyleType="none" data-testid="approvals-list">
      {list.data.items.map((a) => (
        <ApprovalCard key={a.id} approval={a} />
      ))}
    </Stack>
  );
}

/** The approvals in three tabs (pending, history, break-glass), each with its filters; live. */
export function ApprovalsPanel({ initialView = 'pending' }: { initialView?: View }) {
  const { t } = useTranslation('approvals');
  useLiveApprovals();
  const [view, setView] = useState<View>(initialView);
  const [kind, setKind] = useState<ApprovalKind | ''>('');
  const [status, setStatus] = useState<ApprovalStatus | ''>('');
  const [unreviewed, setUnreviewed] = useState<'' | 'true'>('');
  const kindOptions = [{ value: '', label: t('filters.allKinds') }, ...APPROVAL_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))];
  const statusOptions = [
    { value: '', label: t('filters.allStatuses') },
    ...APPROVAL_STATUSES.filter((s) => s !== 'pending' && s !== 'break_glass').map((s) => ({ value: s, label: t(`statuses.${s}`) })),
  ];
  const base = kind ? { kind } : {};
  return (
    <Tabs.Root value={view} onValueChange={(d) => setView(d.value as View)} variant="line" lazyMount data-testid="approvals-tabs">
      <Tabs.List flexWrap="wrap">
        <Tabs.Trigger value="pending" data-testid="approvals-tab-pending">
          {t('tabs.pending')}
        </Tabs.Trigger>
        <Tabs.Trigger value="history" data-testid="approvals-tab-history">
          {t('tabs.history')}
        </Tabs.Trigger>
        <Tabs.Trigger value="break_glass" data-testid="approvals-tab-glass">
          {t('tabs.breakGlass')}
        </Tabs.Trigger>
      </Tabs.List>
      <HStack gap="3" wrap="wrap" marginTop="4" align="end">
        <SelectField
          label={t('filters.kind')}
          value={kind}
          onChange={(v) => setKind(v as ApprovalKind | '')}
          options={kindOptions}
          testId="approvals-filter-kind"
        />
        {view === 'history' && (
          <SelectField
            label={t('filters.status')}
            value={status}
            onChange={(v) => setStatus(v as ApprovalStatus | '')}
            options={statusOptions}
          />
        )}
        {view === 'break_glass' && (
          <SelectField
            label={t('filters.review')}
            value={unreviewed}
            onChange={(v) => setUnreviewed(v as '' | 'true')}
            options={[
              { value: '', label: t('filters.allGlass') },
              { value: 'true', label: t('filters.unreviewed') },
            ]}
          />
        )}
      </HStack>
      <Tabs.Content value="pending">
        <ApprovalList query={{ view: 'pending', ...base }} empty={{ title: t('empty.pending.title'), text: t('empty.pending.text') }} />
      </Tabs.Content>
      <Tabs.Content value="history">
        <ApprovalList
          query={{ view: 'history', ...base, ...(status ? { status } : {}) }}
          empty={{ title: t('empty.history.title'), text: t('empty.history.text') }}
        />
      </Tabs.Content>
      <Tabs.Content value="break_glass">
        <ApprovalList
          query={{ view: 'break_glass', ...base, ...(unreviewed ? { unreviewed } : {}) }}
          empty={{ title: t('empty.glass.title'), text: t('empty.glass.text') }}
        />
      </Tabs.Content>
    </Tabs.Root>
  );
}
