import { Controller, HttpCode, Param, Req, Res, type RawBodyRequest } from '@nestjs/common';
import {
  api,
  type AccountantOverview,
  type Checkout,
  type Credit,
  type CreditsOverview,
  type Invoice,
  type SubscriptionInfo,
} from '@muster/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Auth, Client, MinRole, Public, type AuthContext, type ClientContext } from '../../platform/auth/auth.decorators.js';
import { DomainError } from '../../platform/errors/domain-error.js';
import { Endpoint, ValidBody } from '../../platform/http/endpoint.decorator.js';
import { sendDownload } from '../../platform/http/download.js';
import { BillingService } from './billing.service.js';
import { auditActorOf } from '../../platform/audit/audit.service.js';

function orgOf(auth: AuthContext): string {
  if (!auth.orgId) throw new DomainError('FORBIDDEN', 'billing.noOrganization');
  return auth.orgId;
}

@Controller()
export class BillingController {
  constructor(private readonly billing: BillingService) {}

  @Endpoint(api.billing.subscription)
  subscription(@Auth() auth: AuthContext, @Client() client: ClientContext): Promise<SubscriptionInfo> {
    return this.billing.subscription(auditActorOf(auth, client), orgOf(auth));
  }

  @Endpoint(api.billing.startCheckout)
  @MinRole('ADMIN')
  startCheckout(
    @Auth() auth: AuthContext,
    @Client() client: ClientContext,
    @ValidBody() body: Parameters<BillingService['startCheckout']>[2],
  ): Promise<Checkout> {
    return this.billing.startCheckout(auditActorOf(auth, client), orgOf(auth), body);
  }

  @Endpoint(api.billing.checkout)
  checkout(@Auth() auth: AuthContext, @Param('id') id: string): Promise<Checkout> {
    return this.billing.checkout(orgOf(auth), id);
  }

  @Endpoint(api.billing.completeCheckout)
  @MinRole('ADMIN')
  completeCheckout(@Auth() auth: AuthContext, @Client() client: ClientContext, @Param('id') id: string): Promise<Checkout> {
    return this.billing.completeCheckout(auditActorOf(auth, client), orgOf(auth), id);
  }

  @Endpoint(api.billing.cancelCheckout)
  @MinRole('ADMIN')
  cancelCheckout(@Auth() auth: AuthContext, @Client() client: ClientContext, @Param('id') id: string): Promise<Checkout> {
    return this.billing.cancelCheckout(auditActorOf(auth, client), orgOf(auth), id);
  }

  @Endpoint(api.billing.setRenewal)
  @MinRole('ADMIN')
  setRenewal(
    @Auth() auth: AuthContext,
    @Client() client: ClientContext,
    @ValidBody() body: { cancelAtPeriodEnd: boolean },
  ): Promise<SubscriptionInfo> {
    return this.billing.setRenewal(auditActorOf(auth, client), orgOf(auth), body.cancelAtPeriodEnd);
  }

  @Endpoint(api.billing.portal)
  @MinRole('ADMIN')
  portal(@Auth() auth: AuthContext) {
    return this.billing.portal(orgOf(auth));
  }

  @Endpoint(api.billing.invoices)
  @MinRole('ACCOUNTANT')
  invoices(@Auth() auth: AuthContext): Promise<Invoice[]> {
    return this.billing.invoices(orgOf(auth));
  }

  @Endpoint(api.billing.invoicesCsv)
  @MinRole('ACCOUNTANT')
  async invoicesCsv(@Auth() auth: AuthContext, @Client() client: ClientContext, @Res() reply: FastifyReply): Promise<void> {
    const orgId = orgOf(auth);
    const body = await this.billing.invoicesCsv(orgId);
    await this.billing.auditedExport(auditActorOf(auth, client), orgId);
    sendDownload(reply, 'text/csv; charset=utf-8', `muster-invoices-${new Date().toISOString().slice(0, 10)}.csv`, body);
  }

  @Endpoint(api.billing.markPaid)
  @MinRole('ACCOUNTANT')
  markPaid(@Auth() auth: AuthContext, @Client() client: ClientContext, @Param('id') id: string): Promise<Invoice> {
    // Recording a payment is the accountant's or an administrator's; managers and auditors read.
    if (auth.role !== 'ACCOUNTANT' && auth.role !== 'ADMIN') throw new DomainError('FORBIDDEN', 'billing.adminsOnly');
    return this.billing.markPaid(auditActorOf(auth, client), orgOf(auth), id);
  }

  @Endpoint(api.billing.accountant)
  @MinRole('ACCOUNTANT')
  accountant(@Auth() auth: AuthContext): Promise<AccountantOverview> {
    return this.billing.accountant(orgOf(auth));
  }

  @Endpoint(api.billing.credits)
  @MinRole('ADMIN')
  credits(@Auth() auth: AuthContext, @Client() client: ClientContext): Promise<CreditsOverview> {
    return this.billing.credits(auditActorOf(auth, client));
  }

  @Endpoint(api.billing.grantCredit)
  @MinRole('DEPUTY_ADMIN')
  grantCredit(
    @Auth() auth: AuthContext,
    @Client() client: ClientContext,
    @ValidBody() body: Parameters<BillingService['grantCredit']>[1],
  ): Promise<Credit> {
    return this.billing.grantCredit(auditActorOf(auth, client), body);
  }

  @Endpoint(api.billing.stripeWebhook)
  @Public()
  @HttpCode(200)
  stripeWebhook(@Req() request: RawBodyRequest<FastifyRequest>) {
    const signature = request.headers['stripe-signature'];
    return this.billing.stripeEvent(request.rawBody ?? Buffer.alloc(0), typeof signature === 'string' ? signature : undefined);
  }
}
