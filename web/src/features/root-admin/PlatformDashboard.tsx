import { Badge, Card, HStack, Link, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { LoadError } from '../../components/list';
import { BarChart } from '../../components/charts';
import { formatCount } from '../../lib/format';
import { QueueTable } from '../../components/QueueTable';
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

/** New organisations per month as bars of the chart kit (its table gives screen readers the figures). */
function Growth({ growth, language }: { growth: PlatformOverview['growth']; language: string }) {
  const { t } = useTranslation('rootAdmin');
  const monthName = (month: string) =>
    new Intl.DateTimeFormat(`${intlLocale(language)}-u-nu-latn`, { month: 'short', year: '2-digit', timeZone: 'UTC' }).format(
      new Date(`${month}-01T00:00:00Z`),
    );
  return (
    <BarChart
      title={t('growth.title')}
      testId="platform-growth"
      data={growth.map((g) => ({ month: g.month, count: g.count }))}
      xKey="month"
      formatX={monthName}
      formatY={(n) => formatCount(n, language)}
      height={200}
      series={[{ key: 'count', label: t('growth.organizations'), color: 'brand.solid' }]}
    />
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
        <QueueTable queues={o.queues} testId="platform-queues" />
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
