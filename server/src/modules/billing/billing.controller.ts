import { Controller, HttpCode, Param, Req, Res, type RawBodyRequest } from '@nestjs/common';
import {
  api,
  type AccountantOverview,
  type Checkout,
  type Credit,
  type CreditsOverview,
  type Invoice,
  type SubscriptionInfo,
  type Principal,
} from '@muster/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Auth, Client, MinRole, Public, type ClientContext } from '../../platform/auth/auth.decorators.js';
import { DomainError } from '../../platform/errors/domain-error.js';
import { Endpoint, ValidBody } from '../../platform/http/endpoint.decorator.js';
import { sendDownload } from '../../platform/http/download.js';
import { BillingService } from './billing.service.js';
import { CheckoutService } from './checkout.service.js';
import { CreditsService } from './credits.service.js';
import { InvoicesService } from './invoices.service.js';
import { StripeEventsService } from './stripe-events.service.js';
import { auditActorOf, inOrg } from '../../platform/auth/principal.js';

function orgOf(auth: Principal): string {
  return inOrg(auth, 'billing.noOrganization').orgId;
}

@Controller()
export class BillingController {
  constructor(
    private readonly billing: BillingService,
    private readonly checkouts: CheckoutService,
    private readonly invoiceBook: InvoicesService,
    private readonly creditBook: CreditsService,
    private readonly stripe: StripeEventsService,
  ) {}

  @Endpoint(api.billing.subscription)
  subscription(@Auth() auth: Principal, @Client() client: ClientContext): Promise<SubscriptionInfo> {
    return this.billing.subscription(auditActorOf(auth, client), orgOf(auth));
  }

  @Endpoint(api.billing.startCheckout)
  @MinRole('ADMIN')
  startCheckout(
    @Auth() auth: Principal,
    @Client() client: ClientContext,
    @ValidBody() body: Parameters<CheckoutService['startCheckout']>[2],
  ): Promise<Checkout> {
    return this.checkouts.startCheckout(auditActorOf(auth, client), orgOf(auth), body);
  }

  @Endpoint(api.billing.checkout)
  checkout(@Auth() auth: Principal, @Param('id') id: string): Promise<Checkout> {
    return this.checkouts.checkout(orgOf(auth), id);
  }

  @Endpoint(api.billing.completeCheckout)
  @MinRole('ADMIN')
  completeCheckout(@Auth() auth: Principal, @Client() client: ClientContext, @Param('id') id: string): Promise<Checkout> {
    return this.checkouts.completeCheckout(auditActorOf(auth, client), orgOf(auth), id);
  }

  @Endpoint(api.billing.cancelCheckout)
  @MinRole('ADMIN')
  cancelCheckout(@Auth() auth: Principal, @Client() client: ClientContext, @Param('id') id: string): Promise<Checkout> {
    return this.checkouts.cancelCheckout(auditActorOf(auth, client), orgOf(auth), id);
  }

  @Endpoint(api.billing.setRenewal)
  @MinRole('ADMIN')
  setRenewal(
    @Auth() auth: Principal,
    @Client() client: ClientContext,
    @ValidBody() body: { cancelAtPeriodEnd: boolean },
  ): Promise<SubscriptionInfo> {
    return this.billing.setRenewal(auditActorOf(auth, client), orgOf(auth), body.cancelAtPeriodEnd);
  }

  @Endpoint(api.billing.portal)
  @MinRole('ADMIN')
  portal(@Auth() auth: Principal) {
    return this.billing.portal(orgOf(auth));
  }

  @Endpoint(api.billing.invoices)
  @MinRole('ACCOUNTANT')
  invoices(@Auth() auth: Principal): Promise<Invoice[]> {
    return this.invoiceBook.invoices(orgOf(auth));
  }

  @Endpoint(api.billing.invoicesCsv)
  @MinRole('ACCOUNTANT')
  async invoicesCsv(@Auth() auth: Principal, @Client() client: ClientContext, @Res() reply: FastifyReply): Promise<void> {
    const orgId = orgOf(auth);
    const body = await this.invoiceBook.invoicesCsv(orgId);
    await this.invoiceBook.auditedExport(auditActorOf(auth, client), orgId);
    sendDownload(reply, 'text/csv; charset=utf-8', `muster-invoices-${new Date().toISOString().slice(0, 10)}.csv`, body);
  }

  @Endpoint(api.billing.markPaid)
  @MinRole('ACCOUNTANT')
  markPaid(@Auth() auth: Principal, @Client() client: ClientContext, @Param('id') id: string): Promise<Invoice> {
    // Recording a payment is the accountant's or an administrator's; managers and auditors read.
    if (auth.role !== 'ACCOUNTANT' && auth.role !== 'ADMIN') throw new DomainError('FORBIDDEN', 'billing.adminsOnly');
    return this.invoiceBook.markPaid(auditActorOf(auth, client), orgOf(auth), id);
  }

  @Endpoint(api.billing.accountant)
  @MinRole('ACCOUNTANT')
  accountant(@Auth() auth: Principal): Promise<AccountantOverview> {
    return this.invoiceBook.accountant(orgOf(auth));
  }

  @Endpoint(api.billing.credits)
  @MinRole('ADMIN')
  credits(@Auth() auth: Principal, @Client() client: ClientContext): Promise<CreditsOverview> {
    return this.creditBook.credits(auditActorOf(auth, client));
  }

  @Endpoint(api.billing.grantCredit)
  @MinRole('DEPUTY_ADMIN')
  grantCredit(
    @Auth() auth: Principal,
    @Client() client: ClientContext,
    @ValidBody() body: Parameters<CreditsService['grantCredit']>[1],
  ): Promise<Credit> {
    return this.creditBook.grantCredit(auditActorOf(auth, client), body);
  }

  @Endpoint(api.billing.stripeWebhook)
  @Public()
  @HttpCode(200)
  stripeWebhook(@Req() request: RawBodyRequest<FastifyRequest>) {
    const signature = request.headers['stripe-signature'];
    return this.stripe.stripeEvent(request.rawBody ?? Buffer.alloc(0), typeof signature === 'string' ? signature : undefined);
  }
}
