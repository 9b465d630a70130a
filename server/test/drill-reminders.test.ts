import { jobIds, QueueName, type DrillMember, type DrillRun, type RemindersOverview } from '@muster/contracts';
import { Queue } from 'bullmq';
import { signIn } from './support/accounts.js';
import { clearRedisPrefix, REDIS_URL, startServer, uniquePrefix, type ServerProcess } from './support/app.js';
import { chatSocket, expectOk, nextEvent, type ChatSocket } from './support/chat.js';
import type { TestClient } from './support/client.js';
import { createTestDatabase } from './support/databases.js';
import { sql } from './support/db.js';
import { joinConsole, libraryTemplate, membersByRole, scheduleRun } from './support/drills.js';
import { expectJson as json } from './support/http.js';
import { MailWatcher } from './support/outbox.js';

const MINUTE = 60_000;

/**
 * Reminders before drill runs as BullMQ delayed jobs, with an api process and a separate worker
 * process (as in production): queued with deterministic ids, moved with their run, removed when
 * it is cancelled or started, and delivered by email and socket even when the worker restarts
 * between scheduling and delivery.
 */
describe('Drill reminders', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let api: ServerProcess;
  let worker: ServerProcess;
  let mail: MailWatcher;
  let queue: Queue;
  const prefix = uniquePrefix();
  const sockets: ChatSocket[] = [];
  let manager: TestClient;
  let people: Record<string, DrillMember>;
  let templateId: string;

  /** The state of a reminder's job in Redis, or "missing". */
  async function jobState(run: Pick<DrillRun, 'id' | 'scheduledAt'>, ruleId: string): Promise<string> {
    const job = await queue.getJob(jobIds.drillReminder(run.id, ruleId, new Date(run.scheduledAt)));
    return job ? await job.getState() : 'missing';
  }

  async function rules(): Promise<RemindersOverview['rules']> {
    return (await json<RemindersOverview>(await manager.get('/api/drills/reminders'), 200)).rules;
  }

  const inDays = (days: number) => new Date(Date.now() + days * 24 * 60 * MINUTE).toISOString();

  beforeAll(async () => {
    db = await createTestDatabase();
    const env = { SEED_ON_EMPTY: 'true', AUTH_ATTEMPTS_PER_IP: '10000' };
    api = await startServer({ databaseUrl: db.url, prefix, role: 'api', env });
    worker = await startServer({ databaseUrl: db.url, prefix, role: 'worker', env });
    mail = await MailWatcher.start(prefix, api.url!);
    queue = new Queue(QueueName.Reminders, { connection: { url: REDIS_URL }, prefix });
    manager = await signIn(api.url!, 'manager@harborpoint.example');
    people = await membersByRole(manager);
    templateId = (await libraryTemplate(manager, 'evacuation')).id;
  });

  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await queue?.close();
    await mail?.close();
    await Promise.all([api?.stop(), worker?.stop()]);
    await db?.drop();
    await clearRedisPrefix(prefix);
  });

  it('queues a run’s reminders with deterministic ids, moves them with the run, and removes them when it is cancelled or started', async () => {
    // The defaults: a week, a day and an hour before.
    const [week, day, hour] = await rules();
    expect([week!.leadMinutes, day!.leadMinutes, hour!.leadMinutes]).toEqual([7 * 1440, 1440, 60]);

    const run = await scheduleRun(manager, { templateId, leadUserId: people.MANAGER!.id, scheduledAt: inDays(3) });
    // A week before is already past: not queued. A day and an hour before are delayed jobs.
    expect([await jobState(run, week!.id), await jobState(run, day!.id), await jobState(run, hour!.id)]).toEqual([
      'missing',
      'delayed',
      'delayed',
    ]);
    const job = await queue.getJob(jobIds.drillReminder(run.id, day!.id, new Date(run.scheduledAt)));
    expect(job!.data).toEqual({ orgId: expect.any(String), runId: run.id, ruleId: day!.id, scheduledAt: run.scheduledAt });
    expect(job!.timestamp + job!.delay).toBeCloseTo(Date.parse(run.scheduledAt) - 1440 * MINUTE, -3);

    // Moved ten days out: the old jobs are gone, new ones under the new time, the week's too.
    const moved = await json<DrillRun>(await manager.request('PATCH', `/api/drills/runs/${run.id}`, { scheduledAt: inDays(10) }), 200);
    expect([await jobState(run, day!.id), await jobState(run, hour!.id)]).toEqual(['missing', 'missing']);
    expect([await jobState(moved, week!.id), await jobState(moved, day!.id), await jobState(moved, hour!.id)]).toEqual([
      'delayed',
      'delayed',
      'delayed',
    ]);

    // New rules: every scheduled run is queued again under them.
    const saved = await json<RemindersOverview>(
      await manager.request('PUT', '/api/drills/reminders/rules', {
        rules: [{ leadMinutes: 120, channels: ['in_app'], recipients: ['lead'] }],
      }),
      200,
    );
    const [twoHours] = saved.rules;
    expect([await jobState(moved, week!.id), await jobState(moved, day!.id), await jobState(moved, twoHours!.id)]).toEqual([
      'missing',
      'missing',
      'delayed',
    ]);
    expect(saved.upcoming.find((u) => u.runId === run.id)).toMatchObject({ ruleId: twoHours!.id, leadMinutes: 120 });

    // Cancelled: nothing left.
    await json(await manager.post(`/api/drills/runs/${run.id}/cancel`), 200);
    expect(await jobState(moved, twoHours!.id)).toBe('missing');

    // Started early: its reminders go too.
    const other = await scheduleRun(manager, { templateId, leadUserId: people.MANAGER!.id, scheduledAt: inDays(2) });
    expect(await jobState(other, twoHours!.id)).toBe('delayed');
    const lead = await chatSocket(api.url!, manager);
    sockets.push(lead);
    await joinConsole(lead, other.id);
    expectOk(await lead.emitWithAck('console:control', { runId: other.id, action: 'start' }));
    expect(await jobState(other, twoHours!.id)).toBe('missing');
  });

  it('delivers a reminder due in 2 s by email and socket, even when the worker restarts in between', async () => {
    await json(
      await manager.request('PUT', '/api/drills/reminders/rules', {
        rules: [{ leadMinutes: 5, channels: ['email', 'in_app'], recipients: ['lead', 'participants'] }],
      }),
      200,
    );
    const user = await signIn(api.url!, 'user@harborpoint.example');
    const leadSocket = await chatSocket(api.url!, manager);
    const userSocket = await chatSocket(api.url!, user);
    sockets.push(leadSocket, userSocket);
    const toLead = nextEvent(leadSocket, 'notification:new');
    const toUser = nextEvent(userSocket, 'notification:new');
    const since = Date.now();

    // The worker goes away before the reminder is queued and a new one comes after: the delayed
    // job waits in Redis, not in a process, and the new worker delivers it when it is due.
    expect(await worker.stop()).toBe(0);
    const run = await scheduleRun(manager, {
      templateId,
      leadUserId: people.MANAGER!.id,
      participants: [{ userId: people.USER!.id }],
      scheduledAt: new Date(Date.now() + 5 * MINUTE + 2000).toISOString(),
    });
    const [rule] = await rules();
    expect(await jobState(run, rule!.id)).toBe('delayed');
    worker = await startServer({ databaseUrl: db.url, prefix, role: 'worker', env: { SEED_ON_EMPTY: 'true' } });

    const [leadNote, userNote] = await Promise.all([toLead, toUser]);
    for (const note of [leadNote, userNote]) {
      expect(note).toMatchObject({
        kind: 'drill_reminder',
        data: { runId: run.id, title: run.title, scheduledAt: run.scheduledAt, leadMinutes: 5 },
        link: `/app/drills/console/${run.id}`,
        readAt: null,
      });
    }
    for (const address of ['manager@harborpoint.example', 'user@harborpoint.example']) {
      const email = await mail.waitFor(address, /^Reminder: ".+" starts in 5 minutes$/, since);
      expect(email.text).toContain(`/app/drills/console/${run.id}`);
    }
    expect(await jobState(run, rule!.id)).toBe('completed');
    const stored = await sql<{ n: string }>(
      db.url,
      `SELECT count(*) AS n FROM notifications WHERE kind = 'drill_reminder' AND data->>'runId' = $1`,
      [run.id],
    );
    expect(stored[0]!.n).toBe('2');
  });
});
