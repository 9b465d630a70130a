import { Badge, Button, Code, Flex, Stack, Table, Text, VisuallyHidden } from '@chakra-ui/react';
import { SIEM_DELIVERY_STATUSES, type SiemDelivery, type SiemDeliveryStatus, type SiemDestination } from '@muster/contracts';
import { Fragment, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyList, ListSkeleton, LoadError, Pager, SelectField } from '../../components/list';
import { toaster } from '../../components/ui/toaster';
import { formatCount } from '../../lib/format';
import { RowPanel } from '../../components/RowPanel';
import { useAuditText } from '../audit/audit-text';
import { useDeliveries, useDelivery, useReplay, useReplayFailed } from './api';
import { DELIVERY_PALETTE } from './labels';
import { errorText } from '../../lib/error-text';

export const DELIVERY_PAGE_SIZE = 25;

/** Every attempt of one delivery: when, the receiver's answer, how long it took, what went wrong. */
function Attempts({ destinationId, deliveryId }: { destinationId: string; deliveryId: string }) {
  const audit = useAuditText();
  const { t } = useTranslation('siem');
  const detail = useDelivery(destinationId, deliveryId);
  if (detail.isPending) return <ListSkeleton rows={1} testId="attempts-loading" />;
  if (detail.isError) return <LoadError title={t('log.attemptsError')} error={detail.error} onRetry={() => void detail.refetch()} />;
  const d = detail.data;
  return (
    <Stack gap="2" paddingY="2" data-testid="delivery-attempts">
      <Text fontSize="sm">
        {t('log.webhookId')} <Code dir="ltr">{d.webhookId}</Code>
      </Text>
      {d.attemptLog.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          {t('log.noAttempts')}
        </Text>
      ) : (
        <Table.Root size="sm" variant="outline" maxWidth="48rem">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('log.attempt')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('log.time')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('log.code')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('log.latency')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('log.error')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {d.attemptLog.map((a) => (
              <Table.Row key={a.attempt} data-testid="delivery-attempt" verticalAlign="top">
                <Table.Cell>{a.attempt}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{audit.time(a.at)}</Table.Cell>
                <Table.Cell>{a.statusCode ?? '—'}</Table.Cell>
                <Table.Cell>{a.latencyMs === null ? '—' : t('log.ms', { ms: formatCount(a.latencyMs, audit.lng) })}</Table.Cell>
                <Table.Cell>
                  <Stack gap="1">
                    {a.error && (
                      <Text fontSize="xs" wordBreak="break-word">
                        <bdi dir="ltr">{a.error}</bdi>
                      </Text>
                    )}
                    {a.responseSnippet && (
                      <Code
                        as="pre"
                        display="block"
                        whiteSpace="pre-wrap"
                        wordBreak="break-all"
                        fontSize="xs"
                        dir="ltr"
                        textAlign="start"
                        padding="2"
                      >
                        {a.responseSnippet}
                      </Code>
                    )}
                    {!a.error && !a.responseSnippet && '—'}
                  </Stack>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
    </Stack>
  );
}

function ReplayButton({ delivery }: { delivery: SiemDelivery }) {
  const { t } = useTranslation('siem');
  const replay = useReplay();
  return (
    <Button
      size="xs"
      variant="outline"
      loading={replay.isPending}
      onClick={() =>
        replay.mutate(
          { id: delivery.destinationId, deliveryId: delivery.id },
          {
            onSuccess: () => toaster.create({ type: 'success', title: t('log.replayed') }),
            onError: (err) => toaster.create({ type: 'error', title: t('log.replayFailed'), description: errorText(t, err) }),
          },
        )
      }
      data-testid="delivery-replay"
    >
      {t('log.replay')}
    </Button>
  );
}

/**
 * The delivery log of one destination, newest first: status filter, pages, each delivery's
 * attempts, replay of one failed delivery or of all. It follows `siem:delivery` live.
 */
export function DeliveryLog({
  destination,
  status,
  offset,
  onChange,
}: {
  destination: SiemDestination;
  status: string;
  offset: number;
  onChange: (next: { status?: string }, offset?: number) => void;
}) {
  const audit = useAuditText();
  const { t } = useTranslation(['siem', 'audit']);
  const filter = (SIEM_DELIVERY_STATUSES as readonly string[]).includes(status) ? (status as SiemDeliveryStatus) : undefined;
  const deliveries = useDeliveries(destination.id, {
    ...(filter ? { status: filter } : {}),
    page: Math.floor(offset / DELIVERY_PAGE_SIZE) + 1,
    pageSize: DELIVERY_PAGE_SIZE,
  });
  const replayAll = useReplayFailed();
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const baseId = useId();
  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const replayFailed = () =>
    replayAll.mutate(destination.id, {
      onSuccess: ({ replayed }) => toaster.create({ type: 'success', title: t('log.replayedAll', { count: replayed }) }),
      onError: (err) => toaster.create({ type: 'error', title: t('log.replayFailed'), description: errorText(t, err) }),
    });

  return (
    <Stack gap="3" data-testid="delivery-log" data-destination={destination.id}>
      <Flex gap="3" align="flex-end" justify="space-between" wrap="wrap">
        <SelectField
          label={t('log.status')}
          value={filter ?? ''}
          onChange={(next) => onChange({ status: next })}
          options={[
            { value: '', label: t('log.anyStatus') },
            ...SIEM_DELIVERY_STATUSES.map((s) => ({ value: s, label: t(`log.statuses.${s}`) })),
          ]}
          testId="delivery-status-filter"
          width={{ base: 'full', sm: '56' }}
        />
        <Button
          size="sm"
          variant="outline"
          onClick={replayFailed}
          loading={replayAll.isPending}
          disabled={destination.counts.failed === 0 || !destination.enabled}
          title={destination.enabled ? undefined : t('errors.disabled')}
          data-testid="delivery-replay-all"
        >
          {t('log.replayAll', { n: formatCount(destination.counts.failed, audit.lng) })}
        </Button>
      </Flex>
      {deliveries.isPending ? (
        <ListSkeleton testId="deliveries-loading" />
      ) : deliveries.isError ? (
        <LoadError title={t('log.loadError')} error={deliveries.error} onRetry={() => void deliveries.refetch()} />
      ) : deliveries.data.items.length === 0 ? (
        <EmptyList title={t('log.emptyTitle')} text={t('log.emptyText')} testId="deliveries-empty" />
      ) : (
        <>
          <Table.ScrollArea borderWidth="1px" rounded="md" position="relative" aria-busy={deliveries.isFetching}>
            <Table.Root size="sm" data-testid="deliveries">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader width="1%">
                    <VisuallyHidden>{t('log.attempts')}</VisuallyHidden>
                  </Table.ColumnHeader>
                  <Table.ColumnHeader>{t('log.time')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('log.action')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('log.statusHeader')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('log.attemptsHeader')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('log.code')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('log.latency')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('log.next')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('log.error')}</Table.ColumnHeader>
                  <Table.ColumnHeader>
                    <VisuallyHidden>{t('log.replay')}</VisuallyHidden>
                  </Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {deliveries.data.items.map((d) => {
                  const expanded = open.has(d.id);
                  const detailsId = `${baseId}-${d.id}`;
                  return (
                    <Fragment key={d.id}>
                      <Table.Row
                        data-testid="delivery"
                        data-status={d.status}
                        data-test={d.test}
                        data-code={d.lastStatusCode ?? ''}
                        verticalAlign="top"
                      >
                        <Table.Cell>
                          <Button
                            size="xs"
                            variant="ghost"
                            aria-expanded={expanded}
                            aria-controls={expanded ? detailsId : undefined}
                            onClick={() => toggle(d.id)}
                            data-testid="delivery-toggle"
                          >
                            {expanded ? t('log.hideAttempts') : t('log.showAttempts')}
                          </Button>
                        </Table.Cell>
                        <Table.Cell whiteSpace="nowrap">
                          <time dateTime={d.createdAt}>{audit.time(d.createdAt)}</time>
                        </Table.Cell>
                        <Table.Cell minWidth="40">
                          {d.test ? (
                            <Badge variant="outline" colorPalette="purple" data-testid="delivery-test">
                              {t('log.testEvent')}
                            </Badge>
                          ) : (
                            audit.action(d.action)
                          )}
                        </Table.Cell>
                        <Table.Cell>
                          <Badge colorPalette={DELIVERY_PALETTE[d.status]} data-testid="delivery-status">
                            {t(`log.statuses.${d.status}`)}
                          </Badge>
                        </Table.Cell>
                        <Table.Cell textAlign="end">{d.attempts}</Table.Cell>
                        <Table.Cell textAlign="end" data-testid="delivery-code">
                          {d.lastStatusCode ?? '—'}
                        </Table.Cell>
                        <Table.Cell textAlign="end" whiteSpace="nowrap">
                          {d.lastLatencyMs === null ? '—' : t('log.ms', { ms: formatCount(d.lastLatencyMs, audit.lng) })}
                        </Table.Cell>
                        <Table.Cell whiteSpace="nowrap">{d.nextAttemptAt ? audit.time(d.nextAttemptAt) : '—'}</Table.Cell>
                        <Table.Cell minWidth="48" maxWidth="20rem" whiteSpace="normal">
                          {d.lastError ? (
                            <Text fontSize="xs" lineClamp={2} title={d.lastError}>
                              <bdi dir="ltr">{d.lastError}</bdi>
                            </Text>
                          ) : (
                            '—'
                          )}
                        </Table.Cell>
                        <Table.Cell>{d.status === 'failed' && <ReplayButton delivery={d} />}</Table.Cell>
                      </Table.Row>
                      {expanded && (
                        <Table.Row id={detailsId} bg="bg.subtle">
                          <Table.Cell colSpan={10}>
                            <RowPanel>
                              <Attempts destinationId={destination.id} deliveryId={d.id} />
                            </RowPanel>
                          </Table.Cell>
                        </Table.Row>
                      )}
                    </Fragment>
                  );
                })}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
          <Pager offset={offset} limit={DELIVERY_PAGE_SIZE} total={deliveries.data.total} onChange={(o) => onChange({}, o)} />
        </>
      )}
    </Stack>
  );
}
