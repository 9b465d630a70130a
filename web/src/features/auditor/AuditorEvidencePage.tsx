import { Badge, Box, Button, Card, Flex, Heading, HStack, Input, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import {
  EVIDENCE_KINDS,
  EVIDENCE_REVIEW_STATES,
  type EvidenceKind,
  type EvidenceRecord,
  type EvidenceReviewState,
} from '@muster/contracts';
import { useEffect, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { EmptyList, ListSkeleton, LoadError, Pager, SelectField } from '../../components/list';
import { FormField } from '../../components/form/FormField';
import { formatDate } from '../../lib/format';
import type { PageProps } from '../../lib/page';
import { useListParams } from '../../lib/useListParams';
import { usePageTitle } from '../../lib/usePageTitle';
import SamplesPanel from './requests/SamplesPanel';
import { RecordView } from './RecordView';
import { useAuditorDashboard, useAuditorEvidence, usePortalPreview } from './portal';
import { useRuleName } from './RuleLabel';
import { StateBadge } from './StateBadge';

const PAGE_SIZE = 20;
const FILTERS = ['q', 'ruleId', 'kind', 'state', 'from', 'to'] as const;

/** A link to a record that keeps the list's filters and the preview (`?record=<id>`). */
function useRecordLink(): (id: string | null) => string {
  const [params] = useSearchParams();
  return (id) => {
    const next = new URLSearchParams(params);
    if (id) next.set('record', id);
    else next.delete('record');
    const query = next.toString();
    return query ? `/auditor/evidence?${query}` : '/auditor/evidence';
  };
}

function EvidenceRow({ record }: { record: EvidenceRecord }) {
  const { t, i18n } = useTranslation('auditorPortal');
  const link = useRecordLink();
  const language = i18n.resolvedLanguage;
  return (
    <Card.Root as="li" variant="outline" data-testid="evidence-row" data-id={record.id}>
      <Card.Body gap="2" padding={{ base: '3', md: '4' }}>
        <Flex gap="2" justify="space-between" align="flex-start" wrap="wrap">
          <Link asChild fontWeight="semibold" color="brand.fg" minWidth="0" overflowWrap="anywhere">
            <RouterLink to={link(record.id)} dir="auto" data-testid="evidence-open">
              {record.title}
            </RouterLink>
          </Link>
          <StateBadge state={record.review?.state ?? 'pending'} />
        </Flex>
        <HStack gap="2" wrap="wrap" fontSize="sm" color="fg.muted">
          <Badge variant="outline">{t(`kinds.${record.kind}`)}</Badge>
          <Text>
            {t('list.period', { from: formatDate(record.from, language, 'medium'), to: formatDate(record.to, language, 'medium') })}
          </Text>
          {record.facility && <Text dir="auto">{record.facility}</Text>}
          {record.hold && <Badge colorPalette="purple">{t('record.onHold')}</Badge>}
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

/** Search and filters, kept in the address. */
function Filters({
  values,
  update,
  ruleIds,
}: {
  values: Record<(typeof FILTERS)[number], string>;
  update: (next: Partial<Record<(typeof FILTERS)[number], string>>) => void;
  ruleIds: string[];
}) {
  const { t } = useTranslation('auditorPortal');
  const ruleName = useRuleName();
  const [q, setQ] = useState(values.q);
  useEffect(() => setQ(values.q), [values.q]);
  const search = (e: SyntheticEvent) => {
    e.preventDefault();
    update({ q: q.trim() });
  };
  const any = FILTERS.some((k) => values[k]);
  return (
    <Stack gap="3" as="section" aria-label={t('list.filters')}>
      <form onSubmit={search} role="search">
        <HStack gap="2" align="flex-end">
          <Box flex="1">
            <FormField label={t('list.search')}>
              <Input
                type="search"
                value={q}
                onChange={(e) => setQ(e.currentTarget.value)}
                maxLength={200}
                placeholder={t('list.searchPlaceholder')}
                dir="auto"
                data-testid="evidence-search"
              />
            </FormField>
          </Box>
          <Button type="submit" colorPalette="brand" data-testid="evidence-search-submit">
            {t('list.searchButton')}
          </Button>
        </HStack>
      </form>
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 5 }} gap="3">
        <SelectField
          label={t('list.rule')}
          value={values.ruleId}
          onChange={(ruleId) => update({ ruleId })}
          options={[{ value: '', label: t('list.allRules') }, ...ruleIds.map((id) => ({ value: id, label: ruleName(id) }))]}
          testId="evidence-filter-rule"
        />
        <SelectField
          label={t('list.kind')}
          value={values.kind}
          onChange={(kind) => update({ kind })}
          options={[{ value: '', label: t('list.allKinds') }, ...EVIDENCE_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))]}
          testId="evidence-filter-kind"
        />
        <SelectField
          label={t('list.state')}
          value={values.state}
          onChange={(state) => update({ state })}
          options={[
            { value: '', label: t('list.allStates') },
            ...EVIDENCE_REVIEW_STATES.map((s) => ({ value: s, label: t(`states.${s}`) })),
          ]}
          testId="evidence-filter-state"
        />
        <FormField label={t('list.from')}>
          <Input
            type="date"
            value={values.from}
            onChange={(e) => update({ from: e.currentTarget.value })}
            data-testid="evidence-filter-from"
          />
        </FormField>
        <FormField label={t('list.to')}>
          <Input type="date" value={values.to} onChange={(e) => update({ to: e.currentTarget.value })} data-testid="evidence-filter-to" />
        </FormField>
      </SimpleGrid>
      {any && (
        <Button
          size="sm"
          variant="ghost"
          alignSelf="flex-start"
          onClick={() => update({ q: '', ruleId: '', kind: '', state: '', from: '', to: '' })}
          data-testid="evidence-clear-filters"
        >
          {t('list.clear')}
        </Button>
      )}
    </Stack>
  );
}

function EvidenceList({ preview }: { preview: string | null }) {
  const { t } = useTranslation('auditorPortal');
  const { values, offset, update } = useListParams(FILTERS);
  const dashboard = useAuditorDashboard(preview);
  const ruleIds = [...new Set(dashboard.data?.scope.profiles.flatMap((p) => p.ruleIds) ?? [])];
  const page = Math.floor(offset / PAGE_SIZE) + 1;
  const list = useAuditorEvidence(
    {
      q: values.q || undefined,
      ruleId: values.ruleId || undefined,
      kind: (values.kind || undefined) as EvidenceKind | undefined,
      state: (values.state || undefined) as EvidenceReviewState | undefined,
      from: values.from || undefined,
      to: values.to || undefined,
      page,
      pageSize: PAGE_SIZE,
    },
    preview,
  );
  const filtered = FILTERS.some((k) => values[k]);

  return (
    <Stack gap="4">
      <Filters values={values} update={update} ruleIds={ruleIds} />
      {list.isPending ? (
        <ListSkeleton rows={5} testId="evidence-loading" />
      ) : list.isError ? (
        <LoadError title={t('list.loadError')} error={list.error} onRetry={() => void list.refetch()} testId="evidence-error" />
      ) : list.data.items.length === 0 ? (
        <EmptyList
          title={filtered ? t('list.noMatchTitle') : t('list.emptyTitle')}
          text={filtered ? t('list.noMatchText') : t('list.emptyText')}
          testId="evidence-empty"
        />
      ) : (
        <Stack gap="3">
          <Text fontSize="sm" color="fg.muted" aria-live="polite" data-testid="evidence-total">
            {t('list.total', { count: list.data.total })}
          </Text>
          <Stack as="ul" gap="2" listStyleType="none" data-testid="evidence-list">
            {list.data.items.map((record) => (
              <EvidenceRow key={record.id} record={record} />
            ))}
          </Stack>
          <Pager offset={offset} limit={PAGE_SIZE} total={list.data.total} onChange={(next) => update({}, next)} />
        </Stack>
      )}
    </Stack>
  );
}

/** /auditor/evidence: the records of the invite's scope (search, filters, paging), one record at `?record=<id>`, and samples. */
export default function AuditorEvidencePage({ pageId }: PageProps) {
  const { t } = useTranslation('auditorPortal');
  usePageTitle(pageId);
  const preview = usePortalPreview();
  const [params] = useSearchParams();
  const recordId = params.get('record');
  const link = useRecordLink();

  if (recordId) return <RecordView id={recordId} preview={preview} backTo={link(null)} />;
  return (
    <Stack gap="8">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          {t('list.title')}
        </Heading>
        <Text color="fg.muted">{t('list.intro')}</Text>
      </Stack>
      <EvidenceList preview={preview} />
      <Stack as="section" gap="3" aria-labelledby="auditor-samples-heading">
        <Heading as="h2" size="lg" id="auditor-samples-heading">
          {t('samples.title')}
        </Heading>
        <SamplesPanel preview={preview} readOnly={Boolean(preview)} />
      </Stack>
    </Stack>
  );
}
