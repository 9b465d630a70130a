import type { BillingCycle, PaymentProviderId, PlanId } from '@muster/contracts';

/** What a checkout asks the provider for. */
export interface CheckoutRequest {
  checkoutId: string;
  orgId: string;
  orgName: string;
  plan: PlanId;
  cycle: BillingCycle;
  /** One billing period of the plan, before credits. */
  amountCents: number;
  /** Upgrade credit to take off the first invoice. */
  creditCents: number;
  customerEmail: string | null;
  /** The provider's customer of the organisation, when it has one already. */
  customerId: string | null;
  successUrl: string;
  cancelUrl: string;
}

export interface CheckoutStart {
  /** Where the browser goes: the provider's hosted page, or the in-app order review. */
  url: string;
  /** The provider's id of the checkout (Stripe's Checkout Session id). */
  reference: string | null;
  customerId: string | null;
}

/**
 * A payment provider: where checkouts and the billing portal happen. The rules of billing (plans,
 * credits, invoices, activation) stay in the billing services; a provider only talks to its service.
 */
export interface PaymentProvider {
  readonly id: PaymentProviderId;
  startCheckout(request: CheckoutRequest): Promise<CheckoutStart>;
  /** The billing portal: the provider's page for the customer, or the built-in page. */
  portalUrl(request: { customerId: string | null; returnUrl: string }): Promise<string>;
}

/** Injection token of the configured provider. */
export const PAYMENT_PROVIDER = Symbol('PAYMENT_PROVIDER');
