import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  EmptyState,
  Flex,
  HStack,
  Input,
  Link,
  NativeSelect,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  VisuallyHidden,
  type ConditionalValue,
} from '@chakra-ui/react';
import {
  intlLocale,
  TICKET_CATEGORIES,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  type TicketPriority,
  type TicketStatus,
  type TicketSummary,
} from '@muster/contracts';
import { useEffect, useId, useState, type ReactNode, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { relativeTime, slaPalette, slaState } from './sla';

const STATUS_PALETTE: Record<TicketStatus, string> = { open: 'blue', pending: 'purple', resolved: 'green', closed: 'gray' };
const PRIORITY_PALETTE: Record<TicketPriority, string> = { low: 'gray', normal: 'blue', high: 'orange', urgent: 'red' };

/** The time now, refreshed every minute, so due times and highlights move while a page is open. */
export function useNow(intervalMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

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
    const when = relativeTime(sla.dueAt, now, intlLocale(i18n.resolvedLanguage));
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

export function ListSkeleton({ rows = 4 }: { rows?: number }) {
  const { t } = useTranslation('tickets');
  return (
    <Stack gap="3" aria-busy="true" aria-label={t('list.loading')} data-testid="tickets-loading">
      {Array.from({ length: rows }, (_, i) => (
        <Card.Root key={i} variant="outline">
          <Card.Body gap="2">
            <Skeleton height="5" width="60%" />
            <Skeleton height="4" width="40%" />
          </Card.Body>
        </Card.Root>
      ))}
    </Stack>
  );
}

/** A failed load, with the server's message and a way to try again. */
export function LoadError({ title, error, onRetry }: { title: string; error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation('tickets');
  return (
    <Alert.Root status="error" data-testid="tickets-error">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        <Alert.Description>{errorMessage(error)}</Alert.Description>
      </Alert.Content>
      {onRetry && (
        <Button size="sm" variant="outline" onClick={onRetry} alignSelf="center">
          {t('list.retry')}
        </Button>
      )}
    </Alert.Root>
  );
}

export function EmptyList({ title, text, action }: { title: string; text: string; action?: ReactNode }) {
  return (
    <EmptyState.Root borderWidth="1px" borderRadius="l2" data-testid="tickets-empty">
      <EmptyState.Content>
        <Stack gap="1" textAlign="center">
          <EmptyState.Title>{title}</EmptyState.Title>
          <EmptyState.Description>{text}</EmptyState.Description>
        </Stack>
        {action}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

/** Previous/next paging with "1–50 of 120". */
export function Pager({
  offset,
  limit,
  total,
  onChange,
}: {
  offset: number;
  limit: number;
  total: number;
  onChange: (offset: number) => void;
}) {
  const { t } = useTranslation('tickets');
  if (total <= limit && offset === 0) return null;
  return (
    <HStack as="nav" aria-label={t('list.pages')} justify="space-between" gap="3" wrap="wrap">
      <Text fontSize="sm" color="fg.muted" aria-live="polite">
        {t('list.showing', { from: Math.min(total, offset + 1), to: Math.min(total, offset + limit), total })}
      </Text>
      <HStack gap="2">
        <Button size="sm" variant="outline" disabled={offset === 0} onClick={() => onChange(Math.max(0, offset - limit))}>
          {t('list.previous')}
        </Button>
        <Button size="sm" variant="outline" disabled={offset + limit >= total} onClick={() => onChange(offset + limit)}>
          {t('list.next')}
        </Button>
      </HStack>
    </HStack>
  );
}

/** A labelled native select (filters and controls); `options` are value → label. */
export function SelectField({
  label,
  value,
  onChange,
  options,
  hideLabel,
  testId,
  size = 'sm',
  disabled,
  width,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  hideLabel?: boolean;
  testId?: string;
  size?: 'xs' | 'sm' | 'md';
  disabled?: boolean;
  width?: ConditionalValue<string>;
}) {
  const id = useId();
  return (
    <Stack gap="1" width={width}>
      {hideLabel ? (
        <VisuallyHidden asChild>
          <label htmlFor={id}>{label}</label>
        </VisuallyHidden>
      ) : (
        <Text asChild fontSize="sm" fontWeight="medium">
          <label htmlFor={id}>{label}</label>
        </Text>
      )}
      <NativeSelect.Root size={size} disabled={disabled}>
        <NativeSelect.Field id={id} value={value} onChange={(e) => onChange(e.currentTarget.value)} data-testid={testId}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Stack>
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
  const [q, setQ] = useState(value.q);
  useEffect(() => setQ(value.q), [value.q]);
  const any = { value: '', label: t('filters.any') };
  const searchId = useId();
  return (
    <Box
      as="form"
      role="search"
      aria-label={t('filters.label')}
      onSubmit={(e: SyntheticEvent) => {
        e.preventDefault();
        onChange({ ...value, q: q.trim() });
      }}
    >
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
                value={q}
                onChange={(e) => setQ(e.currentTarget.value)}
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
