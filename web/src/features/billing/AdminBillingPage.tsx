import { Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { PageProps } from '../../lib/page';
import { ListSkeleton, LoadError } from '../../components/list';
import { usePageTitle } from '../../lib/usePageTitle';
import { OverageSetting } from '../usage/OverageSetting';
import { useInvoices, useLiveBilling, useSubscription, useUsageOverview } from './api';
import { CurrentPlan, InvoicesTable } from './components';
import { Section } from '../../components/Section';

/** /app/admin/billing: the plan, overage billing, invoices, and the way to the portal and credits. */
export default function AdminBillingPage({ pageId }: PageProps) {
  const { t } = useTranslation(['billing', 'usage']);
  usePageTitle(pageId);
  useLiveBilling();
  const subscription = useSubscription();
  const invoices = useInvoices();
  const usage = useUsageOverview();
  return (
    <Stack gap="6" maxWidth="5xl" data-testid="admin-billing-page">
      <Stack gap="1">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          {t('admin.title')}
        </Heading>
        <Text color="fg.muted">{t('admin.subtitle')}</Text>
      </Stack>
      {subscription.isPending ? (
        <ListSkeleton rows={2} testId="billing-loading" />
      ) : subscription.isError ? (
        <LoadError title={t('loadError')} error={subscription.error} onRetry={() => void subscription.refetch()} />
      ) : (
        <CurrentPlan info={subscription.data} />
      )}
      <HStack gap="3" wrap="wrap">
        <Button asChild colorPalette="brand">
          <RouterLink to="/app/subscription">{t('admin.changePlan')}</RouterLink>
        </Button>
        <Button asChild variant="outline">
          <RouterLink to="/app/admin/billing-portal">{t('admin.portal')}</RouterLink>
        </Button>
        <Button asChild variant="outline">
          <RouterLink to="/app/admin/credits">{t('admin.credits')}</RouterLink>
        </Button>
      </HStack>
      {usage.data?.overageOffered && (
        <Section id="billing-overage" title={t('overage.title', { ns: 'usage' })}>
          <Card.Root variant="outline">
            <Card.Body padding="4">
              <OverageSetting overview={usage.data} />
            </Card.Body>
          </Card.Root>
        </Section>
      )}
      <Section id="billing-invoices" title={t('invoices.title')} text={t('invoices.text')}>
        {invoices.isPending ? (
          <ListSkeleton testId="invoices-loading" />
        ) : invoices.isError ? (
          <LoadError title={t('invoices.loadError')} error={invoices.error} onRetry={() => void invoices.refetch()} />
        ) : (
          <InvoicesTable invoices={invoices.data} canMarkPaid />
        )}
      </Section>
    </Stack>
  );
}
