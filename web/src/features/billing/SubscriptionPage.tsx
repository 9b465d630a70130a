import { Alert, Badge, Button, Card, Heading, HStack, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { PLAN_IDS, PLANS, planPrice, type BillingCycle, type Checkout, type PlanId, type SubscriptionInfo } from '@muster/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { useSignedInSession } from '../auth/signed-in-session';
import type { PageProps } from '../../lib/page';
import { BillingCycleToggle } from '../../components/BillingCycleToggle';
import { ListSkeleton, LoadError } from '../../components/list';
import { formatCount, formatStorage } from '../../lib/format';
import { usePageTitle } from '../../lib/usePageTitle';
import { useCancelCheckout, useCheckout, useCompleteCheckout, useLiveBilling, useStartCheckout, useSubscription } from './api';
import { CurrentPlan, useMoney } from './components';
import { Section } from '../../components/Section';
import { errorText } from '../../lib/error-text';

/** Where a checkout sends the browser: Stripe's page (another site) or a page of the app. */
export function follow(url: string, navigate: (to: string) => unknown): void {
  if (/^https?:\/\//.test(url)) window.location.assign(url);
  else void navigate(url);
}

function PlanOption({
  plan,
  cycle,
  info,
  onChoose,
  busy,
}: {
  plan: PlanId;
  cycle: BillingCycle;
  info: SubscriptionInfo;
  onChoose: (plan: PlanId) => void;
  busy: boolean;
}) {
  const { t, i18n } = useTranslation(['billing', 'pricing']);
  const money = useMoney();
  const lng = i18n.resolvedLanguage;
  const price = planPrice(plan, cycle);
  const { limits } = PLANS[plan];
  const current = info.status === 'active' && info.plan === plan && info.cycle === cycle;
  const upgrade = PLAN_IDS.indexOf(plan) > PLAN_IDS.indexOf(info.plan);
  return (
    <Card.Root
      as="li"
      variant="outline"
      borderWidth={current ? '2px' : '1px'}
      borderColor={current ? 'brand.solid' : undefined}
      data-testid={`plan-option-${plan}`}
    >
      <Card.Body gap="3" padding="5">
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Heading as="h3" size="lg">
            {t(`plans.${plan}.name`, { ns: 'pricing' })}
          </Heading>
          {current && <Badge colorPalette="brand">{t('plans.current')}</Badge>}
        </HStack>
        <Stack gap="0.5">
          <HStack align="baseline" gap="1">
            {PLANS[plan].priceIsFrom && (
              <Text as="span" color="fg.muted">
                {t('price.from', { ns: 'pricing' })}
              </Text>
            )}
            <Text as="span" fontSize="3xl" fontWeight="bold" dir="ltr" data-testid={`option-price-${plan}`}>
              {money(price.perMonthCents)}
            </Text>
            <Text as="span" color="fg.muted">
              {t('price.perMonth', { ns: 'pricing' })}
            </Text>
          </HStack>
          <Text fontSize="sm" color="fg.muted">
            {cycle === 'annual'
              ? t('price.billedAnnually', { ns: 'pricing', amount: money(price.perPeriodCents) })
              : t('price.billedMonthly', { ns: 'pricing' })}
          </Text>
        </Stack>
        <Stack as="ul" gap="1" fontSize="sm" listStyleType="disc" paddingInlineStart="5">
          <li>{t('limits.users', { ns: 'pricing', count: formatCount(limits.users, lng) })}</li>
          <li>{t('limits.runs', { ns: 'pricing', count: formatCount(limits.drillRunsPerMonth, lng) })}</li>
          <li>{t('limits.storage', { ns: 'pricing', amount: formatStorage(limits.storageGb, lng) })}</li>
        </Stack>
        {info.canManage && !current && (
          <Button
            colorPalette="brand"
            variant={upgrade ? 'solid' : 'outline'}
            onClick={() => onChoose(plan)}
            loading={busy}
            data-testid={`choose-${plan}`}
          >
            {upgrade
              ? t('plans.upgrade', { plan: t(`plans.${plan}.name`, { ns: 'pricing' }) })
              : t('plans.change', { plan: t(`plans.${plan}.name`, { ns: 'pricing' }) })}
          </Button>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/** The built-in provider's order review: confirm issues the invoice and changes the plan at once. */
function CheckoutReview({ checkout }: { checkout: Checkout }) {
  const { t } = useTranslation(['billing', 'pricing']);
  const money = useMoney();
  const navigate = useNavigate();
  const complete = useCompleteCheckout();
  const cancel = useCancelCheckout();
  const [error, setError] = useState<string | null>(null);
  const plan = t(`plans.${checkout.plan}.name`, { ns: 'pricing' });
  return (
    <Card.Root variant="outline" borderColor="brand.solid" borderWidth="2px" data-testid="checkout-review">
      <Card.Body gap="4" padding={{ base: '4', md: '6' }}>
        <Heading as="h2" size="xl">
          {t('review.title')}
        </Heading>
        <Stack gap="1">
          <Text>{t('review.change', { from: t(`plans.${checkout.fromPlan}.name`, { ns: 'pricing' }), to: plan })}</Text>
          <Text>{t(`review.cycle.${checkout.cycle}`)}</Text>
        </Stack>
        <Stack gap="1" maxWidth="sm">
          <HStack justify="space-between">
            <Text>{t('review.price')}</Text>
            <Text dir="ltr">{money(checkout.amountCents)}</Text>
          </HStack>
          {checkout.creditCents > 0 && (
            <HStack justify="space-between" data-testid="review-credit">
              <Text>{t('review.credit')}</Text>
              <Text dir="ltr">−{money(checkout.creditCents)}</Text>
            </HStack>
          )}
          <HStack justify="space-between" fontWeight="bold" borderTopWidth="1px" paddingTop="1">
            <Text>{t('review.total')}</Text>
            <Text dir="ltr" data-testid="review-total">
              {money(checkout.totalCents)}
            </Text>
          </HStack>
        </Stack>
        <Text fontSize="sm" color="fg.muted">
          {t('review.terms')}
        </Text>
        {error && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Description>{error}</Alert.Description>
          </Alert.Root>
        )}
        <HStack gap="3" wrap="wrap">
          <Button
            colorPalette="brand"
            loading={complete.isPending}
            disabled={cancel.isPending}
            onClick={() =>
              // The review unmounts as soon as the checkout reads completed: go on from the promise.
              void complete.mutateAsync(checkout.id).then(
                () => void navigate(`/app/subscription/success?checkout=${checkout.id}`),
                (err: unknown) => setError(errorText(t, err)),
              )
            }
            data-testid="review-confirm"
          >
            {t('review.confirm')}
          </Button>
          <Button
            variant="outline"
            loading={cancel.isPending}
            disabled={complete.isPending}
            onClick={() =>
              void cancel.mutateAsync(checkout.id).then(
                () => void navigate(`/app/subscription/canceled?checkout=${checkout.id}`),
                (err: unknown) => setError(errorText(t, err)),
              )
            }
            data-testid="review-cancel"
          >
            {t('review.cancel')}
          </Button>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

function SubscriptionContent() {
  const { t } = useTranslation(['billing', 'pricing']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const subscription = useSubscription();
  const checkoutId = params.get('checkout');
  const checkout = useCheckout(checkoutId);
  const start = useStartCheckout();
  const [cycle, setCycle] = useState<BillingCycle | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (subscription.isPending) return <ListSkeleton testId="subscription-loading" />;
  if (subscription.isError)
    return (
      <LoadError
        title={t('loadError')}
        error={subscription.error}
        onRetry={() => void subscription.refetch()}
        testId="subscription-error"
      />
    );
  const info = subscription.data;
  const shownCycle = cycle ?? (info.status === 'active' ? info.cycle : 'monthly');
  const choose = (plan: PlanId) => {
    setError(null);
    start.mutate(
      { plan, cycle: shownCycle },
      { onSuccess: (opened) => follow(opened.url, navigate), onError: (err) => setError(errorText(t, err)) },
    );
  };
  const review = checkout.data && checkout.data.status === 'open' && checkout.data.provider === 'builtin' ? checkout.data : null;
  return (
    <Stack gap="8">
      {review && <CheckoutReview checkout={review} />}
      {checkoutId && checkout.isError && (
        <Alert.Root status="warning" data-testid="checkout-missing">
          <Alert.Indicator />
          <Alert.Description>{errorText(t, checkout.error)}</Alert.Description>
        </Alert.Root>
      )}
      <CurrentPlan info={info} />
      <Section
        id="subscription-plans"
        title={t('plans.title')}
        text={t(info.canManage ? 'plans.text' : 'plans.readOnly')}
        testId="plan-options"
      >
        <BillingCycleToggle cycle={shownCycle} onChange={setCycle} testIdPrefix="cycle" />
        {error && (
          <Alert.Root status="error" data-testid="checkout-error">
            <Alert.Indicator />
            <Alert.Description>{error}</Alert.Description>
          </Alert.Root>
        )}
        <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: 3 }} gap="4">
          {PLAN_IDS.map((plan) => (
            <PlanOption
              key={plan}
              plan={plan}
              cycle={shownCycle}
              info={info}
              onChoose={choose}
              busy={start.isPending && start.variables.plan === plan}
            />
          ))}
        </SimpleGrid>
        <Text fontSize="sm" color="fg.muted">
          {t(info.checkoutProvider === 'stripe' ? 'plans.viaStripe' : 'plans.viaInvoice')}{' '}
          <Link asChild color="brand.fg">
            <RouterLink to="/pricing">{t('plans.compare')}</RouterLink>
          </Link>
        </Text>
      </Section>
    </Stack>
  );
}

/** /app/subscription: the current plan and trial, the plans with the monthly/annual toggle, checkout. */
export default function SubscriptionPage({ pageId }: PageProps) {
  const { t } = useTranslation('billing');
  usePageTitle(pageId);
  useLiveBilling();
  const session = useSignedInSession();
  return (
    <Stack gap="6" maxWidth="6xl" data-testid="subscription-page">
      <Stack gap="1">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          {t('subscription.title')}
        </Heading>
        <Text color="fg.muted">{t('subscription.subtitle')}</Text>
      </Stack>
      {session.org ? (
        <SubscriptionContent />
      ) : (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Description>{t('noOrganization')}</Alert.Description>
        </Alert.Root>
      )}
    </Stack>
  );
}
