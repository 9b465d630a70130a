import { Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { EmptyList, ListSkeleton, LoadError, Pager, useNow } from '../../components/list';
import { FilterBar, NO_FILTERS, TicketRow } from './components';
import { asStatus } from './filters';
import { useListParams } from '../../lib/useListParams';
import { useTickets } from './useTickets';

const PAGE_SIZE = 20;
const KEYS = ['status'] as const;

/** /app/my-tickets: the tickets I opened, by status; a way to open a new one. */
export default function MyTicketsPage() {
  const { t } = useTranslation('tickets');
  const now = useNow();
  const { values, offset, update } = useListParams(KEYS);
  const status = asStatus(values.status);
  const list = useTickets({ scope: 'mine', status, limit: PAGE_SIZE, offset });
  const newButton = (testId: string) => (
    <Button asChild colorPalette="brand" data-testid={testId}>
      <RouterLink to="/app/tickets/new">{t('myTickets.new')}</RouterLink>
    </Button>
  );

  return (
    <Stack gap="5" maxWidth="5xl" data-testid="my-tickets-page">
      <HStack justify="space-between" align="flex-start" gap="3" wrap="wrap">
        <Stack gap="1">
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
            {t('myTickets.title')}
          </Heading>
          <Text color="fg.muted">{t('myTickets.subtitle')}</Text>
        </Stack>
        {newButton('new-ticket')}
      </HStack>
      <FilterBar value={{ ...NO_FILTERS, status: status ?? '' }} onChange={(next) => update({ status: next.status })} show={{}} />
      {list.isPending ? (
        <ListSkeleton />
      ) : list.isError ? (
        <LoadError title={t('list.error')} error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        status ? (
          <EmptyList title={t('myTickets.emptyTitle')} text={t('myTickets.emptyFiltered')} />
        ) : (
          <EmptyList title={t('myTickets.emptyTitle')} text={t('myTickets.emptyText')} action={newButton('new-ticket-empty')} />
        )
      ) : (
        <>
          <Stack as="ul" gap="3" listStyleType="none" aria-busy={list.isFetching}>
            {list.data.items.map((ticket) => (
              <TicketRow key={ticket.id} ticket={ticket} now={now} />
            ))}
          </Stack>
          <Pager offset={offset} limit={PAGE_SIZE} total={list.data.total} onChange={(o) => update({}, o)} />
        </>
      )}
    </Stack>
  );
}
