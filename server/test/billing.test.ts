import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import {
  JobName,
  QueueName,
  type AccountantOverview,
  type Checkout,
  type Credit,
  type CreditsOverview,
  type Invoice,
  type SessionInfo,
  type SubscriptionInfo,
} from '@muster/contracts';
import { Queue } from 'bullmq';
import Stripe from 'stripe';
import { signIn, signUpElsewhere } from './support/accounts.js';
import { clearRedisPrefix, REDIS_URL, startServer, uniquePrefix, type ServerProcess } from './support/app.js';
import { chatSocket, nextEvent, type ChatSocket } from './support/chat.js';
import type { TestClient } from './support/client.js';
import { createTestDatabase } from './support/databases.js';
import { sql } from './support/db.js';
import { expectJson as json } from './support/http.js';
import { queueEventsFromNow } from './support/jobs.js';

async function orgIdOf(client: TestClient): Promise<string> {
  return (await json<SessionInfo>(await client.get('/api/auth/me'), 200)).org!.id;
}

/**
 * Subscriptions, checkout and invoices through both payment providers against real PostgreSQL,
 * Redis and Socket.IO clients: the built-in provider (order confirmed in the app, invoice issued,
 * credits taken off, plan active, pushed, audited) and Stripe (Checkout Session created through the
 * `stripe` library against a loopback double of its API; the webhook verified with the library's
 * own signatures, a tampered one refused, a replay applied once).
 */
describe('Billing with the built-in provider', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let api: ServerProcess;
  const prefix = uniquePrefix();
  const sockets: ChatSocket[] = [];
  let root: TestClient;

  beforeAll(async () => {
    db = await createTestDatabase();
    api = await startServer({ databaseUrl: db.url, prefix, env: { SEED_ON_EMPTY: 'true', AUTH_ATTEMPTS_PER_IP: '10000' } });
    root = await signIn(api.url!, 'root@muster.example');
  });

  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await api?.stop();
    await db?.drop();
    await clearRedisPrefix(prefix);
  });

  it('confirms an upgrade in the app: credit taken off, invoice issued, plan active and pushed, audited once', async () => {
    const owner = await signUpElsewhere(api.url!);
    const orgId = await orgIdOf(owner);
    const trial = await json<SubscriptionInfo>(await owner.get('/api/billing/subscription'), 200);
    expect(trial).toMatchObject({
      plan: 'basic',
      status: 'trialing',
      trialDaysLeft: 14,
      canManage: true,
      checkoutProvider: 'builtin',
      creditCents: 0,
    });

    // A platform admin grants an upgrade credit; the organisation sees it.
    const credit = await json<Credit>(
      await root.post('/api/billing/credits', { orgId, amountCents: 100_00, reason: 'Pilot port programme' }),
      201,
    );
    expect(credit).toMatchObject({ orgId, orgName: 'Elsewhere Docks', amountCents: 100_00, remainingCents: 100_00 });
    const own = await json<CreditsOverview>(await owner.get('/api/billing/credits'), 200);
    expect(own).toMatchObject({ canGrant: false, organizations: [] });
    expect(own.credits.map((c) => c.id)).toEqual([credit.id]);

    const checkout = await json<Checkout>(await owner.post('/api/billing/checkout', { plan: 'standard', cycle: 'annual' }), 201);
    expect(checkout).toMatchObject({
      plan: 'standard',
      cycle: 'annual',
      fromPlan: 'basic',
      status: 'open',
      provider: 'builtin',
      url: `/app/subscription?checkout=${checkout.id}`,
      amountCents: 319_20 * 12,
      creditCents: 100_00,
      totalCents: 319_20 * 12 - 100_00,
    });

    const socket = await chatSocket(api.url!, owner);
    sockets.push(socket);
    const pushed = nextEvent(socket, 'billing:subscription');
    const done = await json<Checkout>(await owner.post(`/api/billing/checkout/${checkout.id}/complete`), 200);
    expect(done).toMatchObject({ status: 'completed', invoiceId: expect.any(String), creditCents: 100_00 });
    expect(await pushed).toEqual({ plan: 'standard', cycle: 'annual', status: 'active', checkoutId: checkout.id });
    expect((await owner.post(`/api/billing/checkout/${checkout.id}/complete`)).status).toBe(409);

    const now = await json<SubscriptionInfo>(await owner.get('/api/billing/subscription'), 200);
    expect(now).toMatchObject({
      plan: 'standard',
      cycle: 'annual',
      status: 'active',
      trialDaysLeft: null,
      creditCents: 0,
      cancelAtPeriodEnd: false,
    });
    expect(new Date(now.currentPeriodEnd!).getUTCFullYear()).toBe(new Date().getUTCFullYear() + 1);

    const [invoice] = await json<Invoice[]>(await owner.get('/api/billing/invoices'), 200);
    expect(invoice).toMatchObject({
      id: done.invoiceId,
      kind: 'subscription',
      status: 'open',
      provider: 'builtin',
      subtotalCents: 319_20 * 12,
      creditCents: 100_00,
      totalCents: 319_20 * 12 - 100_00,
      lines: [
        { description: 'Muster Standard, annual billing (12 months, 20 % off)', amountCents: 319_20 * 12 },
        { description: 'Upgrade credit', amountCents: -100_00 },
      ],
    });
    expect(invoice!.number).toMatch(/^MUS-\d{6}-[0-9A-F]{8}$/);

    // The accountant's view and the CSV; the payment is recorded once.
    const books = await json<AccountantOverview>(await owner.get('/api/billing/accountant'), 200);
    expect(books).toMatchObject({ plan: 'standard', cycle: 'annual', openCents: invoice!.totalCents, creditCents: 0 });
    expect(books.costs).toHaveLength(6);
    expect(books.costs.at(-1)).toMatchObject({ planCents: 319_20, overageCents: 0 });
    const csv = await owner.get('/api/billing/invoices.csv');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(await csv.text()).toContain(`${invoice!.number},subscription,open,builtin`);
    expect(await json<Invoice>(await owner.post(`/api/billing/invoices/${invoice!.id}/paid`), 200)).toMatchObject({ status: 'paid' });
    expect((await owner.post(`/api/billing/invoices/${invoice!.id}/paid`)).status).toBe(409);

    // The same plan again is refused; stopping renewal is recorded.
    const same = await json<{ message: string }>(await owner.post('/api/billing/checkout', { plan: 'standard', cycle: 'annual' }), 400);
    expect(same.message).toBe('Your organisation is already on this plan and billing cycle');
    expect(
      await json<SubscriptionInfo>(await owner.request('PUT', '/api/billing/subscription/renewal', { cancelAtPeriodEnd: true }), 200),
    ).toMatchObject({
      cancelAtPeriodEnd: true,
    });

    const audit = await sql<{ action: string; metadata: Record<string, unknown> }>(
      db.url,
      `SELECT action, metadata FROM audit_events WHERE org_id = $1 AND action LIKE 'billing.%' ORDER BY created_at`,
      [orgId],
    );
    expect(audit.map((a) => a.action)).toEqual([
      'billing.credit.grant',
      'billing.checkout.start',
      'billing.plan.change',
      'billing.invoices.export',
      'billing.invoice.paid',
      'billing.renewal.stop',
    ]);
    expect(audit[2]!.metadata).toMatchObject({ from: 'basic/monthly', fromStatus: 'trialing', to: 'standard/annual', provider: 'builtin' });
  });

  it('abandons a checkout without charging, and keeps roles, tenants and bad input apart', async () => {
    const owner = await signUpElsewhere(api.url!);
    const open = await json<Checkout>(await owner.post('/api/billing/checkout', { plan: 'enterprise', cycle: 'monthly' }), 201);
    expect(await json<Checkout>(await owner.post(`/api/billing/checkout/${open.id}/cancel`), 200)).toMatchObject({ status: 'canceled' });
    expect((await owner.post(`/api/billing/checkout/${open.id}/complete`)).status).toBe(409);
    expect(await json<Invoice[]>(await owner.get('/api/billing/invoices'), 200)).toEqual([]);
    expect(await json<SubscriptionInfo>(await owner.get('/api/billing/subscription'), 200)).toMatchObject({
      plan: 'basic',
      status: 'trialing',
    });

    // Another organisation's checkout, an unknown one and a malformed id are not found.
    const admin = await signIn(api.url!, 'admin@harborpoint.example');
    for (const id of [open.id, randomUUID(), 'nope']) {
      expect((await admin.get(`/api/billing/checkout/${id}`)).status).toBe(404);
      expect((await admin.post(`/api/billing/checkout/${id}/complete`)).status).toBe(404);
    }

    // Only ADMINs change the plan; accountants read the books; only platform admins grant credits.
    const manager = await signIn(api.url!, 'manager@harborpoint.example');
    const accountant = await signIn(api.url!, 'accountant@harborpoint.example');
    const user = await signIn(api.url!, 'user@harborpoint.example');
    expect((await manager.post('/api/billing/checkout', { plan: 'enterprise', cycle: 'annual' })).status).toBe(403);
    expect((await user.post('/api/billing/checkout', { plan: 'enterprise', cycle: 'annual' })).status).toBe(403);
    expect(await json<SubscriptionInfo>(await user.get('/api/billing/subscription'), 200)).toMatchObject({ canManage: false });
    expect((await accountant.get('/api/billing/invoices')).status).toBe(200);
    expect((await accountant.get('/api/billing/accountant')).status).toBe(200);
    expect((await user.get('/api/billing/invoices')).status).toBe(403);
    const orgId = await orgIdOf(admin);
    expect((await admin.post('/api/billing/credits', { orgId, amountCents: 5000, reason: 'Self-granted' })).status).toBe(403);

    // Bad input: each field says what is wrong; nothing is a 500.
    const fields = async (client: TestClient, path: string, body: unknown) =>
      (await json<{ fields: Record<string, string> }>(await client.post(path, body), 400)).fields;
    expect(await fields(admin, '/api/billing/checkout', { plan: 'gold', cycle: 'weekly' })).toEqual({
      plan: 'Choose one of: basic, standard, enterprise',
      cycle: 'Choose monthly or annual billing',
    });
    expect(await fields(root, '/api/billing/credits', { orgId: 'x', amountCents: -5, reason: '' })).toEqual({
      orgId: 'Choose an organisation',
      amountCents: 'At least $1',
      reason: 'Say why the credit is granted',
    });
    expect((await root.post('/api/billing/credits', { orgId: randomUUID(), amountCents: 5000, reason: 'Nobody' })).status).toBe(404);
    expect(
      await json<CreditsOverview>(await root.get('/api/billing/credits'), 200).then((c) => c.organizations.map((o) => o.name)),
    ).toContain('Harbor Point Port Authority');
    // Without Stripe configured, its webhook does not exist.
    expect(
      (await fetch(`${api.url!}/api/webhooks/stripe`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } }))
        .status,
    ).toBe(404);
    expect(api.logs.filter((l) => l.level === 50)).toEqual([]);
  });

  it('invoices a closed month’s overage once with the credits taken off, and renews or ends a plan at the end of its period', async () => {
    const owner = await signUpElsewhere(api.url!);
    const orgId = await orgIdOf(owner);
    await json(await owner.request('PUT', '/api/usage/overage', { enabled: true }), 200);
    // 37 runs on Basic last month: 27 over the limit, two started blocks of 25 ($100).
    await sql(
      db.url,
      `INSERT INTO usage_records (org_id, resource_type, period, amount) VALUES ($1, 'drill', to_char(date_trunc('month', now()) - interval '1 month', 'YYYY-MM'), 37)`,
      [orgId],
    );
    await json(await root.post('/api/billing/credits', { orgId, amountCents: 30_00, reason: 'Goodwill' }), 201);
    // The close runs twice (a retry, a second scheduler tick): the month is invoiced once.
    const queue = new Queue(QueueName.Billing, { connection: { url: REDIS_URL }, prefix });
    const events = await queueEventsFromNow(QueueName.Billing, prefix);
    const close = async (): Promise<unknown> => (await queue.add(JobName.MonthClose, {})).waitUntilFinished(events) as Promise<unknown>;
    try {
      await events.waitUntilReady();
      await close();
      await close();
      const invoices = await json<Invoice[]>(await owner.get('/api/billing/invoices'), 200);
      expect(invoices).toHaveLength(1);
      expect(invoices[0]).toMatchObject({ kind: 'overage', status: 'open', subtotalCents: 100_00, creditCents: 30_00, totalCents: 70_00 });

      // A built-in subscription whose period has ended renews once, with the next period's invoice.
      const checkout = await json<Checkout>(await owner.post('/api/billing/checkout', { plan: 'standard', cycle: 'monthly' }), 201);
      await json(await owner.post(`/api/billing/checkout/${checkout.id}/complete`), 200);
      await sql(db.url, `UPDATE subscriptions SET current_period_end = now() - interval '1 minute' WHERE org_id = $1`, [orgId]);
      await close();
      await close();
      const after = await json<Invoice[]>(await owner.get('/api/billing/invoices'), 200);
      expect(after.map((i) => i.kind)).toEqual(['subscription', 'subscription', 'overage']);
      expect(after[0]).toMatchObject({
        totalCents: 399_00,
        lines: [{ description: 'Muster Standard, monthly billing', amountCents: 399_00 }],
      });
      const renewed = await json<SubscriptionInfo>(await owner.get('/api/billing/subscription'), 200);
      expect(renewed).toMatchObject({ plan: 'standard', status: 'active' });
      expect(new Date(renewed.currentPeriodEnd!).getTime()).toBeGreaterThan(Date.now() + 20 * 86_400_000);

      // Renewal stopped: at the end of the period the plan is canceled, and nothing is invoiced.
      await json(await owner.request('PUT', '/api/billing/subscription/renewal', { cancelAtPeriodEnd: true }), 200);
      await sql(db.url, `UPDATE subscriptions SET current_period_end = now() - interval '1 minute' WHERE org_id = $1`, [orgId]);
      await close();
      expect(await json<SubscriptionInfo>(await owner.get('/api/billing/subscription'), 200)).toMatchObject({ status: 'canceled' });
      expect(await json<Invoice[]>(await owner.get('/api/billing/invoices'), 200)).toHaveLength(3);
    } finally {
      await Promise.all([queue.close(), events.close()]);
    }
  });
});

/** A loopback double of the Stripe API: records each request and answers what Stripe would. */
function stripeDouble(): Promise<{ server: Server; url: string; requests: { path: string; body: URLSearchParams }[] }> {
  const requests: { path: string; body: URLSearchParams }[] = [];
  const read = async (req: IncomingMessage): Promise<string> => {
    let text = '';
    for await (const chunk of req) text += String(chunk);
    return text;
  };
  const server = createServer((req, res) => {
    void read(req).then((text) => {
      const path = req.url ?? '';
      requests.push({ path, body: new URLSearchParams(text) });
      const answer = (body: object) => {
        res.writeHead(200, { 'content-type': 'application/json', 'request-id': `req_${String(requests.length)}` });
        res.end(JSON.stringify(body));
      };
      const answers: Record<string, object> = {
        '/v1/customers': { id: 'cus_muster1', object: 'customer' },
        '/v1/customers/cus_muster1/balance_transactions': { id: 'cbtxn_1', object: 'customer_balance_transaction' },
        '/v1/checkout/sessions': {
          id: 'cs_test_muster1',
          object: 'checkout.session',
          url: 'https://checkout.stripe.com/c/pay/cs_test_muster1',
        },
        '/v1/billing_portal/sessions': {
          id: 'bps_1',
          object: 'billing_portal.session',
          url: 'https://billing.stripe.com/p/session/test_muster1',
        },
      };
      const known = answers[path];
      if (known) {
        answer(known);
        return;
      }
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: `No such path ${path}` } }));
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve({ server, url: `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`, requests });
    });
  });
}

describe('Billing with Stripe', () => {
  const secret = 'whsec_muster_test_0123456789';
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let api: ServerProcess;
  let stripe: Awaited<ReturnType<typeof stripeDouble>>;
  const prefix = uniquePrefix();

  beforeAll(async () => {
    [db, stripe] = await Promise.all([createTestDatabase(), stripeDouble()]);
    api = await startServer({
      databaseUrl: db.url,
      prefix,
      env: {
        SEED_ON_EMPTY: 'true',
        AUTH_ATTEMPTS_PER_IP: '10000',
        STRIPE_SECRET_KEY: 'sk_test_muster0123456789',
        STRIPE_WEBHOOK_SECRET: secret,
        STRIPE_API_URL: stripe.url,
      },
    });
  });

  afterAll(async () => {
    await api?.stop();
    stripe?.server.close();
    await db?.drop();
    await clearRedisPrefix(prefix);
  });

  /** Posts an event to the webhook the way Stripe does, signed with the library's test helper. */
  function deliver(event: object, options: { tamper?: (payload: string) => string; signature?: string | null } = {}) {
    const payload = JSON.stringify(event);
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (options.signature !== null) headers['stripe-signature'] = options.signature ?? header;
    return fetch(`${api.url!}/api/webhooks/stripe`, { method: 'POST', headers, body: options.tamper ? options.tamper(payload) : payload });
  }

  it('sends the upgrade to Stripe Checkout, applies the verified webhook once and refuses a tampered one', async () => {
    const owner = await signUpElsewhere(api.url!);
    const orgId = await orgIdOf(owner);
    const root = await signIn(api.url!, 'root@muster.example');
    await json(await root.post('/api/billing/credits', { orgId, amountCents: 25_00, reason: 'Launch offer' }), 201);

    const checkout = await json<Checkout>(await owner.post('/api/billing/checkout', { plan: 'standard', cycle: 'monthly' }), 201);
    expect(checkout).toMatchObject({ provider: 'stripe', url: 'https://checkout.stripe.com/c/pay/cs_test_muster1', creditCents: 25_00 });
    const session = stripe.requests.find((r) => r.path === '/v1/checkout/sessions')!;
    expect(Object.fromEntries(session.body)).toMatchObject({
      mode: 'subscription',
      customer: 'cus_muster1',
      client_reference_id: checkout.id,
      'line_items[0][price_data][unit_amount]': '39900',
      'line_items[0][price_data][recurring][interval]': 'month',
      'metadata[checkoutId]': checkout.id,
      success_url: `http://localhost:5173/app/subscription/success?checkout=${checkout.id}`,
    });
    // The credit went to the customer's balance (taken off Stripe's first invoice).
    const balance = stripe.requests.find((r) => r.path === '/v1/customers/cus_muster1/balance_transactions')!;
    expect(balance.body.get('amount')).toBe('-2500');
    expect(await json<SubscriptionInfo>(await owner.get('/api/billing/subscription'), 200)).toMatchObject({
      plan: 'basic',
      creditCents: 0,
    });

    const completed = {
      id: 'evt_checkout_1',
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: 'cs_test_muster1',
          object: 'checkout.session',
          client_reference_id: checkout.id,
          customer: 'cus_muster1',
          subscription: 'sub_muster1',
          metadata: { checkoutId: checkout.id, orgId, plan: 'standard', cycle: 'monthly' },
        },
      },
    };
    // Tampered (the plan changed after signing), unsigned and badly signed: refused, nothing applied.
    const tampered = await deliver(completed, { tamper: (p) => p.replace('"standard"', '"enterprise"') });
    expect(await json(tampered, 400)).toMatchObject({ code: 'WEBHOOK_SIGNATURE_INVALID' });
    expect((await deliver(completed, { signature: null })).status).toBe(400);
    expect((await deliver(completed, { signature: 't=1,v1=deadbeef' })).status).toBe(400);
    expect(await json<SubscriptionInfo>(await owner.get('/api/billing/subscription'), 200)).toMatchObject({ plan: 'basic' });

    expect(await json(await deliver(completed), 200)).toEqual({ received: true, duplicate: false });
    expect(await json(await deliver(completed), 200)).toEqual({ received: true, duplicate: true });
    expect(await json<SubscriptionInfo>(await owner.get('/api/billing/subscription'), 200)).toMatchObject({
      plan: 'standard',
      cycle: 'monthly',
      status: 'active',
      provider: 'stripe',
    });
    expect(await json<Checkout>(await owner.get(`/api/billing/checkout/${checkout.id}`), 200)).toMatchObject({ status: 'completed' });

    // Stripe's invoice is recorded for the accountant; the portal is Stripe's.
    const paid = {
      id: 'evt_invoice_1',
      object: 'event',
      type: 'invoice.paid',
      data: {
        object: {
          id: 'in_muster1',
          object: 'invoice',
          number: 'A1B2C3-0001',
          customer: 'cus_muster1',
          subtotal: 39900,
          amount_paid: 37400,
          period_start: 1_795_000_000,
          period_end: 1_797_600_000,
          status_transitions: { paid_at: 1_795_000_100 },
          lines: { object: 'list', data: [{ description: '1 × Muster Standard (at $399.00 / month)', amount: 39900 }] },
        },
      },
    };
    expect((await deliver(paid)).status).toBe(200);
    const [invoice] = await json<Invoice[]>(await owner.get('/api/billing/invoices'), 200);
    expect(invoice).toMatchObject({ number: 'A1B2C3-0001', provider: 'stripe', status: 'paid', totalCents: 37400, creditCents: 2500 });
    expect((await owner.post(`/api/billing/invoices/${invoice!.id}/paid`)).status).toBe(400);
    expect(await json(await owner.post('/api/billing/portal'), 200)).toEqual({
      provider: 'stripe',
      url: 'https://billing.stripe.com/p/session/test_muster1',
    });

    const audit = await sql<{ action: string }>(
      db.url,
      `SELECT action FROM audit_events WHERE org_id = $1 AND action = 'billing.plan.change'`,
      [orgId],
    );
    expect(audit).toHaveLength(1);
    expect(api.logs.filter((l) => l.level === 50)).toEqual([]);
  });
});
