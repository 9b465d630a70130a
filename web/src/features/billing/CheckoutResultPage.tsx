import { Alert, Button, Card, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { PageProps } from '../../lib/page';
import { usePageTitle } from '../../lib/usePageTitle';
import { useCancelCheckout, useCheckout, useLiveBilling } from './api';
import { useMoney } from './components';
import { errorText } from '../../lib/error-text';

/**
 * /app/subscription/success and /app/subscription/canceled: where checkout returns. Success shows
 * the new plan (a Stripe payment is confirmed by its webhook: the page follows it live); canceled
 * closes the checkout and says nothing was charged.
 */
export default function CheckoutResultPage({ pageId }: PageProps) {
  const { t } = useTranslation(['billing', 'pricing']);
  usePageTitle(pageId);
  useLiveBilling();
  const money = useMoney();
  const canceledPage = pageId === 'checkoutCanceled';
  const [params] = useSearchParams();
  const id = params.get('checkout');
  const checkout = useCheckout(id);
  const cancel = useCancelCheckout();
  const asked = useRef(false);

  // Coming back from Stripe's page without paying: the open checkout is closed here.
  useEffect(() => {
    if (canceledPage && checkout.data?.status === 'open' && !asked.current) {
      asked.current = true;
      cancel.mutate(checkout.data.id);
    }
  }, [canceledPage, checkout.data, cancel]);

  const data = checkout.data;
  const plan = data ? t(`plans.${data.plan}.name`, { ns: 'pricing' }) : '';
  let body;
  if (!id) body = <Text>{t('result.noCheckout')}</Text>;
  else if (checkout.isPending) body = <Spinner />;
  else if (checkout.isError) body = <Text color="fg.error">{errorText(t, checkout.error)}</Text>;
  else if (canceledPage || data!.status === 'canceled')
    body = (
      <Stack gap="2" data-testid="checkout-canceled">
        <Text>{t('result.canceledText', { plan })}</Text>
      </Stack>
    );
  else if (data!.status === 'completed')
    body = (
      <Stack gap="2" data-testid="checkout-completed" data-plan={data!.plan}>
        <Text fontSize="lg">{t('result.successText', { plan, cycle: t(`billing.${data!.cycle}`, { ns: 'pricing' }) })}</Text>
        {data!.provider === 'builtin' && <Text color="fg.muted">{t('result.invoiceText', { amount: money(data!.totalCents) })}</Text>}
      </Stack>
    );
  else
    body = (
      <HStack gap="3" data-testid="checkout-pending">
        <Spinner size="sm" />
        <Text>{t('result.pending')}</Text>
      </HStack>
    );

  return (
    <Stack gap="6" maxWidth="2xl" data-testid="checkout-result">
      <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
        {canceledPage ? t('result.canceledTitle') : t('result.successTitle')}
      </Heading>
      <Card.Root variant="outline">
        <Card.Body gap="4" padding={{ base: '4', md: '6' }}>
          {body}
          {cancel.isError && (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Description>{errorText(t, cancel.error)}</Alert.Description>
            </Alert.Root>
          )}
          <HStack gap="3" wrap="wrap">
            <Button asChild colorPalette="brand">
              <RouterLink to="/app/subscription">{t('result.toSubscription')}</RouterLink>
            </Button>
            {!canceledPage && (
              <Button asChild variant="outline">
                <RouterLink to="/app/usage">{t('result.toUsage')}</RouterLink>
              </Button>
            )}
          </HStack>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
