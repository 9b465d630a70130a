import { Badge, Box, Button, Card, Container, Heading, HStack, SimpleGrid, Stack, Table, Text, VisuallyHidden } from '@chakra-ui/react';
import {
  ANNUAL_DISCOUNT_PERCENT,
  formatUsd,
  LEGAL,
  OVERAGE,
  PLAN_FEATURES,
  PLAN_IDS,
  PLANS,
  planPrice,
  PRODUCT_NAME,
  TRIAL_DAYS,
  type BillingCycle,
  type PlanFeature,
  type PlanId,
} from '@muster/contracts';
import { tableSlotRecipe } from '@chakra-theme/recipes/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { BillingCycleToggle } from '../../components/BillingCycleToggle';
import { addRecipes } from '../../components/ui/system';
import { formatCount, formatStorage } from '../../lib/format';
import { CheckIcon, CheckList, CtaBand, Disclaimer, PageHeader } from './SiteBlocks';
import { usePageMeta } from './usePageMeta';

addRecipes({ slotRecipes: { table: tableSlotRecipe } });

/** Rows of the comparison table, by group, in the order shown. */
const COMPARISON: readonly { group: string; features: readonly PlanFeature[] }[] = [
  { group: 'drills', features: ['templates', 'console', 'summaries', 'reminders', 'generate'] },
  { group: 'compliance', features: ['packets', 'mapsSops', 'documents', 'evidenceVault', 'guestAuditors'] },
  { group: 'support', features: ['helpDesk', 'liveChat', 'analytics', 'priority'] },
  { group: 'security', features: ['auditTrail', 'sso', 'scim', 'siem', 'recovery'] },
];
const STORIES = ['port', 'fleet', 'enterprise'] as const;
const PRICING_FAQ = ['trial', 'annual', 'limit', 'fairUse', 'change', 'refunds'] as const;

function useFormatters() {
  const { i18n } = useTranslation();
  const lng = i18n.resolvedLanguage;
  return {
    usd: (cents: number) => formatUsd(cents, lng),
    count: (n: number) => formatCount(n, lng),
    storage: (gb: number) => formatStorage(gb, lng),
  };
}

function PlanCard({ plan, cycle }: { plan: PlanId; cycle: BillingCycle }) {
  const { t } = useTranslation('pricing');
  const f = useFormatters();
  const def = PLANS[plan];
  const price = planPrice(plan, cycle);
  const { limits, fairUse } = def;
  const featured = plan === 'standard';
  const limitLines = fairUse
    ? [
        t('limits.usersFairUse', { count: f.count(limits.users), fairUse: f.count(fairUse.users) }),
        t('limits.runsFairUse', { count: f.count(limits.drillRunsPerMonth), fairUse: f.count(fairUse.drillRunsPerMonth) }),
        t('limits.storageFairUse', { amount: f.storage(limits.storageGb), fairUse: f.storage(fairUse.storageGb) }),
        t('overage.fairUse'),
      ]
    : [
        t('limits.users', { count: f.count(limits.users) }),
        t('limits.runs', { count: f.count(limits.drillRunsPerMonth) }),
        t('limits.storage', { amount: f.storage(limits.storageGb) }),
        t('overage.runs', { price: f.usd(OVERAGE.drillRunBlockPriceCents), count: OVERAGE.drillRunBlockSize }),
        t('overage.storage', { price: f.usd(OVERAGE.storagePricePerGbCents) }),
      ];
  const cta = plan === 'enterprise' ? '/contact?subject=enterprise_inquiry' : '/signup';
  return (
    <Card.Root
      as="article"
      variant="outline"
      borderWidth={featured ? '2px' : '1px'}
      borderColor={featured ? 'brand.solid' : undefined}
      data-testid={`plan-${plan}`}
      aria-labelledby={`plan-${plan}-name`}
    >
      <Card.Body gap="4">
        <HStack justify="space-between" align="center">
          <Heading as="h2" size="xl" id={`plan-${plan}-name`}>
            {t(`plans.${plan}.name`)}
          </Heading>
          {featured && (
            <Badge colorPalette="yellow" variant="solid">
              {t('plans.standard.badge')}
            </Badge>
          )}
        </HStack>
        <Text color="fg.muted" minH={{ md: '3lh' }}>
          {t(`plans.${plan}.tagline`)}
        </Text>
        <Stack gap="1">
          <HStack align="baseline" gap="1" wrap="wrap">
            {def.priceIsFrom && (
              <Text as="span" color="fg.muted">
                {t('price.from')}
              </Text>
            )}
            <Text
              as="span"
              fontSize="4xl"
              fontWeight="bold"
              lineHeight="1"
              data-testid={`price-${plan}`}
              data-cents={price.perMonthCents}
              dir="ltr"
            >
              {f.usd(price.perMonthCents)}
            </Text>
            <Text as="span" color="fg.muted">
              {t('price.perMonth')}
            </Text>
          </HStack>
          <Text fontSize="sm" color="fg.muted" data-testid={`billed-${plan}`}>
            {cycle === 'annual' ? t('price.billedAnnually', { amount: f.usd(price.perPeriodCents) }) : t('price.billedMonthly')}
          </Text>
        </Stack>
        <Button asChild colorPalette="brand" variant={featured ? 'solid' : 'outline'} size="lg">
          <RouterLink to={cta}>{t(`plans.${plan}.cta`)}</RouterLink>
        </Button>
        <CheckList items={limitLines} />
      </Card.Body>
    </Card.Root>
  );
}

function Included({ yes }: { yes: boolean }) {
  const { t } = useTranslation('pricing');
  return yes ? (
    <HStack justify="center">
      <CheckIcon />
      <VisuallyHidden>{t('compare.included')}</VisuallyHidden>
    </HStack>
  ) : (
    <Text as="span" color="fg.subtle" aria-label={t('compare.notIncluded')} role="img">
      —
    </Text>
  );
}

function ComparisonTable() {
  const { t } = useTranslation('pricing');
  const f = useFormatters();
  const limitRow = (label: string, cell: (plan: PlanId) => string) => (
    <Table.Row key={label}>
      <Table.ColumnHeader scope="row" fontWeight="normal">
        {label}
      </Table.ColumnHeader>
      {PLAN_IDS.map((plan) => (
        <Table.Cell key={plan} textAlign="center">
          {cell(plan)}
        </Table.Cell>
      ))}
    </Table.Row>
  );
  /** The heading row of a group of rows (each group is its own table body). */
  const groupHeader = (label: string) => (
    <Table.Row bg="bg.muted">
      <Table.ColumnHeader colSpan={4} scope="rowgroup">
        {label}
      </Table.ColumnHeader>
    </Table.Row>
  );
  const withFairUse = (plan: PlanId, value: (p: (typeof PLANS)[PlanId]['limits']) => string) => {
    const def = PLANS[plan];
    return def.fairUse
      ? `${value(def.limits)} (${t('compare.fairUse')}: ${value(def.fairUse)})`
      : t('compare.upTo', { count: value(def.limits) });
  };
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md" position="relative">
      <Table.Root size="sm" stickyHeader>
        <Table.Caption captionSide="top" textAlign="start" px="3" py="2" fontWeight="semibold">
          {t('compare.title')}
        </Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('compare.feature')}</Table.ColumnHeader>
            {PLAN_IDS.map((plan) => (
              <Table.ColumnHeader key={plan} textAlign="center">
                {t(`plans.${plan}.name`)}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {groupHeader(t('compare.groups.limits'))}
          {limitRow(t('compare.rows.users'), (plan) => withFairUse(plan, (l) => f.count(l.users)))}
          {limitRow(t('compare.rows.runs'), (plan) => withFairUse(plan, (l) => f.count(l.drillRunsPerMonth)))}
          {limitRow(t('compare.rows.storage'), (plan) => withFairUse(plan, (l) => f.storage(l.storageGb)))}
          {limitRow(t('compare.rows.overage'), (plan) => (PLANS[plan].overageBilling ? t('compare.overageYes') : t('compare.fairUse')))}
        </Table.Body>
        {COMPARISON.map(({ group, features }) => (
          <Table.Body key={group}>
            {groupHeader(t(`compare.groups.${group}`))}
            {features.map((feature) => (
              <Table.Row key={feature}>
                <Table.ColumnHeader scope="row" fontWeight="normal">
                  {t(`compare.rows.${feature}`)}
                </Table.ColumnHeader>
                {PLAN_IDS.map((plan) => (
                  <Table.Cell key={plan} textAlign="center">
                    <Included yes={PLAN_FEATURES[feature][plan]} />
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        ))}
      </Table.Root>
    </Table.ScrollArea>
  );
}

export default function PricingPage() {
  const { t } = useTranslation('pricing');
  usePageMeta('pricing');
  const f = useFormatters();
  const [cycle, setCycle] = useState<BillingCycle>('monthly');
  const percent = ANNUAL_DISCOUNT_PERCENT;
  return (
    <>
      <PageHeader title={t('title')} lead={t('lead', { days: TRIAL_DAYS, percent })}>
        <BillingCycleToggle testIdPrefix="billing" cycle={cycle} onChange={setCycle} />
      </PageHeader>
      <Container maxW="6xl" py={{ base: '10', md: '14' }}>
        <Stack gap="14">
          <SimpleGrid columns={{ base: 1, lg: 3 }} gap="6" data-billing={cycle}>
            {PLAN_IDS.map((plan) => (
              <PlanCard key={plan} plan={plan} cycle={cycle} />
            ))}
          </SimpleGrid>

          <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
            <Stack gap="2" bg="bg.subtle" borderRadius="md" p="5">
              <Heading as="h2" size="lg">
                {t('trial.title', { days: TRIAL_DAYS })}
              </Heading>
              <Text color="fg.muted">{t('trial.text', { days: TRIAL_DAYS })}</Text>
            </Stack>
            <Stack gap="2" bg="bg.subtle" borderRadius="md" p="5">
              <Heading as="h2" size="lg">
                {t('overage.title')}
              </Heading>
              <Text color="fg.muted">
                {t('overage.text', {
                  runPrice: f.usd(OVERAGE.drillRunBlockPriceCents),
                  runBlock: OVERAGE.drillRunBlockSize,
                  gbPrice: f.usd(OVERAGE.storagePricePerGbCents),
                })}
              </Text>
            </Stack>
          </SimpleGrid>

          <ComparisonTable />

          <Stack gap="6" as="section" aria-labelledby="stories-title">
            <Heading as="h2" size="2xl" id="stories-title">
              {t('stories.title', { product: PRODUCT_NAME })}
            </Heading>
            <SimpleGrid columns={{ base: 1, md: 3 }} gap="5">
              {STORIES.map((key) => (
                <Card.Root as="figure" key={key} variant="subtle" m="0">
                  <Card.Body gap="4">
                    <Box as="blockquote" fontSize="md" lineHeight="tall">
                      “{t(`stories.${key}.quote`)}”
                    </Box>
                    <Box as="figcaption">
                      <Text fontWeight="semibold">{t(`stories.${key}.author`)}</Text>
                      <Text fontSize="sm" color="fg.muted">
                        {t(`stories.${key}.org`)}
                      </Text>
                    </Box>
                  </Card.Body>
                </Card.Root>
              ))}
            </SimpleGrid>
            <Text fontSize="sm" color="fg.muted">
              {t('stories.note')}
            </Text>
          </Stack>

          <Stack gap="6" as="section" aria-labelledby="pricing-faq-title">
            <Heading as="h2" size="2xl" id="pricing-faq-title">
              {t('faq.title')}
            </Heading>
            <SimpleGrid as="dl" columns={{ base: 1, md: 2 }} gap="6">
              {PRICING_FAQ.map((key) => (
                <Stack key={key} gap="1">
                  <Text as="dt" fontWeight="semibold">
                    {t(`faq.${key}.q`)}
                  </Text>
                  <Text as="dd" color="fg.muted" ms="0">
                    {t(`faq.${key}.a`, { days: key === 'fairUse' ? LEGAL.fairUseNoticeDays : TRIAL_DAYS, percent })}
                  </Text>
                </Stack>
              ))}
            </SimpleGrid>
          </Stack>
          <Disclaimer />
        </Stack>
      </Container>
      <CtaBand secondary="contact" />
    </>
  );
}
