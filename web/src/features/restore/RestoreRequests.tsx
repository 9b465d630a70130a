import { Badge, Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { EmptyList, ListSkeleton, LoadError } from '../../components/list';
import { Section } from '../../components/Section';
import { toaster } from '../../components/ui/toaster';
import { errorText } from '../../lib/error-text';
import { formatDate } from '../../lib/format';
import { useDecideRestore, useRestoreQueue } from './api';

/** Support's queue of confirmed restore requests, oldest first, with approve and decline (SYSOPS and above). */
export function RestoreRequests() {
  const { t, i18n } = useTranslation('recovery');
  const queue = useRestoreQueue();
  const decide = useDecideRestore();
  const onError = (err: unknown) => toaster.create({ type: 'error', title: t('common:error.title'), description: errorText(t, err) });
  return (
    <Section id="restore-requests" title={t('restoreQueue.title')} text={t('restoreQueue.text')} testId="restore-requests">
      {queue.isPending ? (
        <ListSkeleton rows={2} testId="restore-requests-loading" />
      ) : queue.isError ? (
        <LoadError
          title={t('restoreQueue.loadError')}
          error={queue.error}
          onRetry={() => void queue.refetch()}
          testId="restore-requests-error"
        />
      ) : queue.data.items.length === 0 ? (
        <EmptyList title={t('restoreQueue.emptyTitle')} text={t('restoreQueue.emptyText')} testId="restore-requests-empty" />
      ) : (
        <Stack as="ul" gap="3" listStyleType="none">
          {queue.data.items.map((r) => (
            <Card.Root as="li" key={r.id} variant="outline" data-testid="restore-request">
              <Card.Body gap="2">
                <HStack justify="space-between" wrap="wrap" gap="2">
                  <Text fontWeight="semibold">{r.organization.name}</Text>
                  <Badge colorPalette="orange">
                    {t('restoreQueue.purgeOn', { date: formatDate(r.purgeAfter.slice(0, 10), i18n.language, 'medium') })}
                  </Badge>
                </HStack>
                <Text fontSize="sm">
                  {r.requester.name} · <span dir="ltr">{r.requester.email}</span>
                </Text>
                <Text fontSize="xs" color="fg.muted">
                  {t('restoreQueue.terminatedOn', { date: formatDate(r.terminatedAt.slice(0, 10), i18n.language, 'medium') })}
                </Text>
                <HStack gap="2" wrap="wrap">
                  <Button
                    size="sm"
                    colorPalette="brand"
                    loading={decide.isPending && decide.variables.id === r.id && decide.variables.decision === 'approve'}
                    onClick={() =>
                      decide.mutate(
                        { id: r.id, decision: 'approve' },
                        {
                          onError,
                          onSuccess: () =>
                            toaster.create({ type: 'success', title: t('restoreQueue.approved', { organization: r.organization.name }) }),
                        },
                      )
                    }
                    data-testid="restore-approve"
                  >
                    {t('restoreQueue.approve')}
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    colorPalette="red"
                    disabled={decide.isPending}
                    onClick={() => decide.mutate({ id: r.id, decision: 'decline' }, { onError })}
                    data-testid="restore-decline"
                  >
                    {t('restoreQueue.decline')}
                  </Button>
                </HStack>
              </Card.Body>
            </Card.Root>
          ))}
        </Stack>
      )}
    </Section>
  );
}
