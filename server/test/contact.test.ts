import { COOKIES, type ContactList, type TicketDetail } from '@muster/contracts';
import { TestClient } from './support/client.js';
import { createTestDatabase } from './support/databases.js';
import { sql } from './support/db.js';
import { MailWatcher } from './support/outbox.js';
import { clearRedisPrefix, startServer, uniquePrefix, type ServerProcess } from './support/app.js';

const DEMO_PASSWORD = 'Muster!Demo2026';
const PER_HOUR = 4;

describe('Contact form', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let server: ServerProcess;
  let mail: MailWatcher;
  const prefix = uniquePrefix();
  /** Each test speaks from its own address, so the per-address limit is counted per test. */
  let address = 10;
  const visitor = async () => new TestClient(server.url!).init();
  const from = () => ({ 'x-forwarded-for': `203.0.113.${String(address)}` });

  async function staff(email: string): Promise<TestClient> {
    const c = await visitor();
    expect((await c.post('/api/auth/login', { email, password: DEMO_PASSWORD })).status).toBe(200);
    return c;
  }

  const message = (overrides: Record<string, unknown> = {}) => ({
    name: 'Amara Quayside',
    email: `amara.${String(Date.now())}@terminal.example`,
    company: 'North Quay Terminal',
    subject: 'demo',
    message: 'We run ISPS drills at three berths and would like a demo of the live console.',
    language: 'es',
    ...overrides,
  });

  beforeAll(async () => {
    db = await createTestDatabase();
    server = await startServer({
      databaseUrl: db.url,
      prefix,
      env: {
        SEED_ON_EMPTY: 'true',
        CONTACT_MESSAGES_PER_HOUR: String(PER_HOUR),
        SUPPORT_EMAIL: 'desk@muster.example',
        TRUST_PROXY: 'true',
        AUTH_ATTEMPTS_PER_IP: '10000',
      },
    });
    mail = await MailWatcher.start(prefix, server.url!);
  });

  beforeEach(() => {
    address += 1;
  });

  afterAll(async () => {
    await mail?.close();
    await server?.stop();
    await db?.drop();
    await clearRedisPrefix(prefix);
  });

  it('stores the message for support operators, confirms it to the sender and tells the support address', async () => {
    const since = Date.now();
    const body = message();
    const res = await (await visitor()).post('/api/contact', body, { headers: from() });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ received: true });

    // The sender wrote in Spanish: the confirmation is in Spanish (the language a contact message stores).
    const confirmation = await mail.waitFor(body.email, /^Hemos recibido su mensaje — Muster$/, since);
    expect(confirmation.text).toContain('Le responderemos en un plazo de 24 horas.');
    expect(confirmation.text).toContain('Asunto: Solicitar una demostración');
    expect(confirmation.html).toContain('<html lang="es" dir="ltr">');
    // Nothing the sender wrote goes back out: the form cannot relay text to someone else's inbox.
    expect(confirmation.text).not.toContain(body.message);
    expect(confirmation.text).not.toContain(body.name);
    const notice = await mail.waitFor('desk@muster.example', /New contact message: Request a demo — Amara Quayside/, since);
    expect(notice.text).toContain(body.email);
    expect(notice.text).toContain(body.message);

    const sysops = await staff('sysops@muster.example');
    const list = (await (await sysops.get('/api/contact/messages')).json()) as ContactList;
    const stored = list.items.find((m) => m.email === body.email);
    expect(stored).toMatchObject({
      name: 'Amara Quayside',
      company: 'North Quay Terminal',
      subject: 'demo',
      message: body.message,
      language: 'es',
      status: 'ticket_opened',
      ip: `203.0.113.${String(address)}`,
    });
    expect(list.total).toBeGreaterThanOrEqual(1);
    expect(confirmation.text).toContain(`Referencia: ${stored!.id}`);

    // Support operators work it as a ticket of no organisation, the sender as its requester.
    const ticket = (await (await sysops.get(`/api/tickets/${stored!.ticketId!}`)).json()) as TicketDetail;
    expect(ticket).toMatchObject({
      subject: 'Request a demo — North Quay Terminal',
      description: body.message,
      category: 'question',
      status: 'open',
      organization: null,
      requester: { id: null, name: 'Amara Quayside', email: body.email },
    });
  });

  it('lets only support operators and above read the messages', async () => {
    expect((await (await visitor()).get('/api/contact/messages')).status).toBe(401);
    expect((await (await staff('admin@harborpoint.example')).get('/api/contact/messages')).status).toBe(403);
    expect((await (await staff('root@muster.example')).get('/api/contact/messages?limit=1')).status).toBe(200);
  });

  it('answers 400 with a message per invalid field and stores nothing', async () => {
    const count = async () => (await sql<{ count: string }>(db.url, 'SELECT count(*) FROM contact_messages'))[0]?.count;
    const before = await count();
    const res = await (
      await visitor()
    ).post('/api/contact', { name: '', email: 'not-an-email', subject: 'lunch', message: 'short' }, { headers: from() });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { code: string; fields: Record<string, string> };
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.fields).toEqual({
      name: 'Required',
      email: 'Enter a valid email address',
      subject: 'Choose a subject',
      message: 'Must be at least 10 characters',
    });
    expect(await count()).toBe(before);
  });

  it('drops a message whose honeypot field is filled, answering like any other', async () => {
    const since = Date.now();
    const body = message({ website: 'https://spam.example' });
    const res = await (await visitor()).post('/api/contact', body, { headers: from() });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ received: true });
    const rows = await sql(db.url, 'SELECT id FROM contact_messages WHERE email = $1', [body.email]);
    expect(rows).toHaveLength(0);
    // A genuine message sent after it is confirmed; the dropped one never was.
    const genuine = message();
    expect((await (await visitor()).post('/api/contact', genuine, { headers: from() })).status).toBe(202);
    await mail.waitFor(genuine.email, /Hemos recibido su mensaje/, since);
    expect((await mail.list()).some((m) => m.to === body.email)).toBe(false);
  });

  it('confirms in English a message that names no language, from a browser whose language is not ours', async () => {
    const since = Date.now();
    const body = message({ language: undefined });
    const res = await (await visitor()).post('/api/contact', body, { headers: { ...from(), 'accept-language': 'de-DE,de;q=0.9' } });
    expect(res.status).toBe(202);
    const confirmation = await mail.waitFor(body.email, /^We received your message — Muster$/, since);
    expect(confirmation.text).toContain("Thank you for contacting us. We'll get back to you within 24 hours.");
    expect(confirmation.text).toContain('Subject: Request a demo');
    // The page's language (the web app's cookie) is the language the visitor used.
    const arabic = message({ language: undefined });
    const reader = await visitor();
    reader.cookies.set(COOKIES.language, 'ar');
    expect((await reader.post('/api/contact', arabic, { headers: from() })).status).toBe(202);
    const inArabic = await mail.waitFor(arabic.email, /^تلقّينا رسالتك — Muster$/, since);
    expect(inArabic.html).toContain('<html lang="ar" dir="rtl">');
    const stored = await sql<{ language: string }>(db.url, 'SELECT language FROM contact_messages WHERE email = $1', [arabic.email]);
    expect(stored[0]?.language).toBe('ar');
  });

  it(`accepts ${String(PER_HOUR)} messages an hour from one address, then answers 429 with Retry-After`, async () => {
    const c = await visitor();
    for (let i = 0; i < PER_HOUR; i++) expect((await c.post('/api/contact', message(), { headers: from() })).status).toBe(202);
    const refused = await c.post('/api/contact', message(), { headers: from() });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    // Another address is not affected.
    address += 1;
    expect((await c.post('/api/contact', message(), { headers: from() })).status).toBe(202);
  });
});
