import type { PaymentProvider } from './payment-provider.js';

/**
 * The built-in provider for self-hosted and offline installs: the order is reviewed and confirmed
 * in the app (the subscription page with `?checkout=<id>`), an invoice is issued for payment by
 * transfer and the plan changes at once; an accountant records the payment.
 */
export class BuiltinPaymentProvider implements PaymentProvider {
  readonly id = 'builtin' as const;

  startCheckout(request: { checkoutId: string }): Promise<{ url: string; reference: null; customerId: null }> {
    return Promise.resolve({ url: `/app/subscription?checkout=${request.checkoutId}`, reference: null, customerId: null });
  }

  portalUrl(): Promise<string> {
    return Promise.resolve('/app/admin/billing-portal');
  }
}
