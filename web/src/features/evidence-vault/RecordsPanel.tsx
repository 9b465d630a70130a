import { Badge, Button, Card, Flex, HStack, Input, Stack, Text } from '@chakra-ui/react';
import {
  EVIDENCE_KINDS,
  hasRank,
  type ComplianceRule,
  type EvidenceKind,
  type EvidenceListQuery,
  type EvidenceRecord,
} from '@muster/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/FormDialog';
import { EmptyList, ListSkeleton, LoadError, Pager, SelectField } from '../../components/list';
import { formatDate } from '../../lib/format';
import { useSearchForm } from '../../lib/forms';
import { browserTimeZone } from '../../lib/time-zone';
import { useLatestSearchParams } from '../../lib/useLatestSearchParams';
import { useSignedInSession } from '../auth/signed-in-session';
import { useComplianceRules, useProfiles } from '../compliance/api';
import { ruleTitle } from '../compliance/text';
import { useOrganizationSettings } from '../profile/useOrganizationSettings';
import { AddFileDialog, AddLinkDialog } from './AddEvidenceDialogs';
import { useEvidenceList } from './api';
import { RecordDetail } from './RecordDetail';

const PAGE_SIZE = 20;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The list's filters as the address keeps them (`?q=&rule=&kind=&from=&to=&page=`). */
function useFilters() {
  const [params, setParams] = useLatestSearchParams();
  const kind = params.get('kind');
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const values = {
    q: params.get('q') ?? '',
    rule: params.get('rule') ?? '',
    kind: (kind && (EVIDENCE_KINDS as readonly string[]).includes(kind) ? kind : '') as EvidenceKind | '',
    from: DAY.test(from) ? from : '',
    to: DAY.test(to) ? to : '',
    page,
  };
  const set = (changes: Partial<Record<'q' | 'rule' | 'kind' | 'from' | 'to' | 'page' | 'record', string>>) => {
    setParams(
      (next) => {
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        // Another filter starts the list again from its first page.
        if (!('page' in changes) && !('record' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  };
  return { values, set, record: params.get('record') };
}

function RecordCard({ record, rules, onOpen }: { record: EvidenceRecord; rules: ReadonlyMap<string, ComplianceRule>; onOpen: () => void }) {
  const { t, i18n } = useTranslation(['evidence', 'compliance']);
  const language = i18n.resolvedLanguage;
  return (
    <Card.Root
      as="li"
      variant="outline"
      borderInlineStartWidth="4px"
      borderInlineStartColor={record.hold ? 'orange.solid' : 'border'}
      data-testid="evidence-card"
      data-record-id={record.id}
    >
      <Card.Body gap="2" padding={{ base: '3', md: '4' }}>
        <Flex gap="2" wrap="wrap" align="center">
          <Text fontWeight="semibold" dir="auto" data-testid="evidence-title">
            {record.title}
          </Text>
          <Badge size="sm" variant="outline">
            {t(`kinds.${record.kind}`)}
          </Badge>
          {record.hold && (
            <Badge size="sm" colorPalette="orange" data-testid="evidence-held">
              {t('card.held')}
            </Badge>
          )}
        </Flex>
        <Text fontSize="sm" color="fg.muted">
          {t('card.period', { from: formatDate(record.from, language), to: formatDate(record.to, language) })}
          {' · '}
          {record.facility ?? t('add.wholeOrganisation')}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {t('card.added', { name: record.addedBy.name, date: formatDate(record.createdAt.slice(0, 10), language) })}
        </Text>
        <Flex gap="1.5" wrap="wrap">
          {record.ruleIds.map((id) => {
            const rule = rules.get(id);
            return (
              <Badge key={id} size="sm" variant="subtle" dir="auto" title={rule ? ruleTitle(t, rule) : id}>
                {rule?.source ?? id}
              </Badge>
            );
          })}
        </Flex>
        <Text fontSize="xs" color="fg.muted" dir="ltr" textAlign="start" wordBreak="break-all">
          SHA-256 {record.sha256.slice(0, 16)}…
        </Text>
        <Button size="sm" variant="outline" alignSelf="flex-start" onClick={onOpen} data-testid="evidence-open">
          {t('card.open')}
        </Button>
      </Card.Body>
    </Card.Root>
  );
}

/**
 * The Records tab of the evidence vault: the organisation's records, searched and filtered by rule,
 * kind and period (in the address), paged; ADMINs add files and snapshots of Muster objects; a
 * record opens (`?record=<id>`) with its hash, retention, legal hold and custody log.
 */
export default function RecordsPanel({ readOnly = false }: { preview?: string | null; readOnly?: boolean }) {
  const { t } = useTranslation(['evidence', 'compliance']);
  const session = useSignedInSession();
  const admin = hasRank(session.role, 'ADMIN');
  const { values, set, record } = useFilters();
  const query: EvidenceListQuery = {
    ...(values.q ? { q: values.q } : {}),
    ...(values.rule ? { ruleId: values.rule } : {}),
    ...(values.kind ? { kind: values.kind } : {}),
    ...(values.from ? { from: values.from } : {}),
    ...(values.to ? { to: values.to } : {}),
    page: values.page,
    pageSize: PAGE_SIZE,
  };
  const list = useEvidenceList(query);
  const rules = useComplianceRules();
  const profiles = useProfiles();
  // The custody log is dated in the organisation's zone (its settings are an ADMIN's to read).
  const settings = useOrganizationSettings(admin);
  const timeZone = settings.data?.timeZone ?? browserTimeZone() ?? 'UTC';
  const search = useSearchForm(values.q, (q) => set({ q }));
  const facilities = useMemo(
    () => [...new Set((profiles.data?.items ?? []).map((p) => p.scope.facilityName).filter((f): f is string => Boolean(f)))].sort(),
    [profiles.data],
  );
  const ruleMap = useMemo(() => new Map((rules.data?.items ?? []).map((r) => [r.id, r])), [rules.data]);

  if (list.isPending || rules.isPending) return <ListSkeleton testId="evidence-loading" />;
  if (list.isError || rules.isError)
    return (
      <LoadError
        title={t('loadError')}
        error={list.error ?? rules.error}
        onRetry={() => {
          void list.refetch();
          void rules.refetch();
        }}
        testId="evidence-error"
      />
    );
  const { items, total, editable: serverEditable } = list.data;
  const editable = serverEditable && !readOnly;
  const filtered = Boolean(values.q || values.rule || values.kind || values.from || values.to);
  const addButtons = editable && (
    <Flex gap="2" wrap="wrap">
      <AddFileDialog
        rules={rules.data.items}
        facilities={facilities}
        trigger={
          <Button colorPalette="brand" data-testid="evidence-add-file">
            {t('add.fileOpen')}
          </Button>
        }
      />
      <AddLinkDialog
        rules={rules.data.items}
        facilities={facilities}
        trigger={
          <Button variant="outline" data-testid="evidence-add-link">
            {t('add.linkOpen')}
          </Button>
        }
      />
    </Flex>
  );
  const opened = record ? (items.find((r) => r.id === record)?.title ?? t('detail.heading')) : '';
  return (
    <Stack gap="5" data-testid="evidence-records">
      <Flex gap="3" wrap="wrap" justify="space-between" align="flex-end">
        <form onSubmit={search.onSubmit} role="search" style={{ flex: '1 1 16rem' }}>
          <HStack gap="2" align="flex-end">
            <Stack gap="1" flex="1">
              <Text asChild fontSize="sm" fontWeight="medium">
                <label htmlFor="evidence-search">{t('filters.search')}</label>
              </Text>
              <Input
                id="evidence-search"
                size="sm"
                {...search.field}
                placeholder={t('filters.searchPlaceholder')}
                data-testid="evidence-search"
              />
            </Stack>
            <Button type="submit" size="sm" variant="outline">
              {t('filters.apply')}
            </Button>
          </HStack>
        </form>
        {addButtons}
      </Flex>
      <Flex gap="3" wrap="wrap" align="flex-end">
        <SelectField
          label={t('filters.rule')}
          value={values.rule}
          onChange={(rule) => set({ rule })}
          options={[
            { value: '', label: t('filters.anyRule') },
            ...rules.data.items.map((r) => ({ value: r.id, label: `${r.source} — ${ruleTitle(t, r)}` })),
          ]}
          testId="evidence-filter-rule"
          width={{ base: 'full', sm: '64' }}
        />
        <SelectField
          label={t('filters.kind')}
          value={values.kind}
          onChange={(kind) => set({ kind })}
          options={[{ value: '', label: t('filters.anyKind') }, ...EVIDENCE_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))]}
          testId="evidence-filter-kind"
          width={{ base: 'full', sm: '48' }}
        />
        <Stack gap="1" width={{ base: 'full', sm: '40' }}>
          <Text asChild fontSize="sm" fontWeight="medium">
            <label htmlFor="evidence-from">{t('filters.from')}</label>
          </Text>
          <Input
            id="evidence-from"
            type="date"
            size="sm"
            value={values.from}
            onChange={(e) => set({ from: e.currentTarget.value })}
            data-testid="evidence-filter-from"
          />
        </Stack>
        <Stack gap="1" width={{ base: 'full', sm: '40' }}>
          <Text asChild fontSize="sm" fontWeight="medium">
            <label htmlFor="evidence-to">{t('filters.to')}</label>
          </Text>
          <Input
            id="evidence-to"
            type="date"
            size="sm"
            value={values.to}
            onChange={(e) => set({ to: e.currentTarget.value })}
            data-testid="evidence-filter-to"
          />
        </Stack>
        {filtered && (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => set({ q: '', rule: '', kind: '', from: '', to: '' })}
            data-testid="evidence-filter-clear"
          >
            {t('filters.clear')}
          </Button>
        )}
      </Flex>
      {items.length === 0 ? (
        <EmptyList
          title={filtered ? t('empty.filteredTitle') : t('empty.title')}
          text={filtered ? t('empty.filteredText') : editable ? t('empty.text') : t('empty.textReader')}
          testId="evidence-empty"
        />
      ) : (
        <Stack as="ul" gap="3" listStyleType="none" data-testid="evidence-list" aria-busy={list.isFetching}>
          {items.map((r) => (
            <RecordCard key={r.id} record={r} rules={ruleMap} onOpen={() => set({ record: r.id })} />
          ))}
        </Stack>
      )}
      <Pager
        offset={(values.page - 1) * PAGE_SIZE}
        limit={PAGE_SIZE}
        total={total}
        onChange={(offset) => set({ page: String(offset / PAGE_SIZE + 1) })}
      />
      <FormDialog
        trigger={<span hidden />}
        title={opened}
        titleDir="auto"
        testId="evidence-detail-dialog"
        closeLabel={t('close')}
        open={record !== null}
        onOpenChange={(open) => {
          if (!open) set({ record: '' });
        }}
      >
        {() => record && <RecordDetail id={record} rules={ruleMap} editable={editable} timeZone={timeZone} />}
      </FormDialog>
    </Stack>
  );
}
