import {
  Badge,
  Box,
  Button,
  Card,
  Flex,
  Grid,
  Heading,
  HStack,
  Link,
  Skeleton,
  Stack,
  Switch,
  Text,
  Textarea,
  Timeline,
} from '@chakra-ui/react';
import {
  ATTACHMENT_MAX_MB,
  hasRank,
  TICKET_LIMITS,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  ticketCommentSchema,
  type TicketDetail,
  type TicketPriority,
  type TicketStatus,
} from '@muster/contracts';
import type { ReactNode } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useSignedInSession } from '../auth/signed-in-session';
import { FormField } from '../../components/form/FormField';
import { toaster } from '../../components/ui/toaster';
import { errorStatus } from '../../lib/api';
import { formatBytes, formatDateTime } from '../../lib/format';
import { useMusterForm } from '../../lib/forms';
import { FilePickerButton } from './AttachmentPicker';
import { LoadError, SelectField, useNow } from '../../components/list';
import { PriorityBadge, SlaBadge, StatusBadge } from './components';
import { slaPalette, slaState } from './sla';
import { attachmentUrl, useAddComment, useOperators, useTicket, useUpdateTicket, useUploadAttachment } from './useTickets';
import { errorText } from '../../lib/error-text';

function DetailSkeleton() {
  const { t } = useTranslation('tickets');
  return (
    <Stack gap="4" role="status" aria-busy="true" aria-label={t('list.loading')} data-testid="ticket-loading">
      <Skeleton height="8" width="60%" />
      <Skeleton height="5" width="40%" />
      <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 2fr) minmax(0, 1fr)' }} gap="5">
        <Skeleton height="64" />
        <Skeleton height="64" />
      </Grid>
    </Stack>
  );
}

function Conversation({ ticket, operator }: { ticket: TicketDetail; operator: boolean }) {
  const { t, i18n } = useTranslation('tickets');
  const add = useAddComment(ticket.id);
  const form = useMusterForm(ticketCommentSchema, { body: '', internal: false });
  const internal = form.watch('internal') === true;
  const customerClosed = !operator && ticket.status === 'closed';

  const send = form.handleSubmit((data) =>
    add.mutate(
      { body: data.body, internal: operator && data.internal },
      {
        onSuccess: () => {
          // The next message is of the same kind (a reply, or a note).
          form.reset({ body: '', internal: data.internal });
          toaster.create({ type: 'success', title: internal ? t('detail.noted') : t('detail.replied') });
        },
        onError: (err) => {
          if (!form.setServerErrors(err)) toaster.create({ type: 'error', title: t('common:error.title'), description: errorText(t, err) });
        },
      },
    ),
  );

  return (
    <Section id="ticket-conversation" title={t('detail.conversation')}>
      <Stack gap="4">
        {ticket.comments.length === 0 ? (
          <Text color="fg.muted">{t('detail.noComments')}</Text>
        ) : (
          <Stack as="ol" gap="3" listStyleType="none" data-testid="ticket-comments">
            {ticket.comments.map((c) => (
              <Box
                as="li"
                key={c.id}
                borderWidth="1px"
                borderRadius="l2"
                padding="3"
                bg={c.internal ? 'yellow.subtle' : c.fromSupport ? 'blue.subtle' : 'bg'}
                borderColor={c.internal ? 'yellow.emphasized' : 'border'}
                borderStyle={c.internal ? 'dashed' : 'solid'}
                marginInlineStart={c.fromSupport ? '0' : { base: '0', md: '8' }}
                marginInlineEnd={c.fromSupport ? { base: '0', md: '8' } : '0'}
                data-testid={c.internal ? 'ticket-note' : 'ticket-comment'}
              >
                <Flex gap="2" wrap="wrap" align="center" marginBottom="1">
                  <Text fontWeight="semibold" fontSize="sm">
                    {c.author.name}
                  </Text>
                  {c.fromSupport && (
                    <Badge size="sm" colorPalette="blue">
                      {t('detail.support')}
                    </Badge>
                  )}
                  {c.internal && (
                    <Badge size="sm" colorPalette="yellow" variant="solid">
                      {t('detail.internalNote')}
                    </Badge>
                  )}
                  <Text fontSize="xs" color="fg.muted">
                    {formatDateTime(c.createdAt, i18n.resolvedLanguage)}
                  </Text>
                </Flex>
                <Text whiteSpace="pre-wrap" wordBreak="break-word" dir="auto">
                  {c.body}
                </Text>
              </Box>
            ))}
          </Stack>
        )}
        {customerClosed ? (
          <Text color="fg.muted" data-testid="ticket-closed-notice">
            {t('detail.closedNotice')}
          </Text>
        ) : (
          <form noValidate onSubmit={(e) => void send(e)} data-testid="ticket-reply-form">
            <Stack gap="3">
              <FormField label={internal ? t('detail.noteLabel') : t('detail.replyLabel')} error={form.message('body')} required>
                <Textarea
                  {...form.register('body')}
                  rows={4}
                  maxLength={TICKET_LIMITS.bodyMax}
                  bg={internal ? 'yellow.subtle' : undefined}
                  data-testid="ticket-reply"
                />
              </FormField>
              <Flex gap="3" wrap="wrap" align="center" justify="space-between">
                {operator ? (
                  <Controller
                    control={form.control}
                    name="internal"
                    render={({ field }) => (
                      <Switch.Root
                        name={field.name}
                        checked={field.value === true}
                        onCheckedChange={(e) => field.onChange(e.checked)}
                        colorPalette="yellow"
                        data-testid="ticket-internal-toggle"
                      >
                        <Switch.HiddenInput ref={field.ref} onBlur={field.onBlur} />
                        <Switch.Control />
                        <Switch.Label>{t('detail.internalToggle')}</Switch.Label>
                      </Switch.Root>
                    )}
                  />
                ) : (
                  <span />
                )}
                <Button type="submit" colorPalette={internal ? 'yellow' : 'brand'} loading={add.isPending} data-testid="ticket-send">
                  {internal ? t('detail.addNote') : t('detail.send')}
                </Button>
              </Flex>
            </Stack>
          </form>
        )}
      </Stack>
    </Section>
  );
}

function Attachments({ ticket, operator }: { ticket: TicketDetail; operator: boolean }) {
  const { t, i18n } = useTranslation('tickets');
  const upload = useUploadAttachment(ticket.id);
  const canUpload = operator || ticket.status !== 'closed';
  const start = (files: File[], internal: boolean) => {
    for (const file of files) {
      upload.mutate(
        { file, internal },
        {
          onSuccess: () => toaster.create({ type: 'success', title: t('detail.uploaded', { name: file.name }) }),
          onError: (err) => toaster.create({ type: 'error', title: t('common:error.title'), description: errorText(t, err) }),
        },
      );
    }
  };
  const rejected = (file: File) => toaster.create({ type: 'error', title: t('new.tooLarge', { name: file.name, max: ATTACHMENT_MAX_MB }) });
  return (
    <Section id="ticket-attachments" title={t('detail.attachments')}>
      <Stack gap="3">
        {ticket.attachments.length === 0 ? (
          <Text color="fg.muted">{t('detail.noAttachments')}</Text>
        ) : (
          <Stack as="ul" gap="2" listStyleType="none" data-testid="ticket-attachment-list">
            {ticket.attachments.map((a) => (
              <Flex as="li" key={a.id} gap="2" wrap="wrap" align="center" borderWidth="1px" borderRadius="l2" padding="2">
                <Link
                  href={attachmentUrl(ticket.id, a.id)}
                  download={a.filename}
                  aria-label={t('detail.download', { name: a.filename })}
                  fontWeight="medium"
                  wordBreak="break-all"
                  dir="auto"
                  data-testid="ticket-attachment"
                >
                  {a.filename}
                </Link>
                {a.internal && (
                  <Badge size="sm" colorPalette="yellow">
                    {t('detail.internal')}
                  </Badge>
                )}
                <Text fontSize="xs" color="fg.muted" width="full">
                  {t('detail.uploadedBy', {
                    size: formatBytes(a.size, i18n.resolvedLanguage),
                    name: a.uploadedBy.name,
                    time: formatDateTime(a.createdAt, i18n.resolvedLanguage),
                  })}
                </Text>
              </Flex>
            ))}
          </Stack>
        )}
        {canUpload && (
          <HStack gap="2" wrap="wrap">
            <FilePickerButton
              label={t('detail.attach')}
              multiple
              loading={upload.isPending}
              testId="ticket-attach"
              onFiles={(files) => start(files, false)}
              onRejected={rejected}
            />
            {operator && (
              <FilePickerButton
                label={t('detail.attachInternal')}
                variant="subtle"
                testId="ticket-attach-internal"
                onFiles={(files) => start(files, true)}
                onRejected={rejected}
              />
            )}
          </HStack>
        )}
        {upload.isPending && (
          <Text fontSize="sm" color="fg.muted" aria-live="polite">
            {t('detail.uploading', { name: upload.variables.file.name })}
          </Text>
        )}
      </Stack>
    </Section>
  );
}

function Controls({ ticket, operator }: { ticket: TicketDetail; operator: boolean }) {
  const { t } = useTranslation('tickets');
  const session = useSignedInSession();
  const update = useUpdateTicket(ticket.id);
  const operators = useOperators(operator);
  const save = (body: Parameters<typeof update.mutate>[0]) =>
    update.mutate(body, { onSuccess: () => toaster.create({ type: 'success', title: t('detail.saved') }) });

  if (!operator) {
    return (
      <Stack gap="3">
        <HStack justify="space-between" gap="2">
          <Text color="fg.muted">{t('detail.status')}</Text>
          <StatusBadge status={ticket.status} />
        </HStack>
        <HStack justify="space-between" gap="2">
          <Text color="fg.muted">{t('detail.priority')}</Text>
          <PriorityBadge priority={ticket.priority} />
        </HStack>
        <HStack justify="space-between" gap="2">
          <Text color="fg.muted">{t('detail.assignee')}</Text>
          <Text>{ticket.assignee?.name ?? t('list.unassigned')}</Text>
        </HStack>
      </Stack>
    );
  }
  const assigneeOptions = [
    { value: '', label: t('detail.unassign') },
    ...(operators.data?.items ?? []).map((o) => ({ value: o.id, label: o.name })),
  ];
  if (ticket.assignee?.id && !assigneeOptions.some((o) => o.value === ticket.assignee?.id)) {
    assigneeOptions.push({ value: ticket.assignee.id, label: ticket.assignee.name });
  }
  return (
    <Stack gap="3">
      <SelectField
        label={t('detail.status')}
        value={ticket.status}
        disabled={update.isPending}
        onChange={(v) => save({ status: v as TicketStatus })}
        options={TICKET_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
        testId="ticket-status-select"
        size="md"
      />
      <SelectField
        label={t('detail.priority')}
        value={ticket.priority}
        disabled={update.isPending}
        onChange={(v) => save({ priority: v as TicketPriority })}
        options={TICKET_PRIORITIES.map((p) => ({ value: p, label: t(`priority.${p}`) }))}
        testId="ticket-priority-select"
        size="md"
      />
      <SelectField
        label={t('detail.assignee')}
        value={ticket.assignee?.id ?? ''}
        disabled={update.isPending || operators.isPending}
        onChange={(v) => save({ assigneeId: v || null })}
        options={assigneeOptions}
        testId="ticket-assignee-select"
        size="md"
      />
      {ticket.assignee?.id !== session.user.id && (
        <Button
          size="sm"
          variant="outline"
          onClick={() => save({ assigneeId: session.user.id })}
          disabled={update.isPending}
          data-testid="ticket-assign-me"
        >
          {t('detail.assignToMe')}
        </Button>
      )}
    </Stack>
  );
}

function ServiceLevels({ ticket, now }: { ticket: TicketDetail; now: number }) {
  const { t, i18n } = useTranslation('tickets');
  const lng = i18n.resolvedLanguage;
  const state = slaState(ticket, now);
  const rows = [
    { key: 'firstResponse', due: ticket.firstResponseDueAt, met: ticket.firstRespondedAt, breached: ticket.breached.firstResponse },
    { key: 'resolution', due: ticket.resolutionDueAt, met: ticket.resolvedAt, breached: ticket.breached.resolution },
  ] as const;
  return (
    <Stack gap="3" align="flex-start" data-testid="ticket-sla-panel">
      <SlaBadge ticket={ticket} now={now} />
      {rows.map((row) => {
        const late = row.breached || (!row.met && now > Date.parse(row.due));
        const soon = !late && !row.met && 'next' in state && state.next === row.key && state.state === 'soon';
        return (
          <Stack
            key={row.key}
            gap="0"
            borderInlineStartWidth="3px"
            paddingInlineStart="3"
            borderColor={late ? 'red.solid' : soon ? 'orange.solid' : 'border'}
          >
            <HStack gap="2" wrap="wrap">
              <Text fontWeight="medium">{t(`sla.${row.key}`)}</Text>
              {late && (
                <Badge size="sm" colorPalette={slaPalette('breached')} variant="solid">
                  {t('sla.breached')}
                </Badge>
              )}
              {soon && (
                <Badge size="sm" colorPalette={slaPalette('soon')} variant="solid">
                  {t('sla.dueSoon')}
                </Badge>
              )}
            </HStack>
            <Text fontSize="sm" color="fg.muted">
              {t('sla.dueAt', { time: formatDateTime(row.due, lng) })}
            </Text>
            {row.met && (
              <Text fontSize="sm" color="fg.muted">
                {t('sla.metAt', { time: formatDateTime(row.met, lng) })}
              </Text>
            )}
          </Stack>
        );
      })}
    </Stack>
  );
}

function History({ ticket }: { ticket: TicketDetail }) {
  const { t, i18n } = useTranslation('tickets');
  const value = (kind: string, v: string | null) => {
    if (!v) return '';
    if (kind === 'status' && (TICKET_STATUSES as readonly string[]).includes(v)) return t(`status.${v}`);
    if (kind === 'priority' && (TICKET_PRIORITIES as readonly string[]).includes(v)) return t(`priority.${v}`);
    return v;
  };
  return (
    <Timeline.Root size="sm" data-testid="ticket-history">
      {ticket.history.map((e) => {
        const key = e.kind === 'assignee' ? (e.to ? 'history.assigned' : 'history.unassigned') : `history.${e.kind}`;
        return (
          <Timeline.Item key={e.id}>
            <Timeline.Connector>
              <Timeline.Separator />
              <Timeline.Indicator bg={e.kind.startsWith('internal') ? 'yellow.solid' : undefined} />
            </Timeline.Connector>
            <Timeline.Content>
              <Timeline.Title fontWeight="normal">
                {t(key, { actor: e.actor.name, from: value(e.kind, e.from), to: value(e.kind, e.to) })}
              </Timeline.Title>
              <Timeline.Description>{formatDateTime(e.createdAt, i18n.resolvedLanguage)}</Timeline.Description>
            </Timeline.Content>
          </Timeline.Item>
        );
      })}
    </Timeline.Root>
  );
}

/** /app/tickets/:id: the conversation, files, service levels, history and (operators) the controls. */
export default function TicketPage() {
  const { t, i18n } = useTranslation('tickets');
  const { id = '' } = useParams();
  const session = useSignedInSession();
  const operator = hasRank(session.role, 'SYSOPS');
  const query = useTicket(id);
  const now = useNow();

  const back = (
    <Link asChild fontSize="sm" alignSelf="flex-start">
      <RouterLink to={operator ? '/app/sysops/tickets' : '/app/my-tickets'}>{t('detail.back')}</RouterLink>
    </Link>
  );
  if (query.isPending) return <DetailSkeleton />;
  if (query.isError) {
    return (
      <Stack gap="4" maxWidth="3xl">
        {back}
        <LoadError
          title={errorStatus(query.error) === 404 ? t('detail.notFound') : t('detail.error')}
          error={query.error}
          onRetry={errorStatus(query.error) === 404 ? undefined : () => void query.refetch()}
        />
      </Stack>
    );
  }
  const ticket = query.data;
  return (
    <Stack gap="5" maxWidth="6xl" data-testid="ticket-page" data-ticket-id={ticket.id}>
      {back}
      <Stack gap="2">
        <Heading as="h1" size={{ base: 'xl', md: '2xl' }} wordBreak="break-word">
          <Text as="span" color="fg.muted" fontWeight="normal" dir="ltr">
            #{ticket.number}
          </Text>{' '}
          <Text as="span" dir="auto">
            {ticket.subject}
          </Text>
        </Heading>
        <Flex gap="2" wrap="wrap" align="center">
          <StatusBadge status={ticket.status} />
          <PriorityBadge priority={ticket.priority} />
          <Badge variant="surface">{t(`category.${ticket.category}`)}</Badge>
        </Flex>
        <Text fontSize="sm" color="fg.muted">
          {t('detail.opened', { time: formatDateTime(ticket.createdAt, i18n.resolvedLanguage), name: ticket.requester.name })}
        </Text>
      </Stack>
      <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 1fr)' }} gap="5" alignItems="start">
        <Stack gap="5" minWidth="0">
          <Section id="ticket-description" title={t('detail.description')}>
            <Text whiteSpace="pre-wrap" wordBreak="break-word" dir="auto" data-testid="ticket-description-text">
              {ticket.description}
            </Text>
          </Section>
          <Conversation ticket={ticket} operator={operator} />
          <Attachments ticket={ticket} operator={operator} />
        </Stack>
        <Stack gap="5" minWidth="0">
          <Section id="ticket-details" title={t('detail.details')}>
            <Stack gap="4">
              <Controls ticket={ticket} operator={operator} />
              <Stack gap="2" fontSize="sm">
                <Stack gap="0">
                  <Text color="fg.muted">{t('detail.requester')}</Text>
                  <Text wordBreak="break-word">{ticket.requester.name}</Text>
                  {operator && ticket.requester.email && (
                    <Text dir="ltr" textAlign="start" wordBreak="break-all" color="fg.muted">
                      {ticket.requester.email}
                    </Text>
                  )}
                </Stack>
                <Stack gap="0">
                  <Text color="fg.muted">{t('detail.organization')}</Text>
                  <Text>{ticket.organization?.name ?? t('detail.noOrganization')}</Text>
                </Stack>
              </Stack>
            </Stack>
          </Section>
          <Section id="ticket-sla" title={t('detail.serviceLevels')}>
            <ServiceLevels ticket={ticket} now={now} />
          </Section>
          <Section id="ticket-history-title" title={t('detail.history')}>
            <History ticket={ticket} />
          </Section>
        </Stack>
      </Grid>
    </Stack>
  );
}

/** One titled part of the ticket page: a card whose heading names the region for screen readers. */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card.Root variant="outline" as="section" aria-labelledby={id}>
      <Card.Header>
        <Heading as="h2" size="md" id={id}>
          {title}
        </Heading>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}
