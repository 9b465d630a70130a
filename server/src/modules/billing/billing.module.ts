import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { UsageModule } from '../usage/usage.module.js';
import { BillingController } from './billing.controller.js';
import { BillingProcessor } from './billing.processor.js';
import { BillingService } from './billing.service.js';
import { CheckoutService } from './checkout.service.js';
import { CreditsService } from './credits.service.js';
import { InvoicesService } from './invoices.service.js';
import { MonthCloseService } from './month-close.service.js';
import { PlanChangesService } from './plan-changes.service.js';
import { StripeEventsService } from './stripe-events.service.js';
import { CheckoutRow } from './entities/checkout.entity.js';
import { CreditRow } from './entities/credit.entity.js';
import { InvoiceRow } from './entities/invoice.entity.js';
import { PaymentEventRow } from './entities/payment-event.entity.js';
import { BuiltinPaymentProvider } from './providers/builtin.provider.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from './providers/payment-provider.js';
import { StripePaymentProvider } from './providers/stripe.provider.js';

export const BILLING_ENTITIES = [CheckoutRow, InvoiceRow, CreditRow, PaymentEventRow];

/** Stripe when its secret key is configured, the built-in provider otherwise. */
export function paymentProviderFor(config: AppConfig): PaymentProvider {
  if (config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET) {
    return new StripePaymentProvider({
      secretKey: config.STRIPE_SECRET_KEY,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET,
      ...(config.STRIPE_API_URL ? { apiUrl: config.STRIPE_API_URL } : {}),
    });
  }
  return new BuiltinPaymentProvider();
}

/** Plans, checkout through a payment provider, invoices, upgrade credits and the monthly close. */
@Module({
  imports: [TypeOrmModule.forFeature(BILLING_ENTITIES), UsageModule],
  controllers: [BillingController],
  providers: [
    BillingService,
    CheckoutService,
    CreditsService,
    InvoicesService,
    MonthCloseService,
    PlanChangesService,
    StripeEventsService,
    BillingProcessor,
    { provide: PAYMENT_PROVIDER, inject: [APP_CONFIG], useFactory: paymentProviderFor },
  ],
  exports: [BillingService, CreditsService],
})
export class BillingModule {}
