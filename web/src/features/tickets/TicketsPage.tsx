import { Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useSignedInSession } from '../auth/signed-in-session';
import { EmptyList, ListSkeleton, LoadError, Pager, useNow } from '../../components/list';
import { FilterBar, TicketRow } from './components';
import { asCategory, asPriority, asStatus, ticketScopeFor } from './filters';
import { useListParams } from '../../lib/useListParams';
import { useTickets } from './useTickets';

const PAGE_SIZE = 20;
const KEYS = ['status', 'priority', 'category', 'q'] as const;

/** /app/tickets: the organisation's tickets (ADMIN, MANAGER), every ticket (SYSOPS and above), with filters and pages. */
export default function TicketsPage() {
  const { t } = useTranslation('tickets');
  const session = useSignedInSession();
  const now = useNow();
  const scope = ticketScopeFor(session.role, Boolean(session.org));
  const { values, offset, update } = useListParams(KEYS);
  const list = useTickets({
    scope,
    status: asStatus(values.status),
    priority: asPriority(values.priority),
    category: asCategory(values.category),
    q: values.q || undefined,
    limit: PAGE_SIZE,
    offset,
  });
  const subtitle =
    scope === 'all'
      ? t('tickets.subtitleAll')
      : scope === 'organization'
        ? t('tickets.subtitleOrganization', { organization: session.org?.name ?? '' })
        : t('tickets.subtitleMine');

  return (
    <Stack gap="5" maxWidth="5xl" data-testid="tickets-page" data-scope={scope}>
      <Stack gap="1">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          {t('tickets.title')}
        </Heading>
        <Text color="fg.muted">{subtitle}</Text>
      </Stack>
      <FilterBar value={values} onChange={(next) => update(next)} show={{ priority: true, category: true, search: true }} />
      {list.isPending ? (
        <ListSkeleton />
      ) : list.isError ? (
        <LoadError title={t('list.error')} error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <EmptyList title={t('tickets.emptyTitle')} text={t('tickets.emptyText')} />
      ) : (
        <>
          <Stack as="ul" gap="3" listStyleType="none" aria-busy={list.isFetching}>
            {list.data.items.map((ticket) => (
              <TicketRow key={ticket.id} ticket={ticket} now={now} showRequester={scope !== 'mine'} />
            ))}
          </Stack>
          <Pager offset={offset} limit={PAGE_SIZE} total={list.data.total} onChange={(o) => update({}, o)} />
        </>
      )}
    </Stack>
  );
}
