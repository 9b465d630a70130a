import { Logger } from '@nestjs/common';
import { planName } from '@muster/contracts';
import Stripe from 'stripe';
import { DomainError } from '../../../platform/errors/domain-error.js';
import type { CheckoutRequest, CheckoutStart, PaymentProvider } from './payment-provider.js';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Another API base (stripe-mock, a test double). */
  apiUrl?: string;
}

/** The Stripe client's options for an API base other than api.stripe.com. */
function clientOptions(apiUrl: string | undefined): ConstructorParameters<typeof Stripe>[1] {
  const base = { maxNetworkRetries: 2, timeout: 15_000, appInfo: { name: 'Muster' } };
  if (!apiUrl) return base;
  const url = new URL(apiUrl);
  return {
    ...base,
    host: url.hostname,
    port: url.port || (url.protocol === 'https:' ? 443 : 80),
    protocol: url.protocol === 'https:' ? 'https' : 'http',
  };
}

/**
 * Stripe: Checkout Sessions in subscription mode with the plan's price inline, the customer's
 * balance carrying upgrade credits to the first invoice, and the Stripe billing portal. Events
 * come back through `/api/webhooks/stripe`, verified with the endpoint's signing secret.
 */
export class StripePaymentProvider implements PaymentProvider {
  readonly id = 'stripe' as const;
  private readonly stripe: Stripe;
  private readonly logger = new Logger('Stripe');

  constructor(private readonly settings: StripeSettings) {
    this.stripe = new Stripe(settings.secretKey, clientOptions(settings.apiUrl));
  }

  async startCheckout(request: CheckoutRequest): Promise<CheckoutStart> {
    return this.call(async () => {
      const customerId =
        request.customerId ??
        (
          await this.stripe.customers.create({
            name: request.orgName,
            ...(request.customerEmail ? { email: request.customerEmail } : {}),
            metadata: { orgId: request.orgId },
          })
        ).id;
      if (request.creditCents > 0) {
        // A negative balance is taken off the customer's next invoice by Stripe.
        await this.stripe.customers.createBalanceTransaction(customerId, {
          amount: -request.creditCents,
          currency: 'usd',
          description: 'Muster upgrade credit',
          metadata: { checkoutId: request.checkoutId },
        });
      }
      const interval = request.cycle === 'annual' ? 'year' : 'month';
      const session = await this.stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          customer: customerId,
          client_reference_id: request.checkoutId,
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'usd',
                unit_amount: request.amountCents,
                recurring: { interval },
                product_data: { name: `Muster ${planName(request.plan)}` },
              },
            },
          ],
          metadata: { checkoutId: request.checkoutId, orgId: request.orgId, plan: request.plan, cycle: request.cycle },
          subscription_data: { metadata: { orgId: request.orgId, plan: request.plan, cycle: request.cycle } },
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
        },
        // A retried start never makes two sessions for one checkout.
        { idempotencyKey: `checkout-${request.checkoutId}` },
      );
      if (!session.url) throw new Error('Stripe answered a Checkout Session without a URL');
      return { url: session.url, reference: session.id, customerId };
    });
  }

  async portalUrl(request: { customerId: string | null; returnUrl: string }): Promise<string> {
    if (!request.customerId) {
      // Nothing bought through Stripe yet: the built-in page shows the plan and its invoices.
      return '/app/admin/billing-portal';
    }
    const customer = request.customerId;
    return this.call(async () => (await this.stripe.billingPortal.sessions.create({ customer, return_url: request.returnUrl })).url);
  }

  /** Verifies a webhook's `Stripe-Signature` over the raw body; answers the event or refuses. */
  event(rawBody: Buffer, signature: string | undefined): Stripe.Event {
    if (!signature) throw new DomainError('WEBHOOK_SIGNATURE_INVALID', 'billing.signatureInvalid');
    try {
      return Stripe.webhooks.constructEvent(rawBody, signature, this.settings.webhookSecret);
    } catch {
      throw new DomainError('WEBHOOK_SIGNATURE_INVALID', 'billing.signatureInvalid');
    }
  }

  private async call<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (err instanceof DomainError) throw err;
      this.logger.error(`Stripe call failed: ${err instanceof Error ? err.message : String(err)}`);
      throw new DomainError('PAYMENT_PROVIDER_ERROR', 'billing.providerFailed');
    }
  }
}
