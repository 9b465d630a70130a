import { Badge, Box, Button, HStack, Link, SimpleGrid, Stack, Switch, Table, Text } from '@chakra-ui/react';
import { api, hasRank, THREAT_KINDS, THREAT_RULES, verifyQuerySchema, type ThreatsOverview } from '@muster/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useSignedInSession } from '../auth/signed-in-session';
import type { PageProps } from '../../lib/page';
import { EmptyList, ListSkeleton, LoadError, Pager, SelectField } from '../../components/list';
import { Section } from '../../components/Section';
import { formatCount } from '../../lib/format';
import { useListParams } from '../../lib/useListParams';
import { usePageTitle } from '../../lib/usePageTitle';
import { Figure } from '../billing/components';
import { useThreats } from './api';
import { DateRangeFields, ChooseOrganizationNote, CsvLink, OrganizationPicker, TimelineTable } from './components';
import { useAuditText } from './audit-text';
import { PageHeader } from '../../components/PageHeader';
import { SecurityAdminLinks } from './SecurityAdminLinks';
import { csvHref, PAGE_SIZES, pageSizeOf, THREAT_KEYS, threatsQuery, type ThreatKey, type ThreatValues } from './filters';
import { THREAT_PALETTE } from './labels';
import { issueMessage, reasonText } from '../../lib/error-text';

function FlaggedBadge({ flagged }: { flagged: boolean }) {
  const { t } = useTranslation('audit');
  return flagged ? (
    <Badge colorPalette="red" data-testid="flagged">
      {t('threats.flagged')}
    </Badge>
  ) : (
    <Text as="span" color="fg.muted" fontSize="sm">
      —
    </Text>
  );
}

/** The window, the finding kind, flagged only and the page size. */
function ThreatFilters({
  values,
  errors,
  onChange,
}: {
  values: ThreatValues;
  errors: Partial<Record<ThreatKey, string>>;
  onChange: (next: Partial<ThreatValues>) => void;
}) {
  const { t } = useTranslation('audit');
  const error = (key: ThreatKey) => (errors[key] ? reasonText(t, errors[key]) : undefined);
  return (
    <Box role="search" aria-label={t('filters.label')} data-testid="threat-filters">
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3" alignItems="start">
        <DateRangeFields
          from={values.from}
          to={values.to}
          fromError={error('from')}
          toError={error('to')}
          fromHelp={t('threats.windowHelp', { days: THREAT_RULES.windowDays })}
          onChange={onChange}
        />
        <SelectField
          label={t('threats.kind')}
          value={values.kind}
          onChange={(kind) => onChange({ kind })}
          options={[{ value: '', label: t('filters.any') }, ...THREAT_KINDS.map((k) => ({ value: k, label: t(`threats.kinds.${k}`) }))]}
          testId="filter-kind"
        />
        <SelectField
          label={t('filters.pageSize')}
          value={String(pageSizeOf(values.pageSize))}
          onChange={(pageSize) => onChange({ pageSize })}
          options={PAGE_SIZES.map((n) => ({ value: String(n), label: t('filters.perPage', { n }) }))}
          testId="filter-page-size"
        />
      </SimpleGrid>
      <HStack gap="4" marginBlockStart="3" wrap="wrap">
        <Switch.Root
          checked={values.flaggedOnly === 'true'}
          onCheckedChange={(e) => onChange({ flaggedOnly: e.checked ? 'true' : '' })}
          data-testid="filter-flagged"
        >
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label>{t('threats.flaggedOnly')}</Switch.Label>
        </Switch.Root>
        <Button
          size="sm"
          variant="ghost"
          onClick={() => onChange({ from: '', to: '', kind: '', flaggedOnly: '' })}
          data-testid="filter-clear"
        >
          {t('filters.clear')}
        </Button>
      </HStack>
    </Box>
  );
}

function AccountsTable({ accounts, customerLinks }: { accounts: ThreatsOverview['accounts']; customerLinks: boolean }) {
  const text = useAuditText();
  const { t } = text;
  if (accounts.length === 0)
    return (
      <Text color="fg.muted" data-testid="threat-accounts-empty">
        {t('threats.noAccounts')}
      </Text>
    );
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md" position="relative">
      <Table.Root size="sm" data-testid="threat-accounts">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('threats.account')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('threats.failures')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('threats.addresses')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('threats.lockouts')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('threats.lastAt')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('threats.flag')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {accounts.map((a) => (
            <Table.Row key={a.email} data-testid="threat-account" data-email={a.email} data-flagged={a.flagged}>
              <Table.Cell wordBreak="break-all" minWidth="48">
                {customerLinks && a.userId ? (
                  <Link asChild color="brand.fg">
                    <RouterLink to={`/app/sysops/customer-timeline/${a.userId}`}>
                      <bdi>{a.email}</bdi>
                    </RouterLink>
                  </Link>
                ) : (
                  <bdi>{a.email}</bdi>
                )}
              </Table.Cell>
              <Table.Cell textAlign="end">{formatCount(a.failures, text.lng)}</Table.Cell>
              <Table.Cell textAlign="end">{formatCount(a.addresses, text.lng)}</Table.Cell>
              <Table.Cell textAlign="end">{formatCount(a.lockouts, text.lng)}</Table.Cell>
              <Table.Cell whiteSpace="nowrap">{text.time(a.lastAt)}</Table.Cell>
              <Table.Cell>
                <FlaggedBadge flagged={a.flagged} />
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

function AddressesTable({ addresses }: { addresses: ThreatsOverview['addresses'] }) {
  const text = useAuditText();
  const { t } = text;
  if (addresses.length === 0)
    return (
      <Text color="fg.muted" data-testid="threat-addresses-empty">
        {t('threats.noAddresses')}
      </Text>
    );
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md" position="relative">
      <Table.Root size="sm" data-testid="threat-addresses">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('threats.address')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('threats.failures')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('threats.accounts')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('threats.lastAt')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('threats.flag')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {addresses.map((a) => (
            <Table.Row key={a.ip} data-testid="threat-address" data-ip={a.ip} data-flagged={a.flagged}>
              <Table.Cell>
                <bdi dir="ltr">{a.ip}</bdi>
              </Table.Cell>
              <Table.Cell textAlign="end">{formatCount(a.failures, text.lng)}</Table.Cell>
              <Table.Cell textAlign="end">{formatCount(a.accounts, text.lng)}</Table.Cell>
              <Table.Cell whiteSpace="nowrap">{text.time(a.lastAt)}</Table.Cell>
              <Table.Cell>
                <FlaggedBadge flagged={a.flagged} />
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

function Overview({
  data,
  offset,
  pageSize,
  onPage,
  customerLinks,
  busy,
}: {
  data: ThreatsOverview;
  offset: number;
  pageSize: number;
  onPage: (offset: number) => void;
  customerLinks: boolean;
  busy: boolean;
}) {
  const text = useAuditText();
  const { t } = text;
  const { summary, findings } = data;
  const figures = [
    ['failedSignIns', summary.failedSignIns],
    ['lockouts', summary.lockouts],
    ['unusualHours', summary.unusualHours],
    ['newAddresses', summary.newAddresses],
    ['flaggedAccounts', summary.flaggedAccounts],
    ['flaggedAddresses', summary.flaggedAddresses],
  ] as const;
  return (
    <Stack gap="8" aria-busy={busy}>
      <Text fontSize="sm" color="fg.muted" data-testid="threat-window">
        {t('threats.window', { from: text.time(data.from), to: text.time(data.to) })}
      </Text>
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="4" data-testid="threat-summary">
        {figures.map(([key, value]) => (
          <Figure key={key} label={t(`threats.summary.${key}`)} value={formatCount(value, text.lng)} testId={`threat-${key}`} />
        ))}
      </SimpleGrid>
      <Section
        id="threat-accounts"
        title={t('threats.accountsTitle')}
        text={t('threats.accountsText', { failures: THREAT_RULES.accountFailures })}
      >
        <AccountsTable accounts={data.accounts} customerLinks={customerLinks} />
      </Section>
      <Section
        id="threat-addresses"
        title={t('threats.addressesTitle')}
        text={t('threats.addressesText', { failures: THREAT_RULES.addressFailures, accounts: THREAT_RULES.addressAccounts })}
      >
        <AddressesTable addresses={data.addresses} />
      </Section>
      <Section id="threat-findings" title={t('threats.findingsTitle')} text={t('threats.findingsText')}>
        {findings.items.length === 0 ? (
          <EmptyList title={t('threats.noFindingsTitle')} text={t('threats.noFindingsText')} testId="threat-findings-empty" />
        ) : (
          <Stack gap="3">
            <Text fontSize="sm" color="fg.muted" data-testid="threat-findings-total">
              {t('threats.findingsTotal', { count: findings.total })}
            </Text>
            <TimelineTable
              events={findings.items.map((f) => f.event)}
              showActor
              customerLinks={customerLinks}
              testId="threat-findings"
              lead={{
                header: t('threats.kind'),
                cell: (i) => {
                  const kind = findings.items[i]!.kind;
                  return (
                    <Badge colorPalette={THREAT_PALETTE[kind]} data-testid="finding-kind" data-kind={kind}>
                      {t(`threats.kinds.${kind}`)}
                    </Badge>
                  );
                },
              }}
            />
            <Pager offset={offset} limit={pageSize} total={findings.total} onChange={onPage} />
          </Stack>
        )}
      </Section>
    </Stack>
  );
}

/**
 * /app/admin/security-threats: a window (the last 7 days unless chosen) of failed sign-ins by
 * account and address, lockouts, sign-ins at unusual hours or from new addresses; what passes the
 * rules is flagged. The findings page through and export as CSV.
 */
export default function ThreatsPage({ pageId }: PageProps) {
  const { t } = useTranslation(['audit', 'pages']);
  usePageTitle(pageId);
  const session = useSignedInSession();
  const platform = !session.org;
  const { values, offset, update } = useListParams(THREAT_KEYS);
  const checked = threatsQuery(values, offset, { withOrgId: platform });
  const orgId = values.orgId.trim();
  const org = verifyQuerySchema.safeParse({ orgId: orgId || undefined });
  const orgReady = !platform || (orgId !== '' && org.success);
  const threats = useThreats(checked.ok && orgReady ? checked.query : null);
  const orgError = org.success ? undefined : reasonText(t, issueMessage(org.error.issues[0]!));
  const pageSize = pageSizeOf(values.pageSize);
  return (
    <Stack gap="6" maxWidth="7xl" data-testid="threats-page">
      <PageHeader
        title={t('pages:securityThreats.title')}
        subtitle={t('threats.subtitle')}
        actions={<CsvLink href={checked.ok ? csvHref(api.audit.threatsCsv.path, checked.query) : ''} disabled={!checked.ok || !orgReady} />}
      />
      <SecurityAdminLinks />
      {platform && <OrganizationPicker value={values.orgId} error={orgError} onChange={(next) => update({ orgId: next })} />}
      {platform && !orgReady ? (
        <ChooseOrganizationNote />
      ) : (
        <>
          <ThreatFilters values={values} errors={checked.ok ? {} : checked.errors} onChange={(next) => update(next)} />
          {!checked.ok ? null : threats.isPending ? (
            <ListSkeleton testId="threats-loading" />
          ) : threats.isError ? (
            <LoadError title={t('threats.loadError')} error={threats.error} onRetry={() => void threats.refetch()} testId="threats-error" />
          ) : (
            <Overview
              data={threats.data}
              offset={offset}
              pageSize={pageSize}
              onPage={(o) => update({}, o)}
              customerLinks={hasRank(session.role, 'SYSOPS')}
              busy={threats.isFetching}
            />
          )}
        </>
      )}
    </Stack>
  );
}
