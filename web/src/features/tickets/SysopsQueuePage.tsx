import { Button, Checkbox, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { TICKET_STATUSES, type TicketStatus, type TicketSummary } from '@muster/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedInSession } from '../auth/signed-in-session';
import { toaster } from '../../components/ui/toaster';
import { EmptyList, ListSkeleton, LoadError, Pager, SelectField, useNow } from '../../components/list';
import { FilterBar, TicketRow } from './components';
import { asCategory, asPriority, asStatus } from './filters';
import { useListParams } from '../../lib/useListParams';
import { useAssignTicket, useBulkStatus, useOperators, useTickets } from './useTickets';

const PAGE_SIZE = 25;
const KEYS = ['status', 'priority', 'category', 'q', 'assignee', 'sort'] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function RowActions({
  ticket,
  me,
  meName,
  operators,
}: {
  ticket: TicketSummary;
  me: string;
  meName: string;
  operators: { value: string; label: string }[];
}) {
  const { t } = useTranslation('tickets');
  const assign = useAssignTicket();
  const set = (assigneeId: string | null, name: string) =>
    assign.mutate(
      { id: ticket.id, assigneeId },
      {
        onSuccess: () =>
          toaster.create({
            type: 'success',
            title: assigneeId ? t('queue.assigned', { number: ticket.number, name }) : t('queue.unassigned', { number: ticket.number }),
          }),
      },
    );
  const options = [{ value: '', label: t('list.unassigned') }, ...operators];
  if (ticket.assignee?.id && !options.some((o) => o.value === ticket.assignee?.id)) {
    options.push({ value: ticket.assignee.id, label: ticket.assignee.name });
  }
  return (
    <Flex gap="2" direction={{ base: 'row', md: 'column' }} align={{ base: 'center', md: 'stretch' }} wrap="wrap">
      {ticket.assignee?.id !== me && (
        <Button size="xs" variant="outline" loading={assign.isPending} onClick={() => set(me, meName)} data-testid="queue-assign-me">
          {t('queue.assignToMe')}
        </Button>
      )}
      <SelectField
        label={t('queue.assignTo', { number: ticket.number })}
        hideLabel
        size="xs"
        width={{ base: '44', md: '48' }}
        value={ticket.assignee?.id ?? ''}
        disabled={assign.isPending}
        options={options}
        testId="queue-assignee"
        onChange={(value) => set(value || null, options.find((o) => o.value === value)?.label ?? '')}
      />
    </Flex>
  );
}

/** /app/sysops/tickets: the operator queue: filters, SLA order and highlighting, assignment, bulk status. */
export default function SysopsQueuePage() {
  const { t } = useTranslation('tickets');
  const session = useSignedInSession();
  const now = useNow();
  const { values, offset, update } = useListParams(KEYS);
  const sort = values.sort === 'newest' ? 'newest' : 'sla';
  const assignee =
    values.assignee === 'mine' || values.assignee === 'unassigned' || UUID.test(values.assignee) ? values.assignee : undefined;
  const list = useTickets({
    scope: 'all',
    status: asStatus(values.status),
    priority: asPriority(values.priority),
    category: asCategory(values.category),
    assignee,
    q: values.q || undefined,
    sort,
    limit: PAGE_SIZE,
    offset,
  });
  const operators = useOperators(true);
  const operatorOptions = useMemo(() => (operators.data?.items ?? []).map((o) => ({ value: o.id, label: o.name })), [operators.data]);
  const meName =
    operatorOptions.find((o) => o.value === session.user.id)?.label ??
    ([session.user.firstName, session.user.lastName].filter(Boolean).join(' ') || session.user.username);
  const bulk = useBulkStatus();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [bulkStatus, setBulkStatus] = useState<TicketStatus>('resolved');
  const items = list.data?.items ?? [];
  // Only tickets on the current page stay selected.
  const selectedHere = items.filter((i) => selected.has(i.id)).map((i) => i.id);
  const allHere = items.length > 0 && selectedHere.length === items.length;

  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const applyBulk = () =>
    bulk.mutate(
      { ids: selectedHere, status: bulkStatus },
      {
        onSuccess: (result) => {
          setSelected(new Set());
          toaster.create({
            type: 'success',
            title: t('queue.bulkDone', { count: result.items.length, status: t(`status.${bulkStatus}`) }),
          });
        },
      },
    );
  const assigneeFilter = (
    <SelectField
      label={t('filters.assignee')}
      value={assignee ?? ''}
      onChange={(value) => update({ ...values, assignee: value })}
      options={[
        { value: '', label: t('filters.any') },
        { value: 'mine', label: t('filters.mine') },
        { value: 'unassigned', label: t('filters.unassigned') },
        ...operatorOptions,
      ]}
      testId="filter-assignee"
    />
  );
  const sortSelect = (
    <SelectField
      label={t('filters.sort')}
      value={sort}
      onChange={(value) => update({ ...values, sort: value === 'newest' ? 'newest' : '' })}
      options={[
        { value: 'sla', label: t('filters.sortSla') },
        { value: 'newest', label: t('filters.sortNewest') },
      ]}
      testId="filter-sort"
    />
  );

  return (
    <Stack gap="5" maxWidth="6xl" data-testid="sysops-queue-page">
      <Stack gap="1">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          {t('queue.title')}
        </Heading>
        <Text color="fg.muted">{t('queue.subtitle')}</Text>
      </Stack>
      <FilterBar
        value={values}
        onChange={(next) => update({ ...values, ...next })}
        show={{ priority: true, category: true, search: true }}
        extra={
          <>
            {assigneeFilter}
            {sortSelect}
          </>
        }
      />
      {items.length > 0 && (
        <Flex
          gap="3"
          wrap="wrap"
          align="center"
          justify="space-between"
          borderWidth="1px"
          borderRadius="l2"
          padding="3"
          bg={selectedHere.length ? 'bg.muted' : undefined}
          position="sticky"
          top="0"
          zIndex="1"
          data-testid="queue-bulk-bar"
        >
          <Checkbox.Root
            checked={allHere ? true : selectedHere.length ? 'indeterminate' : false}
            onCheckedChange={(e) => setSelected(e.checked === true ? new Set(items.map((i) => i.id)) : new Set())}
            data-testid="queue-select-all"
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{t('queue.selectAll')}</Checkbox.Label>
          </Checkbox.Root>
          <HStack gap="2" wrap="wrap" align="end">
            <Text fontSize="sm" aria-live="polite" data-testid="queue-selected-count">
              {t('queue.selected', { count: selectedHere.length })}
            </Text>
            <SelectField
              label={t('queue.bulkStatus')}
              hideLabel
              size="sm"
              width="36"
              value={bulkStatus}
              onChange={(v) => setBulkStatus(asStatus(v) ?? 'resolved')}
              options={TICKET_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
              testId="queue-bulk-status"
            />
            <Button
              size="sm"
              colorPalette="brand"
              disabled={!selectedHere.length}
              loading={bulk.isPending}
              onClick={applyBulk}
              data-testid="queue-bulk-apply"
            >
              {t('queue.apply')}
            </Button>
            {selectedHere.length > 0 && (
              <Button size="sm" variant="ghost" onClick={() => setSelected(new Set())}>
                {t('queue.clearSelection')}
              </Button>
            )}
          </HStack>
        </Flex>
      )}
      {list.isPending ? (
        <ListSkeleton rows={6} />
      ) : list.isError ? (
        <LoadError title={t('list.error')} error={list.error} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <EmptyList title={t('queue.emptyTitle')} text={t('queue.emptyText')} />
      ) : (
        <>
          <Stack as="ul" gap="3" listStyleType="none" aria-busy={list.isFetching} data-testid="queue-list">
            {items.map((ticket) => (
              <TicketRow
                key={ticket.id}
                ticket={ticket}
                now={now}
                showRequester
                leading={
                  <Checkbox.Root
                    checked={selected.has(ticket.id)}
                    onCheckedChange={(e) => toggle(ticket.id, e.checked === true)}
                    marginTop="1"
                    data-testid="queue-select"
                  >
                    <Checkbox.HiddenInput aria-label={t('queue.select', { number: ticket.number })} />
                    <Checkbox.Control />
                  </Checkbox.Root>
                }
                actions={<RowActions ticket={ticket} me={session.user.id} meName={meName} operators={operatorOptions} />}
              />
            ))}
          </Stack>
          <Pager offset={offset} limit={PAGE_SIZE} total={list.data.total} onChange={(o) => update({}, o)} />
        </>
      )}
    </Stack>
  );
}
