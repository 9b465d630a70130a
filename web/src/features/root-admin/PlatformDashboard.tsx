import { Badge, Box, Card, HStack, Link, SimpleGrid, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { LoadError } from '../../components/list';
import { Section } from '../../components/Section';
import { intlLocale, type PlatformOverview } from '@muster/contracts';
import { useLiveApprovals } from '../approvals/api';
import { usePlatformOverview } from './api';

function Stat({ label, value, testId, to }: { label: string; value: string; testId: string; to?: string }) {
  return (
    <Card.Root variant="outline" data-testid={testId}>
      <Card.Body gap="1">
        <Text fontSize="sm" color="fg.muted">
          {label}
        </Text>
        <Text fontSize="2xl" fontWeight="bold" data-testid={`${testId}-value`}>
          {value}
        </Text>
        {to && (
          <Link asChild fontSize="sm" textDecoration="underline">
            <RouterLink to={to}>{label}</RouterLink>
          </Link>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/** New organisations per month as bars, with the figures as text beside each (readable without the bars). */
function Growth({ growth, language }: { growth: PlatformOverview['growth']; language: string }) {
  const { t } = useTranslation('rootAdmin');
  const max = Math.max(1, ...growth.map((g) => g.count));
  const monthName = (month: string) =>
    new Intl.DateTimeFormat(`${intlLocale(language)}-u-nu-latn`, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${month}-01T00:00:00Z`),
    );
  return (
    <Stack as="ul" gap="1" listStyleType="none" aria-label={t('growth.title')} data-testid="platform-growth">
      {growth.map((g) => (
        <HStack as="li" key={g.month} gap="3" data-month={g.month} data-count={g.count}>
          <Text fontSize="sm" width="24" flexShrink={0}>
            {monthName(g.month)}
          </Text>
          <Box flex="1" bg="bg.muted" borderRadius="sm" height="3" aria-hidden>
            <Box bg="brand.solid" height="full" borderRadius="sm" width={`${String((g.count / max) * 100)}%`} />
          </Box>
          <Text fontSize="sm" width="8" textAlign="end">
            {g.count}
          </Text>
        </HStack>
      ))}
    </Stack>
  );
}

/** The platform at a glance (root and deputy admins): organisations, growth, revenue, approvals, queues, broadcasts. */
export function PlatformDashboard({ approvalsLink }: { approvalsLink: string | null }) {
  const { t, i18n } = useTranslation(['rootAdmin', 'billing']);
  useLiveApprovals();
  const overview = usePlatformOverview();
  if (overview.isPending)
    return (
      <SimpleGrid
        columns={{ base: 1, sm: 2, lg: 4 }}
        gap="4"
        role="status"
        aria-busy="true"
        aria-label={t('loading')}
        data-testid="platform-loading"
      >
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} height="24" />
        ))}
      </SimpleGrid>
    );
  if (overview.isError)
    return <LoadError title={t('loadError')} error={overview.error} onRetry={() => void overview.refetch()} testId="platform-error" />;
  const o = overview.data;
  const number = (n: number) => new Intl.NumberFormat(`${intlLocale(i18n.language)}-u-nu-latn`).format(n);
  const money = new Intl.NumberFormat(`${intlLocale(i18n.language)}-u-nu-latn`, { style: 'currency', currency: 'USD' }).format(
    o.revenueThisMonthCents / 100,
  );
  return (
    <Stack gap="6" data-testid="platform-dashboard">
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
        <Stat label={t('stats.organizations')} value={number(o.organizations)} testId="platform-organizations" />
        <Stat label={t('stats.revenue')} value={money} testId="platform-revenue" />
        <Stat
          label={t('stats.pendingApprovals')}
          value={number(o.pendingApprovals)}
          testId="platform-pending-approvals"
          to={approvalsLink ?? undefined}
        />
        <Stat
          label={t('stats.broadcasts')}
          value={t('stats.broadcastsValue', { active: o.activeBroadcasts, scheduled: o.scheduledBroadcasts })}
          testId="platform-broadcasts"
        />
      </SimpleGrid>
      {o.unreviewedBreakGlass > 0 && (
        <Badge colorPalette="red" alignSelf="flex-start" data-testid="platform-unreviewed-glass">
          {t('stats.unreviewedGlass', { count: o.unreviewedBreakGlass })}
        </Badge>
      )}
      {o.organizations === 0 && (
        <Text color="fg.muted" data-testid="platform-empty">
          {t('empty')}
        </Text>
      )}
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
        <Section id="platform-plans" title={t('plans.title')} text={t('plans.text')}>
          <Stack as="ul" gap="2" listStyleType="none" data-testid="platform-plans">
            {o.organizationsByPlan.map((p) => (
              <HStack as="li" key={p.plan} justify="space-between" data-plan={p.plan} data-count={p.count}>
                <Text>{t(`plans.${p.plan}`, { defaultValue: p.plan })}</Text>
                <Text fontWeight="semibold">{number(p.count)}</Text>
              </HStack>
            ))}
          </Stack>
        </Section>
        <Section id="platform-growth" title={t('growth.title')} text={t('growth.text')}>
          <Growth growth={o.growth} language={i18n.language} />
        </Section>
      </SimpleGrid>
      <Section id="platform-queues" title={t('queues.title')} text={t('queues.text')}>
        <Box overflowX="auto">
          <Table.Root size="sm" data-testid="platform-queues">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('queues.name')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('queues.waiting')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('queues.active')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('queues.delayed')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('queues.failed')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('queues.completed')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {o.queues.map((q) => (
                <Table.Row key={q.name} data-queue={q.name}>
                  <Table.Cell>{q.name}</Table.Cell>
                  <Table.Cell textAlign="end">{number(q.waiting)}</Table.Cell>
                  <Table.Cell textAlign="end">{number(q.active)}</Table.Cell>
                  <Table.Cell textAlign="end">{number(q.delayed)}</Table.Cell>
                  <Table.Cell textAlign="end" color={q.failed > 0 ? 'fg.error' : undefined}>
                    {number(q.failed)}
                  </Table.Cell>
                  <Table.Cell textAlign="end">{number(q.completed)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      </Section>
    </Stack>
  );
}

/** Links to the other root screens. */
export function RootLinks({ links }: { links: readonly { to: string; label: string; testId: string }[] }) {
  return (
    <HStack as="nav" gap="4" wrap="wrap" data-testid="root-links">
      {links.map((l) => (
        <Link asChild key={l.to} textDecoration="underline" fontWeight="medium">
          <RouterLink to={l.to} data-testid={l.testId}>
            {l.label}
          </RouterLink>
        </Link>
      ))}
    </HStack>
  );
}
