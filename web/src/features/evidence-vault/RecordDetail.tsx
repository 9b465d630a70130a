import { Alert, Badge, Button, Code, Flex, HStack, Input, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { intlLocale, placeHoldSchema, type ComplianceRule, type CustodyEvent, type EvidenceDetail } from '@muster/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../components/form/FormField';
import { ListSkeleton, LoadError } from '../../components/list';
import { toaster } from '../../components/ui/toaster';
import { errorText } from '../../lib/error-text';
import { formatBytes, formatDate } from '../../lib/format';
import { useMusterForm } from '../../lib/forms';
import { ruleTitle } from '../compliance/text';
import { evidenceFileUrl, useEvidenceRecord, usePlaceHold, useReleaseHold } from './api';

/** A moment in the organisation's time zone, with the zone's short name ("27 Nov 2026, 14:05 GMT+1"). */
export function formatMoment(iso: string, language: string | undefined, timeZone: string): string {
  return new Intl.DateTimeFormat(`${intlLocale(language)}-u-nu-latn`, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(new Date(iso));
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap="0.5" minWidth="0">
      <Text fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}

function CopyHash({ hash }: { hash: string }) {
  const { t } = useTranslation('evidence');
  const copy = () => {
    void navigator.clipboard
      .writeText(hash)
      .then(() => toaster.create({ type: 'success', title: t('detail.copied') }))
      .catch(() => toaster.create({ type: 'error', title: t('detail.copyFailed') }));
  };
  return (
    <Stack gap="1">
      <Code dir="ltr" textAlign="start" wordBreak="break-all" whiteSpace="normal" fontSize="xs" data-testid="evidence-sha256">
        {hash}
      </Code>
      <Button size="xs" variant="outline" alignSelf="flex-start" onClick={copy} data-testid="evidence-copy-hash">
        {t('detail.copyHash')}
      </Button>
    </Stack>
  );
}

function HoldForm({ record }: { record: EvidenceDetail }) {
  const { t } = useTranslation(['evidence', 'errors']);
  const place = usePlaceHold();
  const [failure, setFailure] = useState<unknown>(null);
  const form = useMusterForm(placeHoldSchema, { reason: '' });
  const submit = form.handleSubmit(({ reason }) => {
    setFailure(null);
    place.mutate(
      { id: record.id, reason },
      {
        onSuccess: () => {
          toaster.create({ type: 'success', title: t('hold.placed') });
          form.reset({ reason: '' });
        },
        onError: (err) => {
          if (!form.setServerErrors(err)) setFailure(err);
        },
      },
    );
  });
  return (
    <form noValidate onSubmit={(e) => void submit(e)} data-testid="evidence-hold-form">
      <Stack gap="3">
        {failure !== null && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Description>{errorText(t, failure)}</Alert.Description>
          </Alert.Root>
        )}
        <FormField label={t('hold.reason')} error={form.message('reason')} required helperText={t('hold.reasonHelp')}>
          <Input {...form.register('reason')} dir="auto" data-testid="evidence-hold-reason" />
        </FormField>
        <Button
          type="submit"
          size="sm"
          colorPalette="orange"
          alignSelf="flex-start"
          loading={place.isPending}
          data-testid="evidence-hold-place"
        >
          {t('hold.place')}
        </Button>
      </Stack>
    </form>
  );
}

function HoldSection({ record, editable, timeZone }: { record: EvidenceDetail; editable: boolean; timeZone: string }) {
  const { t, i18n } = useTranslation(['evidence', 'errors']);
  const release = useReleaseHold();
  const language = i18n.resolvedLanguage;
  const hold = record.hold;
  return (
    <Stack gap="3" data-testid="evidence-hold" data-held={hold ? 'true' : 'false'}>
      <Text fontWeight="semibold">{t('hold.heading')}</Text>
      {hold ? (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('hold.active')}</Alert.Title>
            <Alert.Description>
              <Text dir="auto">{hold.reason}</Text>
              <Text fontSize="sm">
                {t('hold.placedBy', { name: hold.placedBy.name, at: formatMoment(hold.placedAt, language, timeZone) })}
              </Text>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : (
        <Text fontSize="sm" color="fg.muted">
          {t('hold.none')}
        </Text>
      )}
      {editable &&
        (hold ? (
          <Stack gap="2">
            {release.error && <Text color="fg.error">{errorText(t, release.error)}</Text>}
            <Button
              size="sm"
              variant="outline"
              alignSelf="flex-start"
              loading={release.isPending}
              onClick={() => release.mutate(record.id, { onSuccess: () => toaster.create({ type: 'success', title: t('hold.released') }) })}
              data-testid="evidence-hold-release"
            >
              {t('hold.release')}
            </Button>
          </Stack>
        ) : (
          <HoldForm record={record} />
        ))}
      {record.holds.filter((h) => h.releasedAt).length > 0 && (
        <Stack as="ul" gap="1" listStyleType="none" fontSize="sm" color="fg.muted">
          {record.holds
            .filter((h) => h.releasedAt)
            .map((h) => (
              <li key={h.id}>
                {t('hold.history', {
                  reason: h.reason,
                  placed: formatMoment(h.placedAt, language, timeZone),
                  released: formatMoment(h.releasedAt!, language, timeZone),
                  name: h.releasedBy?.name ?? '',
                })}
              </li>
            ))}
        </Stack>
      )}
    </Stack>
  );
}

function CustodyLog({ events, timeZone }: { events: readonly CustodyEvent[]; timeZone: string }) {
  const { t, i18n } = useTranslation('evidence');
  const language = i18n.resolvedLanguage;
  return (
    <Stack gap="2">
      <Text fontWeight="semibold">{t('custody.heading')}</Text>
      <Text fontSize="sm" color="fg.muted">
        {t('custody.help')}
      </Text>
      <Table.ScrollArea borderWidth="1px" borderRadius="l2">
        <Table.Root size="sm" data-testid="evidence-custody">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('custody.seq')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('custody.at')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('custody.action')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('custody.actor')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('custody.detail')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {events.map((e) => (
              <Table.Row key={e.id} data-testid="custody-row" data-action={e.action}>
                <Table.Cell title={e.hash}>#{e.seq}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{formatMoment(e.at, language, timeZone)}</Table.Cell>
                <Table.Cell>
                  <Badge size="sm" colorPalette={e.action === 'integrity_failed' ? 'red' : e.action.startsWith('hold') ? 'orange' : 'gray'}>
                    {t(`custody.actions.${e.action}`)}
                  </Badge>
                </Table.Cell>
                <Table.Cell dir="auto">
                  {e.actor}
                  {e.actorKind !== 'member' && (
                    <Text as="span" color="fg.muted">
                      {' '}
                      ({t(`custody.kinds.${e.actorKind}`)})
                    </Text>
                  )}
                </Table.Cell>
                <Table.Cell dir="auto">{e.detail ?? '—'}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </Stack>
  );
}

/** One record: what it is, its fingerprint, its retention and hold, and every access to it. */
export function RecordDetail({
  id,
  rules,
  editable,
  timeZone,
}: {
  id: string;
  rules: ReadonlyMap<string, ComplianceRule>;
  editable: boolean;
  timeZone: string;
}) {
  const { t, i18n } = useTranslation(['evidence', 'compliance']);
  const language = i18n.resolvedLanguage;
  const record = useEvidenceRecord(id);
  if (record.isPending) return <ListSkeleton rows={3} testId="evidence-detail-loading" />;
  if (record.isError)
    return (
      <LoadError title={t('detail.loadError')} error={record.error} onRetry={() => void record.refetch()} testId="evidence-detail-error" />
    );
  const r = record.data;
  // Opening or downloading the file adds to the custody log: read it again once the file went out
  // (a view comes back when the reader returns to this tab).
  const refreshSoon = () => {
    window.addEventListener('focus', () => void record.refetch(), { once: true });
    window.setTimeout(() => void record.refetch(), 1500);
  };
  return (
    <Stack gap="5" data-testid="evidence-detail" data-record-id={r.id}>
      <Flex gap="2" wrap="wrap">
        <Button asChild size="sm" colorPalette="brand">
          <a href={evidenceFileUrl(r.id, 'inline')} target="_blank" rel="noopener" data-testid="evidence-view" onClick={refreshSoon}>
            {t('detail.view')}
          </a>
        </Button>
        <Button asChild size="sm" variant="outline">
          <a href={evidenceFileUrl(r.id, 'attachment')} download={r.fileName} data-testid="evidence-download" onClick={refreshSoon}>
            {t('detail.download')}
          </a>
        </Button>
      </Flex>
      {r.description && (
        <Text dir="auto" whiteSpace="pre-wrap">
          {r.description}
        </Text>
      )}
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <Field label={t('detail.kind')}>
          <Text>{t(`kinds.${r.kind}`)}</Text>
        </Field>
        <Field label={t('detail.period')}>
          <Text>{t('card.period', { from: formatDate(r.from, language), to: formatDate(r.to, language) })}</Text>
        </Field>
        {r.source && (
          <Field label={t('detail.source')}>
            <Text dir="auto">{r.source.label}</Text>
          </Field>
        )}
        <Field label={t('detail.facility')}>
          <Text dir="auto">{r.facility ?? t('add.wholeOrganisation')}</Text>
        </Field>
        <Field label={t('detail.file')}>
          <Text dir="auto" wordBreak="break-all">
            {r.fileName}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            {r.contentType} · {formatBytes(r.size, language)}
          </Text>
        </Field>
        <Field label={t('detail.added')}>
          <Text>{t('detail.addedBy', { name: r.addedBy.name, at: formatMoment(r.createdAt, language, timeZone) })}</Text>
        </Field>
        <Field label={t('detail.retainUntil')}>
          <Text data-testid="evidence-retain-until">{formatMoment(r.retainUntil, language, timeZone)}</Text>
        </Field>
        <Field label={t('detail.rules')}>
          <Flex gap="1.5" wrap="wrap">
            {r.ruleIds.map((ruleId) => {
              const rule = rules.get(ruleId);
              return (
                <Badge key={ruleId} size="sm" variant="outline" dir="auto" title={rule ? ruleTitle(t, rule) : ruleId}>
                  {rule?.source ?? ruleId}
                </Badge>
              );
            })}
          </Flex>
        </Field>
      </SimpleGrid>
      <Field label={t('detail.sha256')}>
        <CopyHash hash={r.sha256} />
      </Field>
      <HStack>
        <Text fontSize="sm" color="fg.muted">
          {t('detail.immutable')}
        </Text>
      </HStack>
      <HoldSection record={r} editable={editable} timeZone={timeZone} />
      <CustodyLog events={r.custody} timeZone={timeZone} />
    </Stack>
  );
}
