import { Badge, Table } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../lib/format';

/** One queue's jobs by state (as `QueueService.counts()` gives them). */
export interface QueueCountsRow {
  name: string;
  waiting: number;
  active: number;
  delayed: number;
  completed: number;
  failed: number;
  /** Shown as a badge when the queue is paused. */
  paused?: boolean;
}

/**
 * The background queues and their jobs by state, failures in red: the root admin's dashboard and
 * the database page show the same table. Each row carries `data-queue` and, with `rowTestId`, the
 * test id `${rowTestId}-${name}`.
 */
export function QueueTable({ queues, testId, rowTestId }: { queues: QueueCountsRow[]; testId: string; rowTestId?: string }) {
  const { t, i18n } = useTranslation('common');
  const count = (n: number) => formatCount(n, i18n.language);
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="l2" maxWidth="100%">
      <Table.Root size="sm" data-testid={testId}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('queues.name')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('queues.waiting')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('queues.active')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('queues.delayed')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('queues.completed')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('queues.failed')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {queues.map((q) => (
            <Table.Row key={q.name} data-queue={q.name} data-testid={rowTestId ? `${rowTestId}-${q.name}` : undefined}>
              <Table.Cell fontFamily="mono" dir="ltr" textAlign="start">
                {q.name}
                {q.paused && (
                  <Badge marginStart="2" colorPalette="orange">
                    {t('queues.paused')}
                  </Badge>
                )}
              </Table.Cell>
              <Table.Cell textAlign="end">{count(q.waiting)}</Table.Cell>
              <Table.Cell textAlign="end">{count(q.active)}</Table.Cell>
              <Table.Cell textAlign="end">{count(q.delayed)}</Table.Cell>
              <Table.Cell textAlign="end">{count(q.completed)}</Table.Cell>
              <Table.Cell textAlign="end" color={q.failed > 0 ? 'fg.error' : undefined}>
                {count(q.failed)}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
