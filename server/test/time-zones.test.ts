import { randomUUID } from 'node:crypto';
import {
  addMonthsUtc,
  dayInZone,
  jobIds,
  JobName,
  QueueName,
  type DrillRun,
  type OrganizationSettings,
  type RemindersOverview,
  type SessionInfo,
} from '@muster/contracts';
import { Queue, type QueueEvents } from 'bullmq';
import { signIn } from './support/accounts.js';
import { clearRedisPrefix, REDIS_URL, startServer, uniquePrefix, type ServerProcess } from './support/app.js';
import { TestClient } from './support/client.js';
import { createTestDatabase } from './support/databases.js';
import { sql } from './support/db.js';
import { libraryTemplate, membersByRole, scheduleRun } from './support/drills.js';
import { expectJson as json } from './support/http.js';
import { codeIn, MailWatcher } from './support/outbox.js';
import { queueEventsFromNow } from './support/jobs.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const PASSWORD = 'Tide-Table-Pass-2026!';

/** The instant a `YYYY-MM-DD` day starts in a zone without daylight saving, `offsetHours` ahead of UTC. */
const midnightIn = (day: string, offsetHours: number) => Date.parse(`${day}T00:00:00Z`) - offsetHours * HOUR;

/**
 * Organisations' time zones and users' languages against real PostgreSQL, Redis and BullMQ: sign-up
 * takes the browser's zone, the admin changes it (audited, every member's sessions refreshed), a
 * chosen language is stored and emails are written in it, cadence days are cut at the
 * organisation's local midnight, and a day-before reminder keeps its local time across a change
 * of daylight saving.
 */
describe('Time zones and languages', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let api: ServerProcess;
  let mail: MailWatcher;
  let reminders: Queue;
  let reminderEvents: QueueEvents;
  const prefix = uniquePrefix();

  /** Signs a new organisation up (with `timeZone` as its browser's, if given) and its admin in. */
  async function signUp(timeZone?: string): Promise<{ admin: TestClient; email: string; orgId: string }> {
    const email = `admin-${randomUUID().slice(0, 8)}@tides.example`;
    const visitor = await new TestClient(api.url!).init();
    const body = { organizationName: `Tides ${email.slice(6, 14)}`, email, password: PASSWORD, confirmPassword: PASSWORD };
    expect((await visitor.post('/api/auth/register', timeZone ? { ...body, timeZone } : body)).status).toBe(201);
    const admin = await signIn(api.url!, email, PASSWORD);
    const me = await json<SessionInfo>(await admin.get('/api/auth/me'), 200);
    return { admin, email, orgId: me.org!.id };
  }

  beforeAll(async () => {
    db = await createTestDatabase();
    api = await startServer({ databaseUrl: db.url, prefix, env: { SEED_ON_EMPTY: 'true', AUTH_ATTEMPTS_PER_IP: '10000' } });
    mail = await MailWatcher.start(prefix, api.url!);
    reminders = new Queue(QueueName.Reminders, { connection: { url: REDIS_URL }, prefix });
    reminderEvents = await queueEventsFromNow(QueueName.Reminders, prefix);
    await reminderEvents.waitUntilReady();
  });

  afterAll(async () => {
    await reminderEvents?.close();
    await reminders?.close();
    await mail?.close();
    await api?.stop();
    await db?.drop();
    await clearRedisPrefix(prefix);
  });

  it('starts an organisation in the browser’s zone (UTC without one) and refuses what is not a zone', async () => {
    const tokyo = await signUp('Asia/Tokyo');
    const utc = await signUp();
    const zones = await sql<{ id: string; time_zone: string }>(db.url, 'SELECT id, time_zone FROM organizations WHERE id = ANY($1)', [
      [tokyo.orgId, utc.orgId],
    ]);
    expect(Object.fromEntries(zones.map((z) => [z.id, z.time_zone]))).toEqual({ [tokyo.orgId]: 'Asia/Tokyo', [utc.orgId]: 'UTC' });

    const visitor = await new TestClient(api.url!).init();
    const refused = await visitor.post('/api/auth/register', {
      organizationName: 'Olympus Mons Port',
      email: 'mars@tides.example',
      password: PASSWORD,
      confirmPassword: PASSWORD,
      timeZone: 'Mars/Olympus_Mons',
    });
    expect(await json(refused, 400)).toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldReasons: { timeZone: { reason: 'validation.timeZone' } },
      fields: { timeZone: 'Choose a time zone from the list' },
    });
    expect(await sql(db.url, `SELECT 1 FROM users WHERE email = 'mars@tides.example'`)).toHaveLength(0);
  });

  it('lets the admin read and change the zone — audited, every member’s sessions refreshed — and no one else', async () => {
    const admin = await signIn(api.url!, 'admin@harborpoint.example');
    const user = await signIn(api.url!, 'user@harborpoint.example');
    expect(await json<OrganizationSettings>(await admin.get('/api/organization/settings'), 200)).toEqual({
      name: 'Harbor Point Port Authority',
      timeZone: 'UTC',
    });
    expect((await user.get('/api/organization/settings')).status).toBe(403);
    expect((await user.request('PATCH', '/api/organization/settings', { timeZone: 'Asia/Tokyo' })).status).toBe(403);
    expect((await (await signIn(api.url!, 'root@muster.example')).get('/api/organization/settings')).status).toBe(403);
    expect(await json(await admin.request('PATCH', '/api/organization/settings', { timeZone: 'Europe/Atlantis' }), 400)).toMatchObject({
      fieldReasons: { timeZone: { reason: 'validation.timeZone' } },
    });

    // What the sessions keep of a member is rewritten from the database when the zone changes:
    // a name changed behind the sessions' back shows in the other member's next /me.
    await sql(db.url, `UPDATE users SET first_name = 'Renamed' WHERE email = 'user@harborpoint.example'`);
    expect((await json<SessionInfo>(await user.get('/api/auth/me'), 200)).user.firstName).not.toBe('Renamed');
    const changed = await json<OrganizationSettings>(
      await admin.request('PATCH', '/api/organization/settings', { timeZone: 'America/New_York' }),
      200,
    );
    expect(changed.timeZone).toBe('America/New_York');
    expect((await json<SessionInfo>(await user.get('/api/auth/me'), 200)).user.firstName).toBe('Renamed');
    expect((await json<OrganizationSettings>(await admin.get('/api/organization/settings'), 200)).timeZone).toBe('America/New_York');

    const audit = await sql<{ outcome: string; target_id: string; metadata: unknown }>(
      db.url,
      `SELECT outcome, target_id, metadata FROM audit_events WHERE action = 'organization.settings.update'`,
    );
    expect(audit).toEqual([
      { outcome: 'success', target_id: expect.any(String), metadata: { timeZone: { from: 'UTC', to: 'America/New_York' } } },
    ]);
    // Saving the same zone again changes nothing and audits nothing.
    await json(await admin.request('PATCH', '/api/organization/settings', { timeZone: 'America/New_York' }), 200);
    expect(await sql(db.url, `SELECT 1 FROM audit_events WHERE action = 'organization.settings.update'`)).toHaveLength(1);
  });

  it('stores the language a user chooses and writes their emails in it (Spanish; Arabic right to left)', async () => {
    const { admin, email } = await signUp('Europe/Madrid');
    const me = await json<SessionInfo>(await admin.request('PATCH', '/api/auth/profile', { language: 'es' }), 200);
    expect(me.user.email).toBe(email);
    expect(await sql(db.url, 'SELECT language FROM users WHERE email = $1', [email])).toEqual([{ language: 'es' }]);
    expect(await json(await admin.request('PATCH', '/api/auth/profile', { language: 'fr' }), 400)).toMatchObject({
      fieldReasons: { language: { reason: 'validation.language' } },
    });

    // A sign-in code asked from an English page still comes in the language the user chose.
    const since = Date.now();
    const browser = await new TestClient(api.url!).init();
    expect((await browser.post('/api/auth/request-magic', { email }, { headers: { 'accept-language': 'en-GB' } })).status).toBe(200);
    const code = await mail.waitFor(email, /^Su código de inicio de sesión de Muster$/, since);
    expect(code.text).toMatch(/^Su código de inicio de sesión de Muster es \d{6}\.\n\nCaduca en 10 minutos /);
    expect(codeIn(code.text)).toMatch(/^\d{6}$/);
    expect(code.html).toContain('<html lang="es" dir="ltr">');

    await json(await admin.request('PATCH', '/api/auth/profile', { language: 'ar' }), 200);
    expect((await browser.post('/api/auth/forgot-password', { email })).status).toBe(200);
    const reset = await mail.waitFor(email, /^إعادة تعيين كلمة مرور Muster$/, since);
    expect(reset.text).toContain('تنتهي صلاحيته بعد 30 دقيقة');
    expect(reset.html).toContain('<html lang="ar" dir="rtl">');
    expect(reset.html).toContain('<body dir="rtl"');
  });

  it('cuts an organisation’s cadence days at its local midnight and tells its Spanish admin in Spanish', async () => {
    // Kiritimati is UTC+14 all year: its midnight is 10:00 UTC the day before.
    const ZONE = 'Pacific/Kiritimati';
    const { admin, email, orgId } = await signUp(ZONE);
    await json(await admin.request('PATCH', '/api/auth/profile', { language: 'es' }), 200);
    await json(
      await admin.request('PUT', '/api/drills/reminders/cadences', {
        cadences: [{ name: 'Monthly drill', kind: 'drill', intervalMonths: 1, dueSoonDays: 0 }],
      }),
      200,
    );
    // A local day about forty days ago whose day of the month (and the one before) every month has.
    const day = (offset: number) =>
      new Date(Date.parse(`${dayInZone(new Date(), ZONE)}T00:00:00Z`) + offset * DAY).toISOString().slice(0, 10);
    let back = -40;
    while (Number(day(back).slice(8)) > 28 || Number(day(back).slice(8)) < 2) back -= 1;
    const localDay = day(back);
    const dayBefore = day(back - 1);
    const midnight = midnightIn(localDay, 14);

    const admins = await membersByRole(admin);
    const template = await libraryTemplate(admin, 'evacuation');
    const run = await scheduleRun(admin, { templateId: template.id, leadUserId: admins.ADMIN!.id });
    const completeAt = async (at: number) => {
      await sql(db.url, `UPDATE drill_runs SET status = 'completed', started_at = $2, completed_at = $2 WHERE id = $1`, [
        run.id,
        new Date(at),
      ]);
      return (await json<RemindersOverview>(await admin.get('/api/drills/reminders'), 200)).statuses[0]!;
    };

    // One second before local midnight the run is on the day before; at midnight, on the day. On
    // UTC's calendar both moments are the same day, so a UTC cut would give one due date.
    expect(new Date(midnight - 1000).toISOString().slice(0, 10)).toBe(new Date(midnight).toISOString().slice(0, 10));
    const before = await completeAt(midnight - 1000);
    const after = await completeAt(midnight);
    expect(before).toMatchObject({ state: 'overdue', dueDate: addMonthsUtc(dayBefore, 1) });
    expect(after).toMatchObject({ state: 'overdue', dueDate: addMonthsUtc(localDay, 1) });
    expect(after.daysLeft).toBe(before.daysLeft! + 1);
    // Today is counted on the local calendar too.
    const today = dayInZone(new Date(), ZONE);
    expect(after.daysLeft).toBe(Math.round((Date.parse(`${after.dueDate!}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY));

    // The check tells the admin — who chose Spanish — with the local due date.
    const since = Date.now();
    const job = await reminders.add(JobName.CadenceCheck, { orgId });
    await job.waitUntilFinished(reminderEvents);
    const notice = await mail.waitFor(email, /^Vencida: Monthly drill$/, since);
    expect(notice.text).toContain(`Monthly drill: el próximo simulacro está vencido desde el ${after.dueDate!}.`);
    expect(notice.text).toContain('/app/drills/quick-create');
  });

  it('sends a day-before reminder at the same local time the day before, across a change of daylight saving', async () => {
    const ZONE = 'America/New_York';
    const { admin, orgId } = await signUp(ZONE);
    const offsetAt = (at: number) => {
      const parts = Object.fromEntries(
        new Intl.DateTimeFormat('en-US', {
          timeZone: ZONE,
          hourCycle: 'h23',
          year: 'numeric',
          month: 'numeric',
          day: 'numeric',
          hour: 'numeric',
          minute: 'numeric',
        })
          .formatToParts(new Date(at))
          .map((p) => [p.type, Number(p.value)]),
      );
      return Date.UTC(parts.year!, parts.month! - 1, parts.day, parts.hour, parts.minute) - Math.floor(at / 60_000) * 60_000;
    };
    // The next change of daylight saving at least two days away (March and November in New York).
    let noon = Date.parse(`${dayInZone(new Date(Date.now() + 2 * DAY), ZONE)}T17:00:00Z`);
    while (offsetAt(noon) === offsetAt(noon - DAY)) noon += DAY;
    const changeDay = dayInZone(new Date(noon), ZONE);
    // 09:00 on the day of the change (after its 02:00 jump), and 09:00 the day before.
    const scheduledAt = Date.parse(`${changeDay}T09:00:00Z`) - offsetAt(noon);
    const dayBefore = Date.parse(`${changeDay}T09:00:00Z`) - DAY - offsetAt(noon - DAY);
    expect([23 * HOUR, 25 * HOUR]).toContain(scheduledAt - dayBefore);

    const { rules } = await json<RemindersOverview>(
      await admin.request('PUT', '/api/drills/reminders/rules', {
        rules: [{ leadMinutes: 1440, channels: ['email'], recipients: ['lead'] }],
      }),
      200,
    );
    const lead = (await membersByRole(admin)).ADMIN!;
    const template = await libraryTemplate(admin, 'fire');
    const run = await scheduleRun(admin, {
      templateId: template.id,
      leadUserId: lead.id,
      scheduledAt: new Date(scheduledAt).toISOString(),
    });
    const job = await reminders.getJob(jobIds.drillReminder(run.id, rules[0]!.id, new Date(run.scheduledAt)));
    expect(job!.data).toMatchObject({ orgId, runId: run.id });
    expect(Math.abs(job!.timestamp + job!.delay - dayBefore)).toBeLessThan(2000);
    const overview = await json<RemindersOverview>(await admin.get('/api/drills/reminders'), 200);
    expect(overview.upcoming.find((u) => u.runId === run.id)?.sendAt).toBe(new Date(dayBefore).toISOString());
    // Cancelled: its reminder goes, under the same id.
    await json<DrillRun>(await admin.post(`/api/drills/runs/${run.id}/cancel`), 200);
    expect(await reminders.getJob(jobIds.drillReminder(run.id, rules[0]!.id, new Date(run.scheduledAt)))).toBeUndefined();
  });
});
