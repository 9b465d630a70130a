import { Alert, Button, Card, Heading, Stack, Switch, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { PageProps } from '../../lib/page';
import { ListSkeleton, LoadError } from '../../components/list';
import { toaster } from '../../components/ui/toaster';
import { usePageTitle } from '../../lib/usePageTitle';
import { useInvoices, useLiveBilling, usePortal, useSetRenewal, useSubscription } from './api';
import { CurrentPlan, InvoicesTable } from './components';
import { Section } from '../../components/Section';
import { follow } from './SubscriptionPage';
import { errorText } from '../../lib/error-text';

/**
 * /app/admin/billing-portal: with Stripe, the way to Stripe's own portal (card, invoices, renewal);
 * with the built-in provider, the portal itself: renewal, invoices and how to pay them.
 */
export default function BillingPortalPage({ pageId }: PageProps) {
  const { t } = useTranslation('billing');
  usePageTitle(pageId);
  useLiveBilling();
  const navigate = useNavigate();
  const subscription = useSubscription();
  const invoices = useInvoices();
  const portal = usePortal();
  const renewal = useSetRenewal();
  if (subscription.isPending) return <ListSkeleton testId="portal-loading" />;
  if (subscription.isError)
    return <LoadError title={t('loadError')} error={subscription.error} onRetry={() => void subscription.refetch()} />;
  const info = subscription.data;
  const stripe = info.provider === 'stripe' && info.checkoutProvider === 'stripe';
  return (
    <Stack gap="6" maxWidth="5xl" data-testid="billing-portal-page" data-provider={stripe ? 'stripe' : 'builtin'}>
      <Stack gap="1">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          {t('portal.title')}
        </Heading>
        <Text color="fg.muted">{t(stripe ? 'portal.stripeText' : 'portal.builtinText')}</Text>
      </Stack>
      <CurrentPlan info={info} />
      {stripe ? (
        <Stack gap="3" alignItems="flex-start">
          <Button
            colorPalette="brand"
            loading={portal.isPending}
            onClick={() => portal.mutate(undefined, { onSuccess: (answer) => follow(answer.url, navigate) })}
            data-testid="open-stripe-portal"
          >
            {t('portal.openStripe')}
          </Button>
          {portal.isError && (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Description>{errorText(t, portal.error)}</Alert.Description>
            </Alert.Root>
          )}
        </Stack>
      ) : (
        <>
          {info.status === 'active' && (
            <Section id="portal-renewal" title={t('portal.renewalTitle')} testId="portal-renewal">
              <Card.Root variant="outline">
                <Card.Body gap="2" padding="4">
                  <Switch.Root
                    checked={!info.cancelAtPeriodEnd}
                    disabled={renewal.isPending}
                    onCheckedChange={(e) =>
                      renewal.mutate(!e.checked, {
                        onError: (err) =>
                          toaster.create({ type: 'error', title: t('portal.renewalFailed'), description: errorText(t, err) }),
                      })
                    }
                  >
                    <Switch.HiddenInput />
                    <Switch.Control />
                    <Switch.Label>{t('portal.renewalLabel')}</Switch.Label>
                  </Switch.Root>
                  <Text fontSize="sm" color="fg.muted">
                    {t(info.cancelAtPeriodEnd ? 'portal.renewalOff' : 'portal.renewalOn')}
                  </Text>
                </Card.Body>
              </Card.Root>
            </Section>
          )}
          <Section id="portal-invoices" title={t('invoices.title')} text={t('portal.payText')}>
            {invoices.isPending ? (
              <ListSkeleton testId="invoices-loading" />
            ) : invoices.isError ? (
              <LoadError title={t('invoices.loadError')} error={invoices.error} onRetry={() => void invoices.refetch()} />
            ) : (
              <InvoicesTable invoices={invoices.data} canMarkPaid={false} />
            )}
          </Section>
        </>
      )}
    </Stack>
  );
}
