import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SupportOperator, TicketAttachment, TicketBulkResult, TicketDetail, TicketList } from '@muster/contracts';
import { fileForm, TestClient } from './support/client.js';
import { signIn, signUpElsewhere } from './support/accounts.js';
import { expectJson as json } from './support/http.js';
import { createTestDatabase } from './support/databases.js';
import { sql } from './support/db.js';
import { MailWatcher } from './support/outbox.js';
import { clearRedisPrefix, startServer, uniquePrefix, type ServerProcess } from './support/app.js';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR fake image body')]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n');

const form = fileForm;

describe('Ticket attachments, the operator queue and bulk changes', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let server: ServerProcess;
  let mail: MailWatcher;
  let storageDir: string;
  const prefix = uniquePrefix();

  const as = (email: string): Promise<TestClient> => signIn(server.url!, email);
  const outsider = (): Promise<TestClient> => signUpElsewhere(server.url!);
  async function open(client: TestClient, subject: string, extra: Record<string, string> = {}): Promise<TicketDetail> {
    return json<TicketDetail>(
      await client.post('/api/tickets', { subject, description: 'Details.', category: 'technical', ...extra }),
      201,
    );
  }
  const meId = async (client: TestClient) => ((await (await client.get('/api/auth/me')).json()) as { user: { id: string } }).user.id;

  beforeAll(async () => {
    storageDir = await mkdtemp(join(tmpdir(), 'muster-attachments-'));
    db = await createTestDatabase();
    server = await startServer({
      databaseUrl: db.url,
      prefix,
      env: { SEED_ON_EMPTY: 'true', AUTH_ATTEMPTS_PER_IP: '10000', STORAGE_DIR: storageDir },
    });
    mail = await MailWatcher.start(prefix, server.url!);
  });

  afterAll(async () => {
    await mail?.close();
    await server?.stop();
    await db?.drop();
    await clearRedisPrefix(prefix);
    await rm(storageDir, { recursive: true, force: true });
  });

  it('uploads, lists and downloads attachments; the type comes from the content', async () => {
    const user = await as('user@harborpoint.example');
    const ticket = await open(user, 'Screenshot of the broken console');

    // A PNG sent as text/plain is stored as the PNG it is.
    const png = await json<TicketAttachment>(
      await user.postForm(`/api/tickets/${ticket.id}/attachments`, form(PNG, '..\\shots\\console <1>.png', 'text/plain')),
      201,
    );
    expect(png).toMatchObject({ filename: 'console 1.png', contentType: 'image/png', size: PNG.length, internal: false });
    const pdf = await json<TicketAttachment>(
      await user.postForm(`/api/tickets/${ticket.id}/attachments`, form(PDF, 'rapport d’exercice.pdf', 'application/pdf')),
      201,
    );

    const detail = await json<TicketDetail>(await user.get(`/api/tickets/${ticket.id}`), 200);
    expect(detail.attachments.map((a) => [a.id, a.filename, a.contentType])).toEqual([
      [png.id, 'console 1.png', 'image/png'],
      [pdf.id, 'rapport d’exercice.pdf', 'application/pdf'],
    ]);
    expect(detail.history.filter((e) => e.kind === 'attachment').map((e) => e.to)).toEqual(['console 1.png', 'rapport d’exercice.pdf']);

    const download = await user.get(`/api/tickets/${ticket.id}/attachments/${pdf.id}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="rapport d_exercice.pdf"; filename*=UTF-8''rapport%20d%E2%80%99exercice.pdf`,
    );
    expect(Buffer.from(await download.arrayBuffer()).equals(PDF)).toBe(true);

    // Organisation admins and operators download too; the files are on disk under the storage directory.
    const admin = await as('admin@harborpoint.example');
    expect((await admin.get(`/api/tickets/${ticket.id}/attachments/${png.id}`)).status).toBe(200);
    const sysops = await as('sysops@muster.example');
    const fromOperator = await sysops.get(`/api/tickets/${ticket.id}/attachments/${png.id}`);
    expect(Buffer.from(await fromOperator.arrayBuffer()).equals(PNG)).toBe(true);
    const orgs = await readdir(join(storageDir, 'objects', 'tickets'));
    expect(orgs).toEqual([ticket.organization!.id]);
  });

  it('keeps attachments from people who cannot see the ticket: another organisation gets 404', async () => {
    const user = await as('user@harborpoint.example');
    const ticket = await open(user, 'Private evidence photo');
    const file = await json<TicketAttachment>(
      await user.postForm(`/api/tickets/${ticket.id}/attachments`, form(PNG, 'a.png', 'image/png')),
      201,
    );

    const stranger = await outsider();
    expect((await stranger.get(`/api/tickets/${ticket.id}/attachments/${file.id}`)).status).toBe(404);
    expect((await stranger.postForm(`/api/tickets/${ticket.id}/attachments`, form(PNG, 'b.png', 'image/png'))).status).toBe(404);
    const accountant = await as('accountant@harborpoint.example');
    expect((await accountant.get(`/api/tickets/${ticket.id}/attachments/${file.id}`)).status).toBe(404);

    // The attachment id must belong to the ticket in the URL.
    const other = await open(user, 'Another ticket');
    expect((await user.get(`/api/tickets/${other.id}/attachments/${file.id}`)).status).toBe(404);
    expect((await user.get(`/api/tickets/${ticket.id}/attachments/not-a-uuid`)).status).toBe(404);
    // Without the CSRF header an upload is refused.
    expect((await user.postForm(`/api/tickets/${ticket.id}/attachments`, form(PNG, 'c.png', 'image/png'), { csrf: false })).status).toBe(
      403,
    );
  });

  it('counts uploads against the storage limit: past Basic’s 10 GB a customer is refused with the upgrade link, support is not', async () => {
    const owner = await outsider();
    const ticket = await open(owner, 'Evidence of the muster drill');
    const orgId = ((await (await owner.get('/api/auth/me')).json()) as { org: { id: string } }).org.id;
    // 10 GB less 10 bytes already used this month on the Basic trial.
    await sql(
      db.url,
      `INSERT INTO usage_records (org_id, resource_type, period, amount) VALUES ($1, 'storage', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM'), 9999999990)`,
      [orgId],
    );
    const refused = await owner.postForm(`/api/tickets/${ticket.id}/attachments`, form(PNG, 'photo.png', 'image/png'));
    expect(refused.headers.get('link')).toBe('</app/subscription>; rel="payment"');
    expect(await json(refused, 402)).toMatchObject({
      code: 'USAGE_LIMIT_REACHED',
      message:
        "Your plan's limit of 10 GB of storage this month is reached. Upgrade your plan, or ask an administrator to turn on overage billing.",
    });
    const detail = await json<TicketDetail>(await owner.get(`/api/tickets/${ticket.id}`), 200);
    expect(detail.attachments).toEqual([]);
    expect(await readdir(join(storageDir, 'tickets', orgId)).catch(() => [])).toEqual([]);

    // Support's reply with a file goes through and is counted.
    const sysops = await as('sysops@muster.example');
    await json(await sysops.postForm(`/api/tickets/${ticket.id}/attachments`, form(PDF, 'procedure.pdf', 'application/pdf')), 201);
    const [row] = await sql<{ amount: string }>(
      db.url,
      `SELECT amount FROM usage_records WHERE org_id = $1 AND resource_type = 'storage' AND period = to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM')`,
      [orgId],
    );
    expect(Number(row!.amount)).toBe(9_999_999_990 + PDF.length);
  });

  it('refuses too large, disguised, empty and missing files with a 4xx and a clear message', async () => {
    const user = await as('user@harborpoint.example');
    const ticket = await open(user, 'Files that should be refused');
    const upload = (content: Buffer, name: string, type: string) =>
      user.postForm(`/api/tickets/${ticket.id}/attachments`, form(content, name, type));

    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]);
    expect(await json(await upload(big, 'big.png', 'image/png'), 413)).toMatchObject({
      code: 'FILE_TOO_LARGE',
      message: 'Files can be at most 10 MB',
    });
    // HTML claiming to be a PNG is read for what it is.
    expect(await json(await upload(Buffer.from('<html><script>alert(1)</script></html>'), 'x.png', 'image/png'), 400)).toMatchObject({
      code: 'FILE_TYPE_NOT_ALLOWED',
      message: 'Only PNG, JPEG, GIF and WebP images and PDF documents can be attached',
    });
    expect(await json(await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'x.svg', 'image/svg+xml'), 400)).toMatchObject(
      {
        code: 'FILE_TYPE_NOT_ALLOWED',
      },
    );
    expect(await json(await upload(Buffer.alloc(0), 'empty.png', 'image/png'), 400)).toMatchObject({ code: 'FILE_REQUIRED' });

    const wrongField = new FormData();
    wrongField.append('document', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'a.png');
    expect(await json(await user.postForm(`/api/tickets/${ticket.id}/attachments`, wrongField), 400)).toMatchObject({
      code: 'FILE_REQUIRED',
    });
    expect(await json(await user.post(`/api/tickets/${ticket.id}/attachments`, { file: 'abc' }), 400)).toMatchObject({
      code: 'FILE_REQUIRED',
      message: 'Send the file as multipart/form-data',
    });

    const detail = await json<TicketDetail>(await user.get(`/api/tickets/${ticket.id}`), 200);
    expect(detail.attachments).toEqual([]);
    // The server is still healthy after the refused uploads.
    expect((await user.get('/api/tickets?scope=mine')).status).toBe(200);
  });

  it('hides internal attachments from the customer', async () => {
    const user = await as('user@harborpoint.example');
    const ticket = await open(user, 'Log file for support');
    expect((await user.postForm(`/api/tickets/${ticket.id}/attachments?internal=true`, form(PNG, 'x.png', 'image/png'))).status).toBe(403);

    const sysops = await as('sysops@muster.example');
    const internal = await json<TicketAttachment>(
      await sysops.postForm(`/api/tickets/${ticket.id}/attachments?internal=true`, form(PDF, 'analysis.pdf', 'application/pdf')),
      201,
    );
    expect(internal.internal).toBe(true);
    const staffView = await json<TicketDetail>(await sysops.get(`/api/tickets/${ticket.id}`), 200);
    expect(staffView.attachments.map((a) => a.id)).toEqual([internal.id]);
    expect(staffView.history.map((e) => e.kind)).toContain('internal_attachment');

    const customerView = await json<TicketDetail>(await user.get(`/api/tickets/${ticket.id}`), 200);
    expect(customerView.attachments).toEqual([]);
    expect(customerView.history.map((e) => e.kind)).not.toContain('internal_attachment');
    expect((await user.get(`/api/tickets/${ticket.id}/attachments/${internal.id}`)).status).toBe(404);

    // A closed ticket takes no more files from the customer.
    await json(await sysops.request('PATCH', `/api/tickets/${ticket.id}`, { status: 'closed' }), 200);
    expect(await json(await user.postForm(`/api/tickets/${ticket.id}/attachments`, form(PNG, 'y.png', 'image/png')), 409)).toMatchObject({
      code: 'CONFLICT',
    });
  });

  it('filters the operator queue by category, assignee and number, and sorts it by the next due time', async () => {
    const user = await as('user@harborpoint.example');
    const sysops = await as('sysops@muster.example');
    const operatorId = await meId(sysops);
    const tag = `queue-${String(Date.now())}`;
    const low = await open(user, `${tag} low`, { priority: 'low', category: 'billing' });
    const urgent = await open(user, `${tag} urgent`, { priority: 'urgent', category: 'billing' });
    const high = await open(user, `${tag} high`, { priority: 'high', category: 'account' });
    await json(await sysops.request('PATCH', `/api/tickets/${high.id}`, { assigneeId: operatorId }), 200);

    const list = async (query: string) =>
      (await json<TicketList>(await sysops.get(`/api/tickets?scope=all&q=${tag}&${query}`), 200)).items.map((t) => t.id);
    expect(await list('sort=sla')).toEqual([urgent.id, high.id, low.id]);
    expect(await list('sort=newest')).toEqual([high.id, urgent.id, low.id]);
    expect(await list('category=billing&sort=sla')).toEqual([urgent.id, low.id]);
    expect(await list('assignee=mine')).toEqual([high.id]);
    expect(await list(`assignee=${operatorId}`)).toEqual([high.id]);
    expect(await list('assignee=unassigned&sort=sla')).toEqual([urgent.id, low.id]);
    const byNumber = await json<TicketList>(await sysops.get(`/api/tickets?scope=all&q=%23${String(low.number)}`), 200);
    expect(byNumber.items.map((t) => t.id)).toEqual([low.id]);
    expect((await sysops.get('/api/tickets?scope=all&assignee=someone')).status).toBe(400);

    const operators = await json<{ items: SupportOperator[] }>(await sysops.get('/api/tickets/operators'), 200);
    expect(operators.items.map((o) => o.email)).toEqual(
      expect.arrayContaining(['sysops@muster.example', 'root@muster.example', 'deputy@muster.example']),
    );
    expect(operators.items.map((o) => o.email)).not.toContain('admin@harborpoint.example');
    expect((await user.get('/api/tickets/operators')).status).toBe(403);
  });

  it('changes the status of several tickets at once, with history and emails; all or nothing', async () => {
    const user = await as('user@harborpoint.example');
    const sysops = await as('sysops@muster.example');
    const a = await open(user, 'Bulk one');
    const b = await open(user, 'Bulk two');
    const since = Date.now();
    const result = await json<TicketBulkResult>(
      await sysops.request('PATCH', '/api/tickets/bulk', { ids: [a.id, b.id], status: 'resolved' }),
      200,
    );
    expect(result.items.map((t) => [t.id, t.status])).toEqual([
      [a.id, 'resolved'],
      [b.id, 'resolved'],
    ]);
    expect(result.items.every((t) => t.resolvedAt !== null)).toBe(true);
    await mail.waitFor('user@harborpoint.example', new RegExp(`Your ticket #${String(a.number)} is now resolved`), since);
    await mail.waitFor('user@harborpoint.example', new RegExp(`Your ticket #${String(b.number)} is now resolved`), since);
    const history = await json<TicketDetail>(await sysops.get(`/api/tickets/${b.id}`), 200);
    expect(history.history.map((e) => `${e.kind}:${e.from ?? ''}>${e.to ?? ''}`)).toEqual(['created:>open', 'status:open>resolved']);

    // One ticket the operator cannot find: nothing changes.
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await sysops.request('PATCH', '/api/tickets/bulk', { ids: [a.id, missing], status: 'closed' })).status).toBe(404);
    expect((await json<TicketDetail>(await sysops.get(`/api/tickets/${a.id}`), 200)).status).toBe('resolved');

    expect((await user.request('PATCH', '/api/tickets/bulk', { ids: [a.id], status: 'closed' })).status).toBe(403);
    expect(await json(await sysops.request('PATCH', '/api/tickets/bulk', { ids: [], status: 'closed' }), 400)).toMatchObject({
      fields: { ids: 'Choose at least one ticket' },
    });
  });
});
