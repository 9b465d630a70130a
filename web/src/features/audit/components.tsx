import {
  Alert,
  Badge,
  Box,
  Button,
  Code,
  DataList,
  HStack,
  Input,
  Link,
  SimpleGrid,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import {
  AUDIT_OUTCOMES,
  OCSF_CLASS_UIDS,
  OCSF_SEVERITY_IDS,
  timelineQuerySchema,
  verifyQuerySchema,
  type AuditEventView,
  type TimelinePage,
} from '@muster/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { Fragment, useEffect, useId, useMemo, useState, type ReactNode, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Link as RouterLink } from 'react-router-dom';
import { FormField } from '../../components/form/FormField';
import { EmptyList, ListSkeleton, LoadError, Pager, SelectField } from '../../components/list';
import { RowPanel } from '../../components/RowPanel';
import { passIssues, useMusterForm } from '../../lib/forms';
import { useAuditText } from './audit-text';
import { PAGE_SIZES, pageSizeOf, text as typed, type QueryErrors, type TimelineKey, type TimelineValues } from './filters';
import { severityPalette, shortUserAgent } from './labels';
import { reasonText } from '../../lib/error-text';

export function OutcomeBadge({ event }: { event: Pick<AuditEventView, 'outcome' | 'reason'> }) {
  const text = useAuditText();
  return (
    <Stack gap="0.5" align="flex-start">
      <Badge colorPalette={event.outcome === 'success' ? 'green' : 'red'} data-testid="event-outcome">
        {text.t(`outcomes.${event.outcome}`)}
      </Badge>
      {event.reason && (
        <Text fontSize="xs" color="fg.muted" data-testid="event-reason">
          {text.reason(event.reason)}
        </Text>
      )}
    </Stack>
  );
}

export function SeverityBadge({ severityId }: { severityId: number }) {
  const text = useAuditText();
  return (
    <Badge colorPalette={severityPalette(severityId)} variant="outline" data-testid="event-severity" data-severity={severityId}>
      {text.severity(severityId)}
    </Badge>
  );
}

/** "Export CSV": a link to the CSV with the filters on screen; the server names the file. */
export function CsvLink({ href, disabled, testId = 'export-csv' }: { href: string; disabled?: boolean; testId?: string }) {
  const { t } = useTranslation('audit');
  if (disabled)
    return (
      <Button variant="outline" disabled data-testid={testId}>
        {t('export')}
      </Button>
    );
  return (
    <Button asChild variant="outline">
      <a href={href} download data-testid={testId}>
        {t('export')}
      </a>
    </Button>
  );
}

/** The organisation's id as typed: none, or an id (the contracts' check of `orgId`). */
const organizationSchema = z.object({ orgId: z.string() }).transform((v, ctx) => {
  const orgId = v.orgId.trim();
  const result = verifyQuerySchema.safeParse({ orgId: orgId || undefined });
  if (!result.success) {
    passIssues(ctx, result.error.issues);
    return z.NEVER;
  }
  return { orgId };
});

/**
 * Platform staff have no organisation of their own: they name the one to read by its id (kept
 * in the address as `orgId`).
 */
export function OrganizationPicker({
  value,
  error,
  onChange,
}: {
  value: string;
  error?: string | undefined;
  onChange: (orgId: string) => void;
}) {
  const { t } = useTranslation('audit');
  const form = useMusterForm(organizationSchema, { orgId: value });
  const { reset } = form;
  useEffect(() => reset({ orgId: value }), [reset, value]);
  return (
    <Box
      as="form"
      onSubmit={(e: SyntheticEvent) => void form.handleSubmit((data) => onChange(data.orgId))(e)}
      data-testid="organization-picker"
      borderWidth="1px"
      rounded="md"
      padding="4"
    >
      <Stack gap="3">
        <Text fontSize="sm">{t('organization.text')}</Text>
        <FormField label={t('organization.label')} error={form.message('orgId') ?? error} helperText={t('organization.help')}>
          <HStack gap="2" width="full">
            <Input
              {...form.register('orgId')}
              dir="ltr"
              spellCheck={false}
              autoComplete="off"
              placeholder="00000000-0000-0000-0000-000000000000"
              flex="1"
              minWidth="0"
              data-testid="organization-id"
            />
            <Button type="submit" variant="outline" flexShrink={0} data-testid="organization-apply">
              {t('organization.apply')}
            </Button>
          </HStack>
        </FormField>
      </Stack>
    </Box>
  );
}

/**
 * The timeline filters. Selects and dates apply at once; typed filters apply with the search
 * button (or Enter). Invalid values show the contracts' message under their field.
 */
/** The first and last day of a filter's window (dates; the last day is included), with their errors. */
export function DateRangeFields({
  from,
  to,
  fromError,
  toError,
  fromHelp,
  onChange,
}: {
  from: string;
  to: string;
  fromError: string | undefined;
  toError: string | undefined;
  fromHelp?: string;
  onChange: (next: { from?: string; to?: string }) => void;
}) {
  const { t } = useTranslation('audit');
  return (
    <>
      <FormField label={t('filters.from')} error={fromError} helperText={fromHelp}>
        <Input type="date" size="sm" value={from} onChange={(e) => onChange({ from: e.currentTarget.value })} data-testid="filter-from" />
      </FormField>
      <FormField label={t('filters.to')} error={toError}>
        <Input type="date" size="sm" value={to} onChange={(e) => onChange({ to: e.currentTarget.value })} data-testid="filter-to" />
      </FormField>
    </>
  );
}

/** The typed filters (applied with the search button), checked as the timeline's query checks them. */
function typedFiltersSchema(extended: boolean) {
  return z.object({ action: z.string(), ip: z.string(), q: z.string() }).transform((v, ctx) => {
    const result = timelineQuerySchema.safeParse({
      action: typed(v.action.toLowerCase()),
      ...(extended ? { ip: typed(v.ip), q: typed(v.q) } : {}),
    });
    if (!result.success) {
      passIssues(ctx, result.error.issues);
      return z.NEVER;
    }
    return { action: v.action.trim(), ...(extended ? { ip: v.ip.trim(), q: v.q.trim() } : {}) };
  });
}

export function TimelineFilters({
  values,
  errors,
  onChange,
  extended = false,
}: {
  values: TimelineValues;
  errors: QueryErrors<TimelineKey>;
  onChange: (next: Partial<TimelineValues>) => void;
  extended?: boolean;
}) {
  const text = useAuditText();
  const { t } = text;
  const schema = useMemo(() => typedFiltersSchema(extended), [extended]);
  const form = useMusterForm(schema, { action: values.action, ip: values.ip, q: values.q });
  const { reset } = form;
  useEffect(() => reset({ action: values.action, ip: values.ip, q: values.q }), [reset, values.action, values.ip, values.q]);
  // A typed filter's own message first; else what the address's value has wrong.
  const error = (key: TimelineKey) =>
    (key === 'action' || key === 'ip' || key === 'q' ? form.message(key) : undefined) ??
    (errors[key] ? reasonText(t, errors[key]) : undefined);
  const any = { value: '', label: t('filters.any') };
  const cleared: Partial<TimelineValues> = { from: '', to: '', outcome: '', classUid: '', minSeverityId: '', action: '', ip: '', q: '' };
  return (
    <Box
      as="form"
      role="search"
      aria-label={t('filters.label')}
      onSubmit={(e: SyntheticEvent) => void form.handleSubmit((typedValues) => onChange(typedValues))(e)}
      data-testid="timeline-filters"
    >
      <Stack gap="3">
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3" alignItems="start">
          <DateRangeFields from={values.from} to={values.to} fromError={error('from')} toError={error('to')} onChange={onChange} />
          <SelectField
            label={t('filters.outcome')}
            value={values.outcome}
            onChange={(outcome) => onChange({ outcome })}
            options={[any, ...AUDIT_OUTCOMES.map((o) => ({ value: o, label: t(`outcomes.${o}`) }))]}
            testId="filter-outcome"
          />
          <SelectField
            label={t('filters.class')}
            value={values.classUid}
            onChange={(classUid) => onChange({ classUid })}
            options={[any, ...OCSF_CLASS_UIDS.map((uid) => ({ value: String(uid), label: text.className(uid) }))]}
            testId="filter-class"
          />
          <SelectField
            label={t('filters.minSeverity')}
            value={values.minSeverityId}
            onChange={(minSeverityId) => onChange({ minSeverityId })}
            options={[any, ...OCSF_SEVERITY_IDS.map((id) => ({ value: String(id), label: text.severity(id) }))]}
            testId="filter-severity"
          />
          <FormField label={t('filters.action')} error={error('action')} helperText={t('filters.actionHelp')}>
            <Input
              size="sm"
              type="search"
              dir="ltr"
              spellCheck={false}
              {...form.register('action')}
              placeholder="auth.login"
              data-testid="filter-action"
            />
          </FormField>
          {extended && (
            <>
              <FormField label={t('filters.ip')} error={error('ip')}>
                <Input
                  size="sm"
                  type="search"
                  dir="ltr"
                  spellCheck={false}
                  {...form.register('ip')}
                  placeholder="203.0.113.7"
                  data-testid="filter-ip"
                />
              </FormField>
              <FormField label={t('filters.q')} error={error('q')} helperText={t('filters.qHelp')}>
                <Input size="sm" type="search" {...form.register('q')} data-testid="filter-q" />
              </FormField>
            </>
          )}
          <SelectField
            label={t('filters.pageSize')}
            value={String(pageSizeOf(values.pageSize))}
            onChange={(pageSize) => onChange({ pageSize })}
            options={PAGE_SIZES.map((n) => ({ value: String(n), label: t('filters.perPage', { n }) }))}
            testId="filter-page-size"
          />
        </SimpleGrid>
        <HStack gap="2" wrap="wrap">
          <Button type="submit" size="sm" colorPalette="brand" data-testid="filter-apply">
            {t('filters.apply')}
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={() => onChange(cleared)} data-testid="filter-clear">
            {t('filters.clear')}
          </Button>
        </HStack>
      </Stack>
    </Box>
  );
}

/** What an event's row opens to: OCSF class and activity, chain position, every actor field, the metadata. */
function EventDetails({ event }: { event: AuditEventView }) {
  const text = useAuditText();
  const { t } = text;
  const item = (label: string, value: ReactNode, ltr = false) => (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue wordBreak="break-all">{ltr ? <bdi dir="ltr">{value}</bdi> : value}</DataList.ItemValue>
    </DataList.Item>
  );
  return (
    <Stack gap="3" paddingY="2" data-testid="event-details">
      <DataList.Root orientation="horizontal" size="sm" gap="2">
        {item(t('details.class'), t('details.classValue', { name: text.className(event.classUid, event.className), uid: event.classUid }))}
        {item(
          t('details.activity'),
          t('details.classValue', { name: text.activity(event.classUid, event.activityId, event.activityName), uid: event.activityId }),
        )}
        {item(t('details.seq'), <span data-testid="event-seq">{event.seq}</span>)}
        {item(t('details.eventId'), event.id, true)}
        {item(t('details.actionName'), event.action, true)}
        {event.reason && item(t('details.reason'), event.reason, true)}
        {event.actor.email && item(t('details.actorEmail'), event.actor.email, true)}
        {event.actor.role && item(t('details.actorRole'), text.role(event.actor.role))}
        {event.actor.userId && item(t('details.actorId'), event.actor.userId, true)}
        {event.actor.inviteId && item(t('details.inviteId'), event.actor.inviteId, true)}
        {event.actor.userAgent && item(t('details.userAgent'), event.actor.userAgent, true)}
        {event.target && item(t('details.target'), `${event.target.type} ${event.target.id}`, true)}
      </DataList.Root>
      <Stack gap="1">
        <Text fontSize="sm" fontWeight="medium">
          {t('details.metadata')}
        </Text>
        {Object.keys(event.metadata).length === 0 ? (
          <Text fontSize="sm" color="fg.muted">
            {t('details.noMetadata')}
          </Text>
        ) : (
          <Code
            as="pre"
            display="block"
            whiteSpace="pre-wrap"
            wordBreak="break-all"
            padding="3"
            fontSize="xs"
            dir="ltr"
            textAlign="start"
            maxWidth="min(100%, 48rem)"
            data-testid="event-metadata"
          >
            {JSON.stringify(event.metadata, null, 2)}
          </Code>
        )}
      </Stack>
    </Stack>
  );
}

/**
 * Security events, newest first, one row each; a row opens to its details. `lead` adds a first
 * column (the threats view's finding kind); `showActor` the organisation views' actor column.
 */
export function TimelineTable({
  events,
  showActor,
  customerLinks,
  lead,
  testId = 'timeline',
}: {
  events: readonly AuditEventView[];
  showActor?: boolean;
  /** Actors link to their customer timeline (SYSOPS and above). */
  customerLinks?: boolean;
  lead?: { header: string; cell: (index: number) => ReactNode };
  testId?: string;
}) {
  const text = useAuditText();
  const { t } = text;
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const baseId = useId();
  const toggle = (key: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const columns = 8 + (showActor ? 1 : 0) + (lead ? 1 : 0);
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md" position="relative">
      <Table.Root size="sm" data-testid={testId}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader width="1%">
              <VisuallyHidden>{t('table.details')}</VisuallyHidden>
            </Table.ColumnHeader>
            {lead && <Table.ColumnHeader>{lead.header}</Table.ColumnHeader>}
            <Table.ColumnHeader>{t('table.time')}</Table.ColumnHeader>
            {showActor && <Table.ColumnHeader>{t('table.actor')}</Table.ColumnHeader>}
            <Table.ColumnHeader>{t('table.action')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('table.outcome')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('table.severity')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('table.ip')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('table.device')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('table.target')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {events.map((event, index) => {
            const key = `${String(index)}-${event.id}`;
            const expanded = open.has(key);
            const detailsId = `${baseId}-${String(index)}`;
            return (
              <Fragment key={key}>
                <Table.Row
                  data-testid="audit-event"
                  data-action={event.action}
                  data-outcome={event.outcome}
                  data-seq={event.seq}
                  verticalAlign="top"
                >
                  <Table.Cell>
                    <Button
                      size="xs"
                      variant="ghost"
                      aria-expanded={expanded}
                      aria-controls={expanded ? detailsId : undefined}
                      onClick={() => toggle(key)}
                      data-testid="event-toggle"
                    >
                      {expanded ? t('table.hide') : t('table.show')}
                    </Button>
                  </Table.Cell>
                  {lead && <Table.Cell>{lead.cell(index)}</Table.Cell>}
                  <Table.Cell whiteSpace="nowrap">
                    <time dateTime={event.time}>{text.time(event.time)}</time>
                  </Table.Cell>
                  {showActor && (
                    <Table.Cell>
                      <Stack gap="0.5">
                        {event.actor.email ? (
                          customerLinks && event.actor.userId ? (
                            <Link asChild color="brand.fg" fontSize="sm">
                              <RouterLink to={`/app/sysops/customer-timeline/${event.actor.userId}`}>
                                <bdi>{event.actor.email}</bdi>
                              </RouterLink>
                            </Link>
                          ) : (
                            <Text fontSize="sm">
                              <bdi>{event.actor.email}</bdi>
                            </Text>
                          )
                        ) : (
                          <Text fontSize="sm" color="fg.muted">
                            {t('table.noActor')}
                          </Text>
                        )}
                        {event.actor.role && (
                          <Text fontSize="xs" color="fg.muted">
                            {text.role(event.actor.role)}
                          </Text>
                        )}
                      </Stack>
                    </Table.Cell>
                  )}
                  <Table.Cell minWidth="40" data-testid="event-action">
                    {text.action(event.action)}
                  </Table.Cell>
                  <Table.Cell>
                    <OutcomeBadge event={event} />
                  </Table.Cell>
                  <Table.Cell>
                    <SeverityBadge severityId={event.severityId} />
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap" data-testid="event-ip">
                    <bdi dir="ltr">{event.actor.ip ?? '—'}</bdi>
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap" title={event.actor.userAgent ?? undefined}>
                    <bdi>{shortUserAgent(event.actor.userAgent) || '—'}</bdi>
                  </Table.Cell>
                  <Table.Cell>
                    {event.target ? (
                      <Text fontSize="sm" title={event.target.id}>
                        {text.target(event.target.type)}
                      </Text>
                    ) : (
                      '—'
                    )}
                  </Table.Cell>
                </Table.Row>
                {expanded && (
                  <Table.Row id={detailsId} bg="bg.subtle">
                    <Table.Cell colSpan={columns}>
                      <RowPanel>
                        <EventDetails event={event} />
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
  );
}

/** A note for platform staff before they name an organisation. */
export function ChooseOrganizationNote() {
  const { t } = useTranslation('audit');
  return (
    <Alert.Root status="info" data-testid="choose-organization">
      <Alert.Indicator />
      <Alert.Description>{t('errors.noOrganization')}</Alert.Description>
    </Alert.Root>
  );
}

/** A timeline's answer: loading, failure, nothing found, or the total, the events and the pages. */
export function TimelineResults({
  result,
  offset,
  pageSize,
  onPage,
  showActor,
  customerLinks,
}: {
  result: UseQueryResult<TimelinePage>;
  offset: number;
  pageSize: number;
  onPage: (offset: number) => void;
  showActor?: boolean;
  customerLinks?: boolean;
}) {
  const { t } = useTranslation('audit');
  if (result.isPending) return <ListSkeleton testId="timeline-loading" />;
  if (result.isError)
    return <LoadError title={t('loadError')} error={result.error} onRetry={() => void result.refetch()} testId="timeline-error" />;
  const { items, total } = result.data;
  if (items.length === 0) return <EmptyList title={t('empty.title')} text={t('empty.text')} testId="timeline-empty" />;
  return (
    <Stack gap="3" aria-busy={result.isFetching}>
      <Text fontSize="sm" color="fg.muted" data-testid="timeline-total" data-total={total}>
        {t('total', { count: total })}
      </Text>
      <TimelineTable events={items} showActor={showActor} customerLinks={customerLinks} />
      <Pager offset={offset} limit={pageSize} total={total} onChange={onPage} />
    </Stack>
  );
}
