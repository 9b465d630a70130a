import { Badge, Box, Button, Card, HStack, Image, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { rejectVerificationSchema, requestInfoSchema, type VerificationCase } from '@muster/contracts';
import { useState } from 'react';
import { formatDateTime } from '../../lib/format';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../components/form/FormField';
import { EmptyList, ListSkeleton, LoadError } from '../../components/list';
import { PageHeader } from '../../components/PageHeader';
import { toaster } from '../../components/ui/toaster';
import { errorText } from '../../lib/error-text';
import { useMusterForm } from '../../lib/forms';
import type { PageProps } from '../../lib/page';
import { usePageTitle } from '../../lib/usePageTitle';
import { useSignedInSession } from '../auth/signed-in-session';
import { useCaseAction, useImageLinks, useVerificationQueue } from './api';
import { STATE_PALETTE } from './IdVerificationPage';

function TextDecision({ kind, caseId, onDone }: { kind: 'reject' | 'requestInfo'; caseId: string; onDone: () => void }) {
  const { t } = useTranslation('idVerification');
  const action = useCaseAction();
  const reject = useMusterForm(rejectVerificationSchema, { reason: '' });
  const ask = useMusterForm(requestInfoSchema, { message: '' });
  const fail = (err: unknown, setServerErrors: (e: unknown) => boolean) => {
    if (!setServerErrors(err)) toaster.create({ type: 'error', title: t('common:error.title'), description: errorText(t, err) });
  };
  if (kind === 'reject') {
    const submit = reject.handleSubmit(({ reason }) =>
      action.mutate({ kind, id: caseId, reason }, { onSuccess: onDone, onError: (err) => fail(err, reject.setServerErrors) }),
    );
    return (
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="2">
          <FormField label={t('queue.reason')} helperText={t('queue.reasonHelp')} error={reject.message('reason')} required>
            <Textarea {...reject.register('reason')} rows={2} data-testid="reject-reason" />
          </FormField>
          <Button type="submit" colorPalette="red" alignSelf="flex-start" loading={action.isPending} data-testid="reject-send">
            {t('queue.reject')}
          </Button>
        </Stack>
      </form>
    );
  }
  const submit = ask.handleSubmit(({ message }) =>
    action.mutate({ kind, id: caseId, message }, { onSuccess: onDone, onError: (err) => fail(err, ask.setServerErrors) }),
  );
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="2">
        <FormField label={t('queue.message')} helperText={t('queue.messageHelp')} error={ask.message('message')} required>
          <Textarea {...ask.register('message')} rows={2} data-testid="ask-message" />
        </FormField>
        <Button type="submit" colorPalette="orange" alignSelf="flex-start" loading={action.isPending} data-testid="ask-send">
          {t('queue.askMore')}
        </Button>
      </Stack>
    </form>
  );
}

function CaseCard({ item }: { item: VerificationCase }) {
  const { t, i18n } = useTranslation(['idVerification', 'security']);
  const when = (iso: string | null) => (iso ? formatDateTime(iso, i18n.resolvedLanguage) : '');
  const session = useSignedInSession();
  const action = useCaseAction();
  const links = useImageLinks();
  const [decision, setDecision] = useState<'reject' | 'requestInfo' | null>(null);
  const mine = item.state === 'in_review' && item.claimedBy?.id === session.user.id;
  const act = (kind: 'claim' | 'approve') =>
    action.mutate(
      { kind, id: item.id },
      {
        onSuccess: () => kind === 'approve' && toaster.create({ type: 'success', title: t('queue.approved', { name: item.member.name }) }),
        onError: (err) => toaster.create({ type: 'error', title: t('common:error.title'), description: errorText(t, err) }),
      },
    );
  return (
    <Card.Root variant="outline" data-testid="verification-case" data-state={item.state} data-email={item.member.email}>
      <Card.Body gap="3">
        <HStack justify="space-between" align="flex-start" gap="3" wrap="wrap">
          <Stack gap="0" minWidth="0">
            <Text fontWeight="semibold">
              <bdi>{item.member.name}</bdi>
            </Text>
            <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
              <bdi>{item.member.email}</bdi> · <bdi>{item.orgName}</bdi> ·{' '}
              {t(`security:roles.${item.member.role}`, { defaultValue: item.member.role })}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {item.decidedAt
                ? t('queue.decidedAt', { when: when(item.decidedAt) })
                : t('queue.submittedAt', { when: when(item.submittedAt) })}
            </Text>
          </Stack>
          <Badge colorPalette={STATE_PALETTE[item.state]} data-testid="case-state">
            {t(`states.${item.state}`)}
          </Badge>
        </HStack>
        {item.claimedBy && item.state === 'in_review' && (
          <Text fontSize="sm" data-testid="case-claimed-by">
            {mine ? t('queue.claimedByYou') : t('queue.claimedBy', { name: item.claimedBy.name })}
          </Text>
        )}
        {item.decidedBy && (
          <Text fontSize="sm" color="fg.muted">
            {t('queue.decidedBy', { name: item.decidedBy.name })}
            {item.reason ? ` — ${item.reason}` : ''}
          </Text>
        )}
        {item.state === 'submitted' && (
          <Button
            alignSelf="flex-start"
            colorPalette="brand"
            loading={action.isPending}
            onClick={() => act('claim')}
            data-testid="case-claim"
          >
            {t('queue.claim')}
          </Button>
        )}
        {mine && (
          <Stack gap="3">
            {links.data ? (
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="3" data-testid="case-images">
                {(['document', 'second'] as const).map((slot) => (
                  <Box key={slot} borderWidth="1px" borderRadius="l2" padding="2">
                    <Text fontSize="sm" mb="1">
                      {t(`slots.${slot}.title`)}
                    </Text>
                    <Image
                      src={links.data[slot]}
                      alt={t(`slots.${slot}.title`)}
                      maxHeight="80"
                      objectFit="contain"
                      data-testid={`case-image-${slot}`}
                    />
                  </Box>
                ))}
              </SimpleGrid>
            ) : (
              <Button
                alignSelf="flex-start"
                variant="outline"
                loading={links.isPending}
                onClick={() => links.mutate(item.id)}
                data-testid="case-show-images"
              >
                {t('queue.showImages')}
              </Button>
            )}
            {links.isError && (
              <Text color="fg.error" role="alert">
                {errorText(t, links.error)}
              </Text>
            )}
            <Text fontSize="xs" color="fg.muted">
              {t('queue.imagesNote')}
            </Text>
            <HStack gap="2" wrap="wrap">
              <Button colorPalette="green" loading={action.isPending} onClick={() => act('approve')} data-testid="case-approve">
                {t('queue.approve')}
              </Button>
              <Button
                variant={decision === 'reject' ? 'subtle' : 'outline'}
                colorPalette="red"
                onClick={() => setDecision('reject')}
                data-testid="case-reject"
              >
                {t('queue.reject')}
              </Button>
              <Button
                variant={decision === 'requestInfo' ? 'subtle' : 'outline'}
                colorPalette="orange"
                onClick={() => setDecision('requestInfo')}
                data-testid="case-ask"
              >
                {t('queue.askMore')}
              </Button>
            </HStack>
            {decision && <TextDecision key={decision} kind={decision} caseId={item.id} onDone={() => setDecision(null)} />}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/** /app/sysops/id-verification (SYSOPS and above): the queue, oldest first, and the latest decisions. */
export default function VerificationQueuePage({ pageId }: PageProps) {
  const { t } = useTranslation(['idVerification', 'pages']);
  usePageTitle(pageId);
  const [view, setView] = useState<'open' | 'decided'>('open');
  const queue = useVerificationQueue(view);
  return (
    <Stack gap="6" maxWidth="5xl" data-testid="verification-queue-page">
      <PageHeader title={t('pages:idVerificationQueue.title')} subtitle={t('queue.subtitle')} />
      <HStack gap="2" role="group" aria-label={t('queue.views')}>
        {(['open', 'decided'] as const).map((v) => (
          <Button
            key={v}
            size="sm"
            variant={view === v ? 'solid' : 'outline'}
            aria-pressed={view === v}
            onClick={() => setView(v)}
            data-testid={`view-${v}`}
          >
            {t(`queue.view.${v}`)}
          </Button>
        ))}
      </HStack>
      {queue.isPending ? (
        <ListSkeleton testId="queue-loading" />
      ) : queue.isError ? (
        <LoadError title={t('queue.loadError')} error={queue.error} onRetry={() => void queue.refetch()} testId="queue-error" />
      ) : queue.data.items.length === 0 ? (
        <EmptyList title={t(`queue.empty.${view}.title`)} text={t(`queue.empty.${view}.text`)} testId="queue-empty" />
      ) : (
        <Stack as="ul" gap="3" listStyleType="none">
          {queue.data.items.map((item) => (
            <li key={item.id}>
              <CaseCard item={item} />
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
