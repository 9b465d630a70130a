import { Badge, Box, Button, Card, Flex, HStack, Input, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import {
  TICKET_CATEGORIES,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  type TicketPriority,
  type TicketStatus,
  type TicketSummary,
} from '@muster/contracts';
import { useId, type ReactNode } from 'react';
import { useSearchForm } from '../../lib/forms';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { SelectField } from '../../components/list';
import { formatDateTime, relativeTime } from '../../lib/format';
import { slaPalette, slaState } from './sla';

const STATUS_PALETTE: Record<TicketStatus, string> = { open: 'blue', pending: 'purple', resolved: 'green', closed: 'gray' };
const PRIORITY_PALETTE: Record<TicketPriority, string> = { low: 'gray', normal: 'blue', high: 'orange', urgent: 'red' };

export function StatusBadge({ status }: { status: TicketStatus }) {
  const { t } = useTranslation('tickets');
  return (
    <Badge colorPalette={STATUS_PALETTE[status]} variant="subtle" data-testid="ticket-status">
      {t(`status.${status}`)}
    </Badge>
  );
}

export function PriorityBadge({ priority }: { priority: TicketPriority }) {
  const { t } = useTranslation('tickets');
  return (
    <Badge colorPalette={PRIORITY_PALETTE[priority]} variant="outline">
      {t(`priority.${priority}`)}
    </Badge>
  );
}

/** The next service level and when it is due: red when breached, orange within an hour. */
export function SlaBadge({ ticket, now }: { ticket: TicketSummary; now: number }) {
  const { t, i18n } = useTranslation('tickets');
  const sla = slaState(ticket, now);
  const palette = slaPalette(sla.state);
  let text: string;
  if (!('next' in sla)) text = sla.state === 'met' ? t('sla.met') : t('sla.missed');
  else {
    const what = t(`sla.${sla.next}`);
    const when = relativeTime(sla.dueAt, now, i18n.resolvedLanguage);
    text = sla.state === 'breached' ? t('sla.overdue', { what, when }) : t('sla.due', { what, when });
  }
  return (
    <Badge
      colorPalette={palette}
      variant={sla.state === 'breached' || sla.state === 'soon' ? 'solid' : 'subtle'}
      data-testid="ticket-sla"
      data-sla={sla.state}
      whiteSpace="normal"
    >
      {text}
    </Badge>
  );
}

/** One ticket in a list: a link to it, its state, people and service level. */
export function TicketRow({
  ticket,
  now,
  showRequester,
  leading,
  actions,
}: {
  ticket: TicketSummary;
  now: number;
  showRequester?: boolean;
  leading?: ReactNode;
  actions?: ReactNode;
}) {
  const { t, i18n } = useTranslation('tickets');
  const sla = slaState(ticket, now);
  return (
    <Card.Root
      as="li"
      variant="outline"
      borderInlineStartWidth="4px"
      borderInlineStartColor={sla.state === 'breached' ? 'red.solid' : sla.state === 'soon' ? 'orange.solid' : 'border'}
      data-testid="ticket-row"
      data-ticket-id={ticket.id}
    >
      <Card.Body padding={{ base: '3', md: '4' }}>
        <Flex gap="3" align="flex-start">
          {leading}
          <Flex gap="3" flex="1" minWidth="0" direction={{ base: 'column', md: 'row' }} align={{ base: 'stretch', md: 'flex-start' }}>
            <Stack gap="2" flex="1" minWidth="0">
              <Flex gap="2" wrap="wrap" align="center">
                <Text color="fg.muted" fontSize="sm" fontVariantNumeric="tabular-nums" dir="ltr">
                  #{ticket.number}
                </Text>
                <Link asChild fontWeight="semibold" wordBreak="break-word">
                  <RouterLink to={`/app/tickets/${ticket.id}`} dir="auto">
                    {ticket.subject}
                  </RouterLink>
                </Link>
              </Flex>
              <Flex gap="2" wrap="wrap" align="center">
                <StatusBadge status={ticket.status} />
                <PriorityBadge priority={ticket.priority} />
                <Badge variant="surface">{t(`category.${ticket.category}`)}</Badge>
                <SlaBadge ticket={ticket} now={now} />
              </Flex>
              <Flex gap={{ base: '1', md: '4' }} wrap="wrap" direction={{ base: 'column', md: 'row' }} fontSize="sm" color="fg.muted">
                {showRequester && (
                  <Text>
                    {ticket.organization
                      ? t('list.requesterOrg', { name: ticket.requester.name, organization: ticket.organization.name })
                      : t('list.requester', { name: ticket.requester.name })}
                  </Text>
                )}
                <Text>{ticket.assignee ? t('list.assignee', { name: ticket.assignee.name }) : t('list.unassigned')}</Text>
                <Text>{t('list.updated', { time: formatDateTime(ticket.updatedAt, i18n.resolvedLanguage) })}</Text>
              </Flex>
            </Stack>
            {actions && <Box flexShrink={0}>{actions}</Box>}
          </Flex>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}

export interface ListFilters {
  status: string;
  priority: string;
  category: string;
  q: string;
}

export const NO_FILTERS: ListFilters = { status: '', priority: '', category: '', q: '' };

/** Status, priority, category and search filters (each optional); the search applies on submit. */
export function FilterBar({
  value,
  onChange,
  show,
  extra,
}: {
  value: ListFilters;
  onChange: (next: ListFilters) => void;
  show: { priority?: boolean; category?: boolean; search?: boolean };
  extra?: ReactNode;
}) {
  const { t } = useTranslation('tickets');
  const search = useSearchForm(value.q, (q) => onChange({ ...value, q }));
  const any = { value: '', label: t('filters.any') };
  const searchId = useId();
  return (
    <Box as="form" role="search" aria-label={t('filters.label')} onSubmit={search.onSubmit}>
      <SimpleGrid columns={{ base: 2, lg: 4 }} gap="3" alignItems="end">
        <SelectField
          label={t('filters.status')}
          value={value.status}
          onChange={(status) => onChange({ ...value, status })}
          options={[any, ...TICKET_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))]}
          testId="filter-status"
        />
        {show.priority && (
          <SelectField
            label={t('filters.priority')}
            value={value.priority}
            onChange={(priority) => onChange({ ...value, priority })}
            options={[any, ...TICKET_PRIORITIES.map((p) => ({ value: p, label: t(`priority.${p}`) }))]}
            testId="filter-priority"
          />
        )}
        {show.category && (
          <SelectField
            label={t('filters.category')}
            value={value.category}
            onChange={(category) => onChange({ ...value, category })}
            options={[any, ...TICKET_CATEGORIES.map((c) => ({ value: c, label: t(`category.${c}`) }))]}
            testId="filter-category"
          />
        )}
        {extra}
        {show.search && (
          <Stack gap="1" gridColumn={{ base: '1 / -1', lg: 'auto' }}>
            <Text asChild fontSize="sm" fontWeight="medium">
              <label htmlFor={searchId}>{t('filters.search')}</label>
            </Text>
            <HStack gap="2">
              <Input
                id={searchId}
                size="sm"
                type="search"
                {...search.field}
                placeholder={t('filters.searchPlaceholder')}
                data-testid="filter-search"
              />
              <Button type="submit" size="sm" variant="outline">
                {t('filters.search')}
              </Button>
            </HStack>
          </Stack>
        )}
      </SimpleGrid>
    </Box>
  );
}
