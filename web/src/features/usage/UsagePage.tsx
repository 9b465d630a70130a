import {
  Alert,
  Badge,
  Button,
  Card,
  Flex,
  Heading,
  HStack,
  Input,
  Link,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import {
  alertSeverity,
  BYTES_PER_GB,
  DEFAULT_USAGE_THRESHOLDS,
  OVERAGE,
  USAGE_THRESHOLD_LIMITS,
  type UsageOverview,
  type UsageResource,
  type UsageResourceType,
} from '@muster/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { BarChart } from '../../components/charts';
import { useSignedInSession } from '../auth/signed-in-session';
import type { PageProps } from '../../lib/page';
import { ListSkeleton, LoadError } from '../../components/list';
import { toaster } from '../../components/ui/toaster';
import { formatCount, formatStorage } from '../../lib/format';
import { usePageTitle } from '../../lib/usePageTitle';
import { useLiveBilling, useSaveThresholds, useUsageOverview } from '../billing/api';
import { useMoney } from '../billing/components';
import { Section } from '../../components/Section';
import { OverageSetting } from './OverageSetting';
import { errorText } from '../../lib/error-text';

/** Bar colour of a share of the limit: red at 100 %, orange from 90 %, yellow past a lower threshold. */
function palette(resource: UsageResource): string {
  if (resource.percent >= 100) return 'red';
  if (resource.percent >= 90) return 'orange';
  const lowest = Math.min(...resource.thresholds);
  return resource.percent >= lowest ? 'yellow' : 'brand';
}

/** A resource's amount in its unit: storage in GB, the rest counted. */
function useAmount(): (type: UsageResourceType, value: number) => string {
  const { i18n } = useTranslation();
  const lng = i18n.resolvedLanguage;
  return (type, value) =>
    type === 'storage' ? formatStorage(Math.round((value / BYTES_PER_GB) * 100) / 100, lng) : formatCount(value, lng);
}

function ResourceCard({ resource, overview }: { resource: UsageResource; overview: UsageOverview }) {
  const { t } = useTranslation('usage');
  const amount = useAmount();
  const label = t(`resources.${resource.resourceType}`);
  const shown = Math.min(resource.percent, 100);
  return (
    <Card.Root
      as="li"
      variant="outline"
      data-testid="usage-resource"
      data-resource={resource.resourceType}
      data-percent={resource.percent}
      data-severity={resource.percent >= Math.min(...resource.thresholds) ? alertSeverity(resource.percent) : 'ok'}
    >
      <Card.Body gap="3" padding="4">
        <HStack justify="space-between" align="baseline" gap="2" wrap="wrap">
          <Heading as="h3" size="md">
            {label}
          </Heading>
          <Text fontWeight="semibold" dir="ltr">
            {t('page.percent', { percent: resource.percent })}
          </Text>
        </HStack>
        <Progress.Root
          value={shown}
          max={100}
          colorPalette={palette(resource)}
          size="md"
          aria-label={t('page.barLabel', { resource: label })}
        >
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
        <Text fontSize="sm">
          {t('page.usedOf', { used: amount(resource.resourceType, resource.used), limit: amount(resource.resourceType, resource.limit) })}
        </Text>
        <Flex gap="1.5" wrap="wrap">
          {resource.enforced && (
            <Badge colorPalette="red" variant="surface">
              {t('page.enforced')}
            </Badge>
          )}
          {!resource.enforced && overview.overageEnabled && (resource.resourceType === 'drill' || resource.resourceType === 'storage') && (
            <Badge colorPalette="purple" variant="surface">
              {t('page.overageBilled')}
            </Badge>
          )}
          {resource.fairUse !== null && (
            <Badge variant="outline">{t('page.fairUse', { limit: amount(resource.resourceType, resource.fairUse) })}</Badge>
          )}
        </Flex>
        <Text fontSize="xs" color="fg.muted">
          {t('page.thresholds', { list: resource.thresholds.map((n) => `${String(n)}%`).join(', ') })}
        </Text>
      </Card.Body>
    </Card.Root>
  );
}

/**
 * Six months of one resource as bars of the chart kit (this month in the brand colour), with the
 * plan's limit as a dashed line when it is near the figures: a limit far above the usage would
 * flatten every bar. Screen readers get the figures as the chart's table.
 */
function HistoryChart({ type, overview }: { type: UsageResourceType; overview: UsageOverview }) {
  const { t, i18n } = useTranslation('usage');
  const lng = i18n.resolvedLanguage;
  // Storage is drawn in GB, so the axis reads "2 GB", not a count of bytes.
  const scaled = (value: number) => (type === 'storage' ? value / BYTES_PER_GB : value);
  const rows = overview.history.map((h) => ({ period: h.period, used: scaled(h.usage[type]) }));
  const limit = scaled(overview.resources.find((r) => r.resourceType === type)?.limit ?? 0);
  const peak = Math.max(...rows.map((r) => r.used));
  const limitShown = limit > 0 && limit <= peak * 2;
  const current = rows[rows.length - 1]?.period;
  const month = (period: string) =>
    new Intl.DateTimeFormat(`${lng ?? 'en'}-u-nu-latn`, { month: 'short', timeZone: 'UTC' }).format(new Date(`${period}-01T00:00:00Z`));
  const amount = (value: number) => (type === 'storage' ? formatStorage(Math.round(value * 100) / 100, lng) : formatCount(value, lng));
  const label = t(`resources.${type}`);
  return (
    <Card.Root variant="outline" as="figure" data-testid="usage-history" data-resource={type}>
      <Card.Body gap="3" padding="4">
        <Text as="figcaption" fontWeight="semibold">
          {label}
        </Text>
        <BarChart
          title={t('page.historyTitle', { resource: label })}
          data={rows}
          xKey="period"
          formatX={month}
          formatY={amount}
          height={150}
          testId="usage-history-chart"
          series={[{ key: 'used', label: t('page.used'), color: 'brand.emphasized' }]}
          barColor={(row) => (row.period === current ? 'brand.solid' : undefined)}
          references={limitShown ? [{ value: limit, label: t('page.limitLine'), color: 'red.solid', testId: 'usage-history-limit' }] : []}
        />
      </Card.Body>
    </Card.Root>
  );
}

/** An ADMIN's thresholds of one resource: 90 and 100 stay; others can be added and removed. */
function ThresholdRow({ resource }: { resource: UsageResource }) {
  const { t } = useTranslation(['usage', 'billing']);
  const save = useSaveThresholds();
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const label = t(`resources.${resource.resourceType}`);
  const store = (thresholds: number[]) =>
    save.mutate(
      { resourceType: resource.resourceType, thresholds },
      {
        onSuccess: () => {
          setDraft('');
          setError(null);
          toaster.create({ type: 'success', title: t('thresholds.saved', { resource: label }) });
        },
        onError: (err) => setError(errorText(t, err)),
      },
    );
  const add = () => {
    const value = Number(draft);
    if (!Number.isInteger(value) || value < USAGE_THRESHOLD_LIMITS.min || value > USAGE_THRESHOLD_LIMITS.max) {
      setError(t('thresholds.invalid', { min: USAGE_THRESHOLD_LIMITS.min, max: USAGE_THRESHOLD_LIMITS.max }));
      return;
    }
    if (resource.thresholds.length >= USAGE_THRESHOLD_LIMITS.perResourceMax) {
      setError(t('thresholds.tooMany', { max: USAGE_THRESHOLD_LIMITS.perResourceMax }));
      return;
    }
    store([...resource.thresholds, value]);
  };
  const inputId = `threshold-${resource.resourceType}`;
  return (
    <Stack as="li" gap="2" paddingY="3" data-testid="threshold-row" data-resource={resource.resourceType}>
      <Flex gap="3" wrap="wrap" align="center" justify="space-between">
        <Text fontWeight="medium" minWidth="40">
          {label}
        </Text>
        <Flex gap="1.5" wrap="wrap">
          {resource.thresholds.map((n) =>
            DEFAULT_USAGE_THRESHOLDS.includes(n) ? (
              <Badge key={n} size="lg" variant="subtle" colorPalette={n >= 100 ? 'red' : 'orange'}>
                {`${String(n)}%`}
              </Badge>
            ) : (
              <Button
                key={n}
                size="xs"
                variant="outline"
                colorPalette="yellow"
                onClick={() => store(resource.thresholds.filter((x) => x !== n))}
                aria-label={t('thresholds.remove', { percent: n, resource: label })}
                disabled={save.isPending}
              >
                {`${String(n)}% ×`}
              </Button>
            ),
          )}
        </Flex>
        <HStack gap="2">
          <VisuallyHidden asChild>
            <label htmlFor={inputId}>{t('thresholds.addLabel', { resource: label })}</label>
          </VisuallyHidden>
          <Input
            id={inputId}
            size="sm"
            width="20"
            inputMode="numeric"
            value={draft}
            placeholder="75"
            onChange={(e) => setDraft(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') add();
            }}
            aria-invalid={error ? true : undefined}
          />
          <Button size="sm" variant="outline" onClick={add} loading={save.isPending} data-testid="threshold-add">
            {t('thresholds.add')}
          </Button>
        </HStack>
      </Flex>
      {error && (
        <Text fontSize="sm" color="fg.error" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

function UsageContent() {
  const { t } = useTranslation(['usage', 'pricing', 'billing']);
  const session = useSignedInSession();
  const overview = useUsageOverview();
  const money = useMoney();
  if (overview.isPending) return <ListSkeleton testId="usage-loading" />;
  if (overview.isError)
    return <LoadError title={t('page.loadError')} error={overview.error} onRetry={() => void overview.refetch()} testId="usage-error" />;
  const data = overview.data;
  const isAdmin = session.role === 'ADMIN';
  const { charges } = data;
  return (
    <Stack gap="8">
      <Text data-testid="usage-plan" data-plan={data.plan}>
        {t('page.plan', { plan: t(`plans.${data.plan}.name`, { ns: 'pricing' }), period: data.period })}{' '}
        <Link asChild color="brand.fg">
          <RouterLink to="/app/subscription">{t('page.changePlan')}</RouterLink>
        </Link>
      </Text>
      <Section id="usage-resources" title={t('page.current')} text={t('page.currentText')}>
        <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: 2, lg: 3 }} gap="4">
          {data.resources.map((r) => (
            <ResourceCard key={r.resourceType} resource={r} overview={data} />
          ))}
        </SimpleGrid>
      </Section>
      {data.overageOffered && (
        <Section id="usage-charges" title={t('charges.title')} text={t('charges.text')} testId="usage-charges">
          <Card.Root variant="outline">
            <Card.Body gap="1" padding="4">
              <Text data-testid="charges-runs">
                {t('charges.runs', {
                  runs: charges.runsOverLimit,
                  count: charges.runBlocks,
                  size: OVERAGE.drillRunBlockSize,
                  amount: money(charges.runCents),
                })}
              </Text>
              <Text data-testid="charges-storage">
                {t('charges.storage', { gb: charges.storageGbOverLimit, amount: money(charges.storageCents) })}
              </Text>
              <Text fontWeight="semibold" data-testid="charges-total" data-cents={charges.totalCents}>
                {t('charges.total', { amount: money(charges.totalCents) })}
              </Text>
            </Card.Body>
          </Card.Root>
          {isAdmin ? (
            <OverageSetting overview={data} />
          ) : (
            <Text fontSize="sm" color="fg.muted">
              {t(data.overageEnabled ? 'overage.on' : 'overage.off')}
            </Text>
          )}
        </Section>
      )}
      <Section id="usage-history" title={t('page.history')} text={t('page.historyText')}>
        <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="4">
          {data.resources.map((r) => (
            <HistoryChart key={r.resourceType} type={r.resourceType} overview={data} />
          ))}
        </SimpleGrid>
      </Section>
      <Section
        id="usage-thresholds"
        title={t('thresholds.title')}
        text={t(isAdmin ? 'thresholds.text' : 'thresholds.readOnly')}
        testId="usage-thresholds"
      >
        {isAdmin ? (
          <Card.Root variant="outline">
            <Card.Body paddingY="1" paddingX="4">
              <Stack as="ul" gap="0" listStyleType="none" css={{ '& > li + li': { borderTopWidth: '1px' } }}>
                {data.resources.map((r) => (
                  <ThresholdRow key={r.resourceType} resource={r} />
                ))}
              </Stack>
            </Card.Body>
          </Card.Root>
        ) : null}
      </Section>
    </Stack>
  );
}

/** /app/usage: every metered resource against the plan, six months of history, thresholds and overage. */
export default function UsagePage({ pageId }: PageProps) {
  const { t } = useTranslation('usage');
  usePageTitle(pageId);
  useLiveBilling();
  const session = useSignedInSession();
  return (
    <Stack gap="6" maxWidth="6xl" data-testid="usage-page">
      <Stack gap="1">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          {t('page.title')}
        </Heading>
        <Text color="fg.muted">{t('page.subtitle')}</Text>
      </Stack>
      {session.org ? (
        <UsageContent />
      ) : (
        <Alert.Root status="info" data-testid="usage-no-organization">
          <Alert.Indicator />
          <Alert.Description>{t('page.noOrganization')}</Alert.Description>
        </Alert.Root>
      )}
    </Stack>
  );
}
