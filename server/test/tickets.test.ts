import type { TicketDetail, TicketList } from '@muster/contracts';
import { TestClient } from './support/client.js';
import { signIn, signUpElsewhere } from './support/accounts.js';
import { expectJson as json } from './support/http.js';
import { createTestDatabase } from './support/databases.js';
import { MailWatcher } from './support/outbox.js';
import { clearRedisPrefix, startServer, uniquePrefix, type ServerProcess } from './support/app.js';

describe('Tickets', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let server: ServerProcess;
  let mail: MailWatcher;
  const prefix = uniquePrefix();

  const as = (email: string): Promise<TestClient> => signIn(server.url!, email);
  const outsider = (): Promise<TestClient> => signUpElsewhere(server.url!);

  beforeAll(async () => {
    db = await createTestDatabase();
    server = await startServer({ databaseUrl: db.url, prefix, env: { SEED_ON_EMPTY: 'true', AUTH_ATTEMPTS_PER_IP: '10000' } });
    mail = await MailWatcher.start(prefix, server.url!);
  });

  afterAll(async () => {
    await mail?.close();
    await server?.stop();
    await db?.drop();
    await clearRedisPrefix(prefix);
  });

  it('runs a ticket from request to resolution: SLA due times, replies, internal notes, history and emails', async () => {
    const user = await as('user@harborpoint.example');
    const opened = await json<TicketDetail>(
      await user.post('/api/tickets', {
        subject: 'Muster drill report missing observations',
        description: 'The after-action summary of Tuesday is missing two observations.',
        category: 'drills',
        priority: 'high',
      }),
      201,
    );
    expect(opened).toMatchObject({
      status: 'open',
      priority: 'high',
      organization: { name: 'Harbor Point Port Authority' },
      assignee: null,
    });
    const created = Date.parse(opened.createdAt);
    expect(Date.parse(opened.firstResponseDueAt) - created).toBeGreaterThanOrEqual(4 * 3600_000 - 2000);
    expect(Date.parse(opened.firstResponseDueAt) - created).toBeLessThanOrEqual(4 * 3600_000 + 2000);
    expect(Date.parse(opened.resolutionDueAt) - created).toBeGreaterThanOrEqual(24 * 3600_000 - 2000);
    expect(opened.breached).toEqual({ firstResponse: false, resolution: false });
    expect(opened.number).toBeGreaterThan(0);

    const sysops = await as('sysops@muster.example');
    const operatorId = ((await (await sysops.get('/api/auth/me')).json()) as { user: { id: string } }).user.id;
    const queue = await json<TicketList>(await sysops.get('/api/tickets?scope=all&status=open&q=drill%20report'), 200);
    expect(queue.items.map((t) => t.id)).toContain(opened.id);

    const assigned = await json<TicketDetail>(
      await sysops.request('PATCH', `/api/tickets/${opened.id}`, { assigneeId: operatorId, status: 'pending' }),
      200,
    );
    expect(assigned.assignee?.id).toBe(operatorId);
    await json<TicketDetail>(
      await sysops.post(`/api/tickets/${opened.id}/comments`, { body: 'Checking the run log now.', internal: true }),
      201,
    );
    const since = Date.now();
    const replied = await json<TicketDetail>(
      await sysops.post(`/api/tickets/${opened.id}/comments`, { body: 'Both observations are restored; please check.' }),
      201,
    );
    expect(replied.firstRespondedAt).not.toBeNull();
    const replyMail = await mail.waitFor(
      'user@harborpoint.example',
      new RegExp(`New reply on your ticket #${String(opened.number)}`),
      since,
    );
    expect(replyMail.text).toContain('Both observations are restored; please check.');
    expect(replyMail.text).not.toContain('Checking the run log now.');

    // The requester sees the reply, not the internal note, and their reply puts the ticket back in the queue.
    const seen = await json<TicketDetail>(await user.get(`/api/tickets/${opened.id}`), 200);
    expect(seen.comments.map((c) => c.body)).toEqual(['Both observations are restored; please check.']);
    expect(seen.history.map((e) => e.kind)).not.toContain('internal_note');
    const back = await json<TicketDetail>(await user.post(`/api/tickets/${opened.id}/comments`, { body: 'One is still missing.' }), 201);
    expect(back.status).toBe('open');

    const statusSince = Date.now();
    const resolved = await json<TicketDetail>(await sysops.request('PATCH', `/api/tickets/${opened.id}`, { status: 'resolved' }), 200);
    expect(resolved.resolvedAt).not.toBeNull();
    expect(resolved.breached).toEqual({ firstResponse: false, resolution: false });
    await mail.waitFor('user@harborpoint.example', new RegExp(`Your ticket #${String(opened.number)} is now resolved`), statusSince);
    expect(resolved.history.map((e) => `${e.kind}:${e.from ?? ''}>${e.to ?? ''}`)).toEqual([
      'created:>open',
      'status:open>pending',
      `assignee:>${resolved.assignee!.name}`,
      'internal_note:>',
      'comment:>',
      // The requester's reply, then the reopening it caused.
      'comment:>',
      'status:pending>open',
      'status:open>resolved',
    ]);
  });

  it('shows tickets to the requester, their organisation admins and operators only; another organisation gets 404', async () => {
    const user = await as('user@harborpoint.example');
    const ticket = await json<TicketDetail>(
      await user.post('/api/tickets', {
        subject: 'Cannot download packet',
        description: 'The waiver dialog never closes.',
        category: 'compliance',
      }),
      201,
    );
    expect(ticket.priority).toBe('normal');
    const admin = await as('admin@harborpoint.example');
    const orgList = await json<TicketList>(await admin.get('/api/tickets?scope=organization'), 200);
    expect(orgList.items.map((t) => t.id)).toContain(ticket.id);
    expect((await admin.get(`/api/tickets/${ticket.id}`)).status).toBe(200);

    const accountant = await as('accountant@harborpoint.example');
    expect((await accountant.get(`/api/tickets/${ticket.id}`)).status).toBe(404);
    expect((await accountant.get('/api/tickets?scope=organization')).status).toBe(403);
    expect((await accountant.get('/api/tickets?scope=all')).status).toBe(403);
    expect((await user.request('PATCH', `/api/tickets/${ticket.id}`, { status: 'closed' })).status).toBe(403);
    expect((await user.post(`/api/tickets/${ticket.id}/comments`, { body: 'note', internal: true })).status).toBe(403);

    const stranger = await outsider();
    expect((await stranger.get(`/api/tickets/${ticket.id}`)).status).toBe(404);
    expect((await stranger.post(`/api/tickets/${ticket.id}/comments`, { body: 'hello' })).status).toBe(404);
    const theirs = await json<TicketList>(await stranger.get('/api/tickets?scope=organization'), 200);
    expect(theirs.items.map((t) => t.id)).not.toContain(ticket.id);
    expect((await (await new TestClient(server.url!).init()).get('/api/tickets')).status).toBe(401);
  });

  it('answers bad input with 400 and a message per field', async () => {
    const user = await as('user@harborpoint.example');
    const res = await user.post('/api/tickets', { subject: 'x', description: '', category: 'weather', priority: 'asap' });
    const body = await json<{ code: string; fields: Record<string, string> }>(res, 400);
    expect(body.fields).toEqual({
      subject: 'Must be at least 3 characters',
      description: 'Required',
      category: 'Choose a category',
      priority: 'Choose a priority',
    });
    const sysops = await as('sysops@muster.example');
    const ticket = await json<TicketDetail>(
      await user.post('/api/tickets', { subject: 'Assign me', description: 'Please.', category: 'other' }),
      201,
    );
    expect((await sysops.request('PATCH', `/api/tickets/${ticket.id}`, {})).status).toBe(400);
    const admin = ((await (await (await as('admin@harborpoint.example')).get('/api/auth/me')).json()) as { user: { id: string } }).user.id;
    const notOperator = await json<{ fields: Record<string, string> }>(
      await sysops.request('PATCH', `/api/tickets/${ticket.id}`, { assigneeId: admin }),
      400,
    );
    expect(notOperator.fields).toEqual({ assigneeId: 'Choose a support operator' });
    expect((await sysops.get('/api/tickets/not-a-uuid')).status).toBe(404);
    expect((await sysops.get('/api/tickets/aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaa-')).status).toBe(404);
    expect((await user.post('/api/tickets', { subject: 'Null\u0000byte', description: 'x', category: 'other' })).status).toBe(400);

    // A new priority moves the service levels, counted from creation.
    const urgent = await json<TicketDetail>(await sysops.request('PATCH', `/api/tickets/${ticket.id}`, { priority: 'urgent' }), 200);
    expect(Date.parse(urgent.firstResponseDueAt) - Date.parse(urgent.createdAt)).toBe(3600_000);
    expect(Date.parse(urgent.resolutionDueAt) - Date.parse(urgent.createdAt)).toBe(8 * 3600_000);
    // A closed ticket takes no more customer replies.
    await json<TicketDetail>(await sysops.request('PATCH', `/api/tickets/${ticket.id}`, { status: 'closed' }), 200);
    expect(await json(await user.post(`/api/tickets/${ticket.id}/comments`, { body: 'Still there?' }), 409)).toMatchObject({
      message: 'This ticket is closed: open a new ticket',
    });
  });
});
