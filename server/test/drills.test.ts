import { randomUUID } from 'node:crypto';
import {
  billingMonth,
  ERROR_STATUS,
  jobIds,
  JobName,
  QueueName,
  TEMPLATE_RULES,
  type ConsoleState,
  type CorrectiveAction,
  type DrillMember,
  type DrillRun,
  type DrillSummary,
  type DrillTemplate,
  type GeneratedTemplate,
  type NotificationList,
  type TemplateList,
} from '@muster/contracts';
import { Queue } from 'bullmq';
import pg from 'pg';
import { signIn, signUpElsewhere } from './support/accounts.js';
import { clearRedisPrefix, REDIS_URL, startServer, TEST_POOL_SIZE, uniquePrefix, type ServerProcess } from './support/app.js';
import { chatSocket, collect, expectOk, nextEvent, type ChatSocket } from './support/chat.js';
import type { TestClient } from './support/client.js';
import { createTestDatabase } from './support/databases.js';
import { sql } from './support/db.js';
import { joinConsole, membersByRole, scheduleRun } from './support/drills.js';
import { expectJson as json } from './support/http.js';
import { MailWatcher } from './support/outbox.js';
import { queueEventsFromNow } from './support/jobs.js';

/** A complete template of the organisation: two steps (one with a checklist), an inject due at the start and one later. */
const TEMPLATE = {
  name: 'Quay fire drill',
  type: 'drill',
  scenario: 'fire',
  description: 'Smoke from warehouse 3.',
  objectives: ['Everyone at the assembly point within 8 minutes'],
  positions: [
    { id: 'commander', name: 'Incident commander' },
    { id: 'warden', name: 'Muster warden' },
  ],
  steps: [
    {
      id: 'alarm',
      title: 'Raise the alarm',
      positionId: 'commander',
      expectedMinutes: 2,
      checklist: [
        { id: 'alarm-1', text: 'Alarm raised' },
        { id: 'alarm-2', text: 'Control room told' },
      ],
    },
    { id: 'muster', title: 'Muster at the assembly point', positionId: 'warden', expectedMinutes: 8 },
  ],
  injects: [
    { id: 'smoke', atMinute: 0, title: 'Smoke spreads', message: 'Smoke reaches the stairs.', positionId: 'warden' },
    { id: 'missing', atMinute: 25, title: 'One short', message: 'A driver is missing.', positionId: 'warden' },
  ],
  regulations: ['isps_b18_5'],
  estimatedMinutes: 30,
  musterTargetMinutes: 8,
};

/** An observation a spreadsheet would run as a formula if the CSV export let it. */
const FORMULA_NOTE = '=HYPERLINK("https://example.com","Quick alarm")';

/**
 * Drills against real PostgreSQL, Redis and Socket.IO clients: templates and their rules, runs
 * and the live console (every change to every watcher, the version race, the drill clock, the
 * refusals), the after-action summary with approval and exports, and the cadence check.
 */
describe('Drills', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let api: ServerProcess;
  let mail: MailWatcher;
  const prefix = uniquePrefix();
  const sockets: ChatSocket[] = [];
  let admin: TestClient;
  let manager: TestClient;
  let user: TestClient;
  let auditor: TestClient;
  let people: Record<string, DrillMember>;

  async function socketOf(client: TestClient): Promise<ChatSocket> {
    const socket = await chatSocket(api.url!, client);
    sockets.push(socket);
    return socket;
  }

  /** Resolves once `count` sessions of the test database wait for a lock (a transaction holds one). */
  async function lockWaiters(count: number): Promise<void> {
    const watcher = new pg.Client({ connectionString: db.url });
    await watcher.connect();
    try {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const { rows } = await watcher.query<{ waiting: number }>(
          `SELECT count(*)::int AS waiting FROM pg_locks l JOIN pg_stat_activity a USING (pid)
            WHERE NOT l.granted AND a.datname = current_database()`,
        );
        const waiting = rows[0]!.waiting;
        if (waiting >= count) return;
        if (Date.now() > deadline) throw new Error(`${String(waiting)} of ${String(count)} sessions waited for a lock`);
      }
    } finally {
      await watcher.end();
    }
  }

  async function publishedTemplate(overrides: Record<string, unknown> = {}): Promise<DrillTemplate> {
    return json<DrillTemplate>(await manager.post('/api/drills/templates', { ...TEMPLATE, ...overrides, status: 'published' }), 201);
  }

  /** A run of the organisation template, led by the manager, with the user and a guest on the roster. */
  async function runOf(template: DrillTemplate): Promise<DrillRun> {
    return scheduleRun(manager, {
      templateId: template.id,
      leadUserId: people.MANAGER!.id,
      participants: [{ userId: people.USER!.id }, { name: 'Pilot (guest)' }],
    });
  }

  beforeAll(async () => {
    db = await createTestDatabase();
    api = await startServer({ databaseUrl: db.url, prefix, env: { SEED_ON_EMPTY: 'true', AUTH_ATTEMPTS_PER_IP: '10000' } });
    mail = await MailWatcher.start(prefix, api.url!);
    [admin, manager, user, auditor] = await Promise.all([
      signIn(api.url!, 'admin@harborpoint.example'),
      signIn(api.url!, 'manager@harborpoint.example'),
      signIn(api.url!, 'user@harborpoint.example'),
      signIn(api.url!, 'auditor@harborpoint.example'),
    ]);
    people = await membersByRole(admin);
  });

  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await mail?.close();
    await api?.stop();
    await db?.drop();
    await clearRedisPrefix(prefix);
  });

  describe('templates', () => {
    it('lists the organisation’s templates with the built-in library, filtered; library templates are read-only', async () => {
      const own = await publishedTemplate({ name: `Warehouse fire ${randomUUID().slice(0, 6)}` });
      const all = await json<TemplateList>(await user.get('/api/drills/templates'), 200);
      expect(all.items.filter((t) => t.source === 'library')).toHaveLength(10);
      expect(all.items.find((t) => t.id === own.id)).toMatchObject({
        source: 'organization',
        status: 'published',
        stepCount: 2,
        injectCount: 2,
      });

      const fires = await json<TemplateList>(await user.get('/api/drills/templates?scenario=fire&q=warehouse'), 200);
      expect(fires.items.map((t) => t.scenario)).toEqual(fires.items.map(() => 'fire'));
      expect(fires.items.map((t) => t.id)).toContain(own.id);
      const library = await json<TemplateList>(await user.get('/api/drills/templates?source=library&regulation=solas_muster'), 200);
      expect(library.items.length).toBeGreaterThan(0);
      expect(library.items.every((t) => t.source === 'library' && t.regulations.includes('solas_muster'))).toBe(true);

      const builtIn = library.items[0]!;
      const read = await json<DrillTemplate>(await user.get(`/api/drills/templates/${builtIn.id}`), 200);
      expect(read).toMatchObject({ source: 'library', status: 'published', editable: false });
      expect(read.steps.length).toBeGreaterThan(2);
      const change = await manager.request('PUT', `/api/drills/templates/${builtIn.id}`, { ...read, name: 'Mine now', status: 'draft' });
      expect(await json(change, 403)).toMatchObject({ code: 'FORBIDDEN', message: expect.stringMatching(/duplicate/i) });
      const copy = await json<DrillTemplate>(await manager.post(`/api/drills/templates/${builtIn.id}/duplicate`), 201);
      expect(copy).toMatchObject({ source: 'organization', status: 'draft', editable: true, name: `${read.name} (copy)` });
      expect(copy.steps).toEqual(read.steps);
    });

    it('saves an incomplete draft, refuses to publish it with a message on each field, and refuses a stale save', async () => {
      const draft = await json<DrillTemplate>(
        await manager.post('/api/drills/templates', {
          name: 'Half-built',
          type: 'drill',
          scenario: 'custom',
          estimatedMinutes: 20,
          status: 'draft',
        }),
        201,
      );
      expect(draft).toMatchObject({ status: 'draft', version: 1, steps: [], objectives: [] });

      const publish = await manager.request('PUT', `/api/drills/templates/${draft.id}`, {
        ...TEMPLATE,
        name: 'Half-built',
        estimatedMinutes: 20,
        steps: [],
        injects: [{ id: 'late', atMinute: 45, title: 'Too late', message: 'After the end' }],
        status: 'published',
        version: 1,
      });
      const refused = await json<{ code: string; fields: Record<string, string>; fieldReasons: Record<string, unknown> }>(publish, 400);
      expect(refused.code).toBe('VALIDATION_FAILED');
      expect(refused.fields).toMatchObject({
        steps: 'Add at least one step',
        'injects.0.atMinute': 'Due after the drill ends (at 20 min): move it earlier or lengthen the drill',
      });
      expect(refused.fieldReasons).toMatchObject({
        steps: { reason: TEMPLATE_RULES.noSteps, params: {} },
        'injects.0.atMinute': { reason: TEMPLATE_RULES.injectPastEnd, params: { end: 20 } },
      });

      const negative = await manager.request('PUT', `/api/drills/templates/${draft.id}`, {
        ...TEMPLATE,
        steps: [{ id: 'a', title: 'A', expectedMinutes: -5 }],
        status: 'draft',
        version: 1,
      });
      expect((await json<{ fields: Record<string, string> }>(negative, 400)).fields).toEqual({
        'steps.0.expectedMinutes': 'Must be 0 minutes or more',
      });

      const saved = await json<DrillTemplate>(
        await manager.request('PUT', `/api/drills/templates/${draft.id}`, { ...TEMPLATE, status: 'published', version: 1 }),
        200,
      );
      expect(saved).toMatchObject({ status: 'published', version: 2, updatedBy: { name: 'Marcus Lee' } });
      const stale = await manager.request('PUT', `/api/drills/templates/${draft.id}`, { ...TEMPLATE, status: 'draft', version: 1 });
      expect(await json(stale, 409)).toMatchObject({ code: 'VERSION_CONFLICT' });
    });

    it('lets only administrators and managers write, and hides other organisations’ templates', async () => {
      const template = await publishedTemplate();
      expect(await json(await user.post('/api/drills/templates', { ...TEMPLATE, status: 'draft' }), 403)).toMatchObject({
        code: 'FORBIDDEN',
      });
      expect((await user.request('DELETE', `/api/drills/templates/${template.id}`)).status).toBe(403);

      const outsider = await signUpElsewhere(api.url!);
      expect((await outsider.get(`/api/drills/templates/${template.id}`)).status).toBe(404);
      expect((await outsider.post(`/api/drills/templates/${template.id}/duplicate`)).status).toBe(404);
      const theirs = await json<TemplateList>(await outsider.get('/api/drills/templates?source=organization'), 200);
      expect(theirs.items).toEqual([]);
      // Platform staff belong to no organisation.
      const sysops = await signIn(api.url!, 'sysops@muster.example');
      expect(await json(await sysops.get('/api/drills/templates'), 403)).toMatchObject({ code: 'FORBIDDEN' });

      expect((await admin.request('DELETE', `/api/drills/templates/${template.id}`)).status).toBe(204);
      expect((await user.get(`/api/drills/templates/${template.id}`)).status).toBe(404);
    });

    it('quick generate composes the same complete template for the same answers, and refuses bad answers', async () => {
      const answers = { facilityType: 'ship', scenario: 'man_overboard', regulation: 'solas_muster', durationMinutes: 30, teamSize: 6 };
      const first = await json<GeneratedTemplate>(await user.post('/api/drills/templates/generate', answers), 200);
      const second = await json<GeneratedTemplate>(await user.post('/api/drills/templates/generate', answers), 200);
      expect(first).toEqual(second);
      expect(first.generatedBy).toBe('library');
      expect(first.template.steps.reduce((sum, s) => sum + s.expectedMinutes, 0)).toBe(30);
      const saved = await json<DrillTemplate>(await manager.post('/api/drills/templates', { ...first.template, status: 'published' }), 201);
      expect(saved.status).toBe('published');

      const bad = await user.post('/api/drills/templates/generate', { ...answers, durationMinutes: 5, teamSize: -1, scenario: 'alien' });
      expect((await json<{ fields: Record<string, string> }>(bad, 400)).fields).toMatchObject({
        durationMinutes: 'Must be at least 15 minutes',
        teamSize: 'Must be at least 2 people',
        scenario: 'Choose a scenario',
      });
    });
  });

  describe('runs and the live console', () => {
    it('schedules a run and sends every change of the lead to every watcher, with the decision log', async () => {
      const template = await publishedTemplate({ injects: [TEMPLATE.injects[1]] });
      const run = await runOf(template);
      expect(run).toMatchObject({
        status: 'scheduled',
        lead: { name: 'Marcus Lee' },
        participantCount: 2,
        you: { control: true, approve: true },
      });
      const participant = run.participants.find((p) => p.userId === people.USER!.id)!;

      const lead = await socketOf(manager);
      const member = await socketOf(user);
      const observer = await socketOf(auditor);
      const leadView = await joinConsole(lead, run.id);
      const memberView = await joinConsole(member, run.id);
      await joinConsole(observer, run.id);
      expect(memberView.run.you).toEqual({ control: false, observe: false, plan: false, approve: false, participantId: participant.id });
      expect(leadView.steps.map((s) => [s.stepId, s.status, s.version])).toEqual([
        ['alarm', 'pending', 1],
        ['muster', 'pending', 1],
      ]);
      const watchers = [member, observer];
      const seen = watchers.map((w) => ({
        state: collect(w, 'console:state-changed'),
        timer: collect(w, 'console:timer'),
        steps: collect(w, 'console:step-updated'),
      }));
      const echo = collect(lead, 'console:step-updated');

      // Start: both watchers hear the state and the clock.
      const started = watchers.map((w) => nextEvent(w, 'console:timer'));
      const run1 = expectOk(await lead.emitWithAck('console:control', { runId: run.id, action: 'start' })).run;
      expect(run1).toMatchObject({ status: 'in_progress', timer: { status: 'in_progress', startedAt: expect.any(String) } });
      for (const timer of await Promise.all(started)) expect(timer.timer).toMatchObject({ status: 'in_progress', pausedMs: 0 });

      // A checklist item, then the step done: each watcher gets both, in order, with their log entries.
      const doneEverywhere = watchers.map((w) => nextEvent(w, 'console:step-updated', (e) => e.step.status === 'done'));
      const item = expectOk(
        await lead.emitWithAck('console:step', { runId: run.id, stepId: 'alarm', version: 1, item: { itemId: 'alarm-1', checked: true } }),
      ).step;
      expect(item).toMatchObject({ checkedItems: ['alarm-1'], version: 2, updatedBy: { name: 'Marcus Lee' } });
      const doneAnswer = expectOk(await lead.emitWithAck('console:step', { runId: run.id, stepId: 'alarm', version: 2, status: 'done' }));
      const done = doneAnswer.step;
      expect(done).toMatchObject({ status: 'done', version: 3, startedElapsedMs: 0, completedElapsedMs: expect.any(Number) });
      // The acknowledgement is the sender's copy, log entry included (the room's broadcast leaves the sender out).
      expect(doneAnswer.log).toMatchObject({ type: 'step_completed', actor: { name: 'Marcus Lee' }, data: { stepId: 'alarm' } });
      for (const event of await Promise.all(doneEverywhere))
        expect(event).toMatchObject({ runId: run.id, step: { stepId: 'alarm', version: 3 }, log: { type: 'step_completed' } });
      for (const s of seen) expect(s.steps.map((e) => e.log.type)).toEqual(['item_checked', 'step_completed']);
      // The sending socket has its answer in the acknowledgement, not again from the room.
      expect(echo).toHaveLength(0);

      // An inject, an observation linked to it, the participant checking in, the muster.
      const injectSeen = nextEvent(observer, 'console:inject-published');
      const inject = expectOk(await lead.emitWithAck('console:publish-inject', { runId: run.id, injectId: 'missing' })).inject;
      expect(inject).toMatchObject({ injectId: 'missing', auto: false, publishedBy: { name: 'Marcus Lee' } });
      expect((await injectSeen).inject).toEqual(inject);
      const again = await lead.emitWithAck('console:publish-inject', { runId: run.id, injectId: 'missing' });
      expect(again).toMatchObject({ ok: false, code: 'CONFLICT', message: 'This inject has already been published' });

      const observationSeen = nextEvent(member, 'console:observation-added');
      const clientId = `obs-${randomUUID()}`;
      const observation = {
        runId: run.id,
        clientId,
        kind: 'improvement',
        note: 'The headcount took too long',
        injectId: 'missing',
      } as const;
      const recorded = expectOk(await lead.emitWithAck('console:observe', observation)).observation;
      expect((await observationSeen).observation).toEqual(recorded);
      // A retry with the same client id is the same observation, stored once and told once.
      expect(expectOk(await lead.emitWithAck('console:observe', observation)).observation.id).toBe(recorded.id);

      // Observers may not write until the lead allows it.
      const refusedObservation = await observer.emitWithAck('console:observe', { ...observation, clientId: `obs-${randomUUID()}` });
      expect(refusedObservation).toMatchObject({ ok: false, code: 'FORBIDDEN' });
      expectOk(await lead.emitWithAck('console:settings', { runId: run.id, observersMayWrite: true }));
      expectOk(
        await observer.emitWithAck('console:observe', {
          ...observation,
          clientId: `obs-${randomUUID()}`,
          kind: 'strength',
          note: 'Radio discipline was good',
        }),
      );

      const checkInSeen = nextEvent(lead, 'console:attendance-updated');
      const checkedIn = expectOk(
        await member.emitWithAck('console:attendance', { runId: run.id, participantId: participant.id, present: true }),
      ).participant;
      expect(checkedIn).toMatchObject({ checkedInBy: 'self', checkedInElapsedMs: expect.any(Number) });
      expect((await checkInSeen).participant).toEqual(checkedIn);
      const guest = run.participants.find((p) => p.userId === null)!;
      const notMine = await member.emitWithAck('console:attendance', { runId: run.id, participantId: guest.id, present: true });
      expect(notMine).toMatchObject({ ok: false, code: 'FORBIDDEN', message: 'You can only check yourself in' });
      // The lead checks the guest in; with everyone on the roster present, the muster is recorded.
      expectOk(await lead.emitWithAck('console:attendance', { runId: run.id, participantId: guest.id, present: true }));
      expectOk(await lead.emitWithAck('console:muster', { runId: run.id }));

      // Pause and resume move the clock; a watcher cannot.
      expect(await member.emitWithAck('console:control', { runId: run.id, action: 'pause' })).toMatchObject({
        ok: false,
        code: 'FORBIDDEN',
      });
      const paused = expectOk(await lead.emitWithAck('console:control', { runId: run.id, action: 'pause' })).run;
      expect(paused.timer.pausedAt).not.toBeNull();
      expect(await lead.emitWithAck('console:step', { runId: run.id, stepId: 'muster', version: 1, status: 'done' })).toMatchObject({
        ok: false,
        code: 'RUN_STATE',
        message: 'The drill is paused: resume it first',
      });
      expectOk(await lead.emitWithAck('console:control', { runId: run.id, action: 'resume' }));
      const completed = expectOk(await lead.emitWithAck('console:control', { runId: run.id, action: 'complete' })).run;
      expect(completed.status).toBe('completed');

      // A late joiner gets everything, the log in order.
      const late = await socketOf(admin);
      const state = await joinConsole(late, run.id);
      expect(state.run.status).toBe('completed');
      expect(state.steps.find((s) => s.stepId === 'alarm')).toMatchObject({ status: 'done', version: 3 });
      expect(state.injects).toEqual([
        expect.objectContaining({ injectId: 'missing', publishedBy: { id: people.MANAGER!.id, name: 'Marcus Lee' } }),
      ]);
      expect(state.observations).toHaveLength(2);
      expect(state.log.map((e) => e.seq)).toEqual(state.log.map((_, i) => i + 1));
      expect(state.log.map((e) => e.type)).toEqual([
        'scheduled',
        'started',
        'item_checked',
        'step_completed',
        'inject_published',
        'observation',
        'settings',
        'observation',
        // The member checking in, then the lead checking the guest in.
        'checked_in',
        'checked_in',
        'mustered',
        'paused',
        'resumed',
        'completed',
      ]);
      for (const s of seen)
        expect(s.state.map((e) => e.log?.type)).toEqual(['started', 'settings', 'mustered', 'paused', 'resumed', 'completed']);
      for (const s of seen) expect(s.timer.map((e) => e.timer.status)).toEqual(['in_progress', 'paused', 'in_progress', 'completed']);

      // One drill unit metered for the start.
      const [usage] = await sql<{ amount: string }>(
        db.url,
        `SELECT amount FROM usage_records WHERE resource_type = 'drill' AND period = $1`,
        [billingMonth()],
      );
      expect(usage?.amount).toBe('1');
    });

    it('tells the room, once, an observation whose instance died before telling it (its retry finds it stored)', async () => {
      const template = await publishedTemplate({ injects: [TEMPLATE.injects[1]] });
      const run = await runOf(template);
      const lead = await socketOf(manager);
      const member = await socketOf(user);
      await joinConsole(lead, run.id);
      await joinConsole(member, run.id);
      expectOk(await lead.emitWithAck('console:control', { runId: run.id, action: 'start' }));

      // An observation stored by an instance that died before telling the room (written here as that
      // instance would have): its retry is told to the room, once, with the entry of the log it has.
      const lostClientId = `obs-${randomUUID()}`;
      const [lost] = await sql<{ id: string; seq: number }>(
        db.url,
        `WITH bumped AS (UPDATE drill_runs SET log_seq = log_seq + 1 WHERE id = $1 RETURNING org_id, log_seq),
              observed AS (
                INSERT INTO drill_run_observations (org_id, run_id, client_id, kind, note, author_user_id, author_name, created_at)
                SELECT org_id, $1, $2, 'strength', 'Stored before the instance died', $3, 'Lead', now() FROM bumped RETURNING id, org_id)
         INSERT INTO drill_run_log (org_id, run_id, seq, type, actor_user_id, actor_name, data, created_at)
         SELECT observed.org_id, $1, bumped.log_seq, 'observation', $3, 'Lead',
                jsonb_build_object('observationId', observed.id, 'kind', 'strength', 'note', 'Stored before the instance died'), now()
         FROM bumped, observed RETURNING (data ->> 'observationId') AS id, seq`,
        [run.id, lostClientId, people.MANAGER!.id],
      );
      const retold = collect(member, 'console:observation-added');
      const lostRetry = { runId: run.id, clientId: lostClientId, kind: 'strength', note: 'Stored before the instance died' } as const;
      expect(expectOk(await lead.emitWithAck('console:observe', lostRetry)).observation.id).toBe(lost!.id);
      // Retried again: not told twice. The next event the member hears is a new observation.
      expectOk(await lead.emitWithAck('console:observe', lostRetry));
      const nextNew = nextEvent(member, 'console:observation-added', (p) => p.observation.note === 'After the lost one');
      expectOk(await lead.emitWithAck('console:observe', { ...lostRetry, clientId: `obs-${randomUUID()}`, note: 'After the lost one' }));
      await nextNew;
      expect(retold.map((p) => [p.observation.id, p.log.seq])).toEqual([
        [lost!.id, lost!.seq],
        [(await nextNew).observation.id, lost!.seq + 1],
      ]);
    });

    it('refuses "everyone mustered within target" with a 400 code while 1 of 3 on the roster has checked in', async () => {
      const run = await scheduleRun(manager, {
        templateId: (await publishedTemplate()).id,
        leadUserId: people.MANAGER!.id,
        participants: [{ userId: people.USER!.id }, { name: 'Pilot (guest)' }, { name: 'Driver (guest)' }],
      });
      const lead = await socketOf(manager);
      await joinConsole(lead, run.id);
      expectOk(await lead.emitWithAck('console:control', { runId: run.id, action: 'start' }));
      const [first, ...others] = run.participants;
      expectOk(await lead.emitWithAck('console:attendance', { runId: run.id, participantId: first!.id, present: true }));

      const refused = await lead.emitWithAck('console:muster', { runId: run.id });
      expect(refused).toEqual({
        ok: false,
        code: 'MUSTER_INCOMPLETE',
        reason: 'drillRun.musterIncomplete',
        params: { present: 1, total: 3 },
        message: 'Not everyone on the roster has checked in (1 of 3): check the others in before recording the muster',
      });
      expect(ERROR_STATUS.MUSTER_INCOMPLETE).toBe(400);
      const [stored] = await sql<{ muster_elapsed_ms: string | null }>(db.url, `SELECT muster_elapsed_ms FROM drill_runs WHERE id = $1`, [
        run.id,
      ]);
      expect(stored?.muster_elapsed_ms).toBeNull();

      // Once the other two are checked in, the muster is recorded.
      for (const p of others) expectOk(await lead.emitWithAck('console:attendance', { runId: run.id, participantId: p.id, present: true }));
      expect(expectOk(await lead.emitWithAck('console:muster', { runId: run.id })).run.musterElapsedMs).toEqual(expect.any(Number));
    });

    it('decides a race for one step by its version: one change wins, the loser is told, every watcher sees the winner', async () => {
      const run = await runOf(await publishedTemplate());
      const lead = await socketOf(manager);
      const deputy = await socketOf(admin);
      const watcher = await socketOf(user);
      for (const s of [lead, deputy, watcher]) await joinConsole(s, run.id);
      expectOk(await lead.emitWithAck('console:control', { runId: run.id, action: 'start' }));

      const toWatcher = collect(watcher, 'console:step-updated');
      const [a, b] = await Promise.all([
        lead.emitWithAck('console:step', { runId: run.id, stepId: 'muster', version: 1, status: 'in_progress' }),
        deputy.emitWithAck('console:step', { runId: run.id, stepId: 'muster', version: 1, status: 'skipped' }),
      ]);
      const winner = [a, b].filter((x) => x.ok);
      const loser = [a, b].filter((x) => !x.ok);
      expect(winner).toHaveLength(1);
      expect(loser).toEqual([
        {
          ok: false,
          code: 'VERSION_CONFLICT',
          reason: 'drillRun.stepConflict',
          params: { name: expect.any(String) },
          message: expect.stringMatching(/changed this step first: your change was not applied$/),
        },
      ]);
      const won = winner[0]!.ok ? winner[0]!.step : null;
      await new Promise<void>((done) => (toWatcher.length ? done() : watcher.once('console:step-updated', () => done())));
      expect(toWatcher.map((e) => e.step)).toEqual([won]);
      const stored = await sql<{ status: string; version: number }>(
        db.url,
        `SELECT status, version FROM drill_run_steps WHERE run_id = $1 AND step_id = 'muster'`,
        [run.id],
      );
      expect(stored).toEqual([{ status: won!.status, version: 2 }]);
    });

    it('holds step changes that meet a held run on its lock: one of two same-version changes wins, and none lands on a paused run', async () => {
      const run = await runOf(await publishedTemplate());
      const lead = await socketOf(manager);
      const deputy = await socketOf(admin);
      for (const s of [lead, deputy]) await joinConsole(s, run.id);
      expectOk(await lead.emitWithAck('console:control', { runId: run.id, action: 'start' }));
      const holder = new pg.Client({ connectionString: db.url });
      await holder.connect();
      try {
        // Both changes reach the run's lock while another transaction holds it, then meet in order
        // (on a pool of one connection the second waits for the connection instead).
        await holder.query('BEGIN');
        await holder.query('SELECT id FROM drill_runs WHERE id = $1 FOR UPDATE', [run.id]);
        const changes = Promise.all([
          lead.emitWithAck('console:step', { runId: run.id, stepId: 'muster', version: 1, status: 'in_progress' }),
          deputy.emitWithAck('console:step', { runId: run.id, stepId: 'muster', version: 1, status: 'skipped' }),
        ]);
        await lockWaiters(Math.min(2, TEST_POOL_SIZE));
        await holder.query('COMMIT');
        const answers = await changes;
        expect(answers.filter((a) => a.ok)).toHaveLength(1);
        expect(answers.filter((a) => !a.ok)).toEqual([expect.objectContaining({ ok: false, code: 'VERSION_CONFLICT' })]);

        // A pause commits while a step change waits for the run: the change is refused, not applied.
        await holder.query('BEGIN');
        await holder.query(`UPDATE drill_runs SET status = 'paused' WHERE id = $1`, [run.id]);
        const late = lead.emitWithAck('console:step', { runId: run.id, stepId: 'alarm', version: 1, status: 'done' });
        await lockWaiters(1);
        await holder.query('COMMIT');
        expect(await late).toMatchObject({ ok: false, code: 'RUN_STATE', message: 'The drill is paused: resume it first' });
      } finally {
        await holder.end();
      }
      const stored = await sql<{ step_id: string; version: number }>(
        db.url,
        'SELECT step_id, version FROM drill_run_steps WHERE run_id = $1 ORDER BY step_id',
        [run.id],
      );
      expect(stored).toEqual([
        { step_id: 'alarm', version: 1 },
        { step_id: 'muster', version: 2 },
      ]);
    });

    it('shows an inject to watchers only once it is published; the lead sees them all', async () => {
      const run = await runOf(await publishedTemplate());
      const lead = await socketOf(manager);
      const watcher = await socketOf(user);
      await joinConsole(lead, run.id);
      await joinConsole(watcher, run.id);
      const smoke = nextEvent(watcher, 'console:inject-published', (e) => e.inject.injectId === 'smoke');
      expectOk(await lead.emitWithAck('console:control', { runId: run.id, action: 'start' }));
      expect((await smoke).definition).toMatchObject({ id: 'smoke', title: 'Smoke spreads' });

      const ids = (state: ConsoleState) => [state.run.template.injects.map((i) => i.id), state.injects.map((i) => i.injectId)];
      expect(ids(await joinConsole(lead, run.id))).toEqual([
        ['smoke', 'missing'],
        ['smoke', 'missing'],
      ]);
      expect(ids(await joinConsole(watcher, run.id))).toEqual([['smoke'], ['smoke']]);
      const overHttp = await json<ConsoleState>(await user.get(`/api/drills/runs/${run.id}/console`), 200);
      expect(ids(overHttp)).toEqual([['smoke'], ['smoke']]);
      expect((await json<DrillRun>(await user.get(`/api/drills/runs/${run.id}`), 200)).template.injects.map((i) => i.id)).toEqual([
        'smoke',
      ]);

      // Published by hand: the watcher gets its text with it.
      const missing = nextEvent(watcher, 'console:inject-published', (e) => e.inject.injectId === 'missing');
      expectOk(await lead.emitWithAck('console:publish-inject', { runId: run.id, injectId: 'missing' }));
      expect((await missing).definition).toMatchObject({ id: 'missing', message: 'A driver is missing.' });
      expect(ids(await joinConsole(watcher, run.id))).toEqual([
        ['smoke', 'missing'],
        ['smoke', 'missing'],
      ]);
      // A run under way keeps its plan.
      expect(await json(await manager.request('PATCH', `/api/drills/runs/${run.id}`, { location: 'Gate 2' }), 409)).toMatchObject({
        code: 'RUN_STATE',
      });
    });

    it('answers another organisation’s run as not found on every path', async () => {
      const run = await runOf(await publishedTemplate());
      const outsider = await signUpElsewhere(api.url!);
      const actionId = randomUUID();
      for (const [method, path, body] of [
        ['GET', `/api/drills/runs/${run.id}`],
        ['GET', `/api/drills/runs/${run.id}/console`],
        ['GET', `/api/drills/runs/${run.id}/summary`],
        ['GET', `/api/drills/runs/${run.id}/summary/export?format=pdf`],
        ['GET', `/api/drills/runs/${run.id}/summary/export?format=csv`],
        ['POST', `/api/drills/runs/${run.id}/cancel`],
        ['POST', `/api/drills/runs/${run.id}/approve`],
        ['POST', `/api/drills/runs/${run.id}/actions`, { title: 'Mine', ownerUserId: randomUUID(), dueDate: '2030-01-31' }],
        ['PATCH', `/api/drills/runs/${run.id}/actions/${actionId}`, { status: 'done', ownerUserId: randomUUID() }],
        ['POST', `/api/drills/runs/${run.id}/addenda`, { body: 'Mine' }],
      ] as const) {
        const answer = await outsider.request(method, path, body);
        expect([path, method, answer.status]).toEqual([path, method, 404]);
      }
      expect((await json<{ items: DrillRun[] }>(await outsider.get('/api/drills/runs'), 200)).items).toEqual([]);
      expect(api.logs.filter((l) => l.level === 50)).toEqual([]);
    });

    it('queues the later inject on the drill clock per segment: taken off at a pause, queued again at a resume, gone at the end', async () => {
      const run = await runOf(await publishedTemplate());
      const lead = await socketOf(manager);
      await joinConsole(lead, run.id);
      const queue = new Queue(QueueName.Drills, { connection: { url: REDIS_URL }, prefix });
      const job = async (segment: number) => {
        const found = await queue.getJob(jobIds.injectDue(run.id, 'missing', segment));
        return found ? { state: await found.getState(), delay: found.opts.delay ?? 0 } : 'missing';
      };
      try {
        expectOk(await lead.emitWithAck('console:control', { runId: run.id, action: 'start' }));
        const first = await job(1);
        expect(first).toMatchObject({ state: 'delayed', delay: expect.any(Number) });
        expect(first !== 'missing' && first.delay > 24 * 60_000 && first.delay <= 25 * 60_000).toBe(true);

        expectOk(await lead.emitWithAck('console:control', { runId: run.id, action: 'pause' }));
        expect(await job(1)).toBe('missing');
        expectOk(await lead.emitWithAck('console:control', { runId: run.id, action: 'resume' }));
        const second = await job(2);
        expect(second).toMatchObject({ state: 'delayed' });
        // Due when the drill clock reaches 25 minutes: what is left of them, never more.
        expect(second !== 'missing' && first !== 'missing' && second.delay <= first.delay).toBe(true);

        expectOk(await lead.emitWithAck('console:control', { runId: run.id, action: 'complete' }));
        expect(await job(2)).toBe('missing');
      } finally {
        await queue.close();
      }
    });

    it('publishes an inject on the drill clock at its time, once', async () => {
      const run = await runOf(await publishedTemplate());
      const lead = await socketOf(manager);
      const watcher = await socketOf(user);
      await joinConsole(lead, run.id);
      await joinConsole(watcher, run.id);
      const published = nextEvent(watcher, 'console:inject-published', (e) => e.inject.injectId === 'smoke');
      expectOk(await lead.emitWithAck('console:control', { runId: run.id, action: 'start' }));
      const event = await published;
      expect(event.inject).toMatchObject({ injectId: 'smoke', auto: true, publishedBy: null });
      expect(event.log).toMatchObject({ type: 'inject_published', actor: null, data: { injectId: 'smoke', auto: true } });
      // By hand afterwards: already published. The later inject is not due yet.
      expect(await lead.emitWithAck('console:publish-inject', { runId: run.id, injectId: 'smoke' })).toMatchObject({
        ok: false,
        code: 'CONFLICT',
      });
      const state = await joinConsole(lead, run.id);
      expect(state.injects.map((i) => [i.injectId, i.publishedAt !== null])).toEqual([
        ['smoke', true],
        ['missing', false],
      ]);
    });

    it('refuses console changes of finished, locked and foreign runs and bad input with a clear answer, never a 500', async () => {
      const run = await runOf(await publishedTemplate());
      const lead = await socketOf(manager);
      await joinConsole(lead, run.id);
      // Not started yet.
      expect(await lead.emitWithAck('console:step', { runId: run.id, stepId: 'alarm', version: 1, status: 'done' })).toMatchObject({
        ok: false,
        code: 'RUN_STATE',
        message: 'Start the drill first',
      });
      // Malformed commands are refused with field messages; an event without an ack gets console:error.
      expect(await lead.emitWithAck('console:step', { runId: run.id, stepId: 'Not an id!', version: 0 })).toMatchObject({
        ok: false,
        code: 'VALIDATION_FAILED',
      });
      expect(
        await lead.emitWithAck('console:observe', { runId: run.id, clientId: 'short', kind: 'opinion', note: '' } as never),
      ).toMatchObject({
        ok: false,
        code: 'VALIDATION_FAILED',
      });
      const error = nextEvent(lead, 'console:error');
      lead.emit('console:unsubscribe', { runId: 42 } as never);
      expect(await error).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });

      // Another organisation cannot join or change it.
      const outsider = await socketOf(await signUpElsewhere(api.url!));
      expect(await outsider.emitWithAck('console:subscribe', { runId: run.id })).toMatchObject({ ok: false, code: 'NOT_FOUND' });
      expect(await outsider.emitWithAck('console:control', { runId: run.id, action: 'start' })).toMatchObject({
        ok: false,
        code: 'NOT_FOUND',
      });
      // Platform staff belong to no organisation: told so.
      const staff = await socketOf(await signIn(api.url!, 'sysops@muster.example'));
      expect(await staff.emitWithAck('console:subscribe', { runId: run.id })).toMatchObject({
        ok: false,
        code: 'FORBIDDEN',
        message: 'Drills belong to an organisation',
      });
      const anonymous = await chatSocket(api.url!);
      sockets.push(anonymous);
      expect(await anonymous.emitWithAck('console:subscribe', { runId: run.id })).toMatchObject({ ok: false, code: 'NOT_FOUND' });

      // Finished, then approved (locked).
      expectOk(await lead.emitWithAck('console:control', { runId: run.id, action: 'start' }));
      expectOk(await lead.emitWithAck('console:control', { runId: run.id, action: 'complete' }));
      expect(await lead.emitWithAck('console:step', { runId: run.id, stepId: 'alarm', version: 1, status: 'done' })).toMatchObject({
        ok: false,
        code: 'RUN_STATE',
        message: 'This drill run has finished',
      });
      await json(await admin.post(`/api/drills/runs/${run.id}/approve`), 200);
      for (const command of [
        lead.emitWithAck('console:step', { runId: run.id, stepId: 'alarm', version: 1, status: 'done' }),
        lead.emitWithAck('console:observe', { runId: run.id, clientId: `obs-${randomUUID()}`, kind: 'strength', note: 'Late note' }),
        lead.emitWithAck('console:control', { runId: run.id, action: 'resume' }),
      ]) {
        expect(await command).toMatchObject({ ok: false, code: 'RUN_LOCKED', message: expect.stringMatching(/approved and locked/) });
      }
      // The server answered all of that and still serves.
      expect(api.logs.filter((l) => l.level === 50)).toEqual([]);
      expect((await user.get(`/api/drills/runs/${run.id}`)).status).toBe(200);
    });

    it('moves a scheduled run with its plan and refuses bad plans with field messages', async () => {
      const run = await runOf(await publishedTemplate());
      const watcher = await socketOf(user);
      await joinConsole(watcher, run.id);
      const moved = nextEvent(watcher, 'console:state-changed');
      const at = new Date(Date.now() + 3 * 86_400_000).toISOString();
      const changed = await json<DrillRun>(
        await manager.request('PATCH', `/api/drills/runs/${run.id}`, { scheduledAt: at, location: 'Gate 2' }),
        200,
      );
      expect(changed).toMatchObject({ scheduledAt: at, location: 'Gate 2', version: run.version + 1 });
      expect(await moved).toMatchObject({ run: { location: 'Gate 2' }, log: { type: 'rescheduled' } });
      expect((await moved).run).not.toHaveProperty('you');

      const past = await manager.request('PATCH', `/api/drills/runs/${run.id}`, {
        scheduledAt: new Date(Date.now() - 60_000).toISOString(),
      });
      expect((await json<{ fields: Record<string, string> }>(past, 400)).fields).toEqual({ scheduledAt: 'Choose a time in the future' });
      const outsider = await signUpElsewhere(api.url!);
      const { items } = await json<{ items: DrillMember[] }>(await outsider.get('/api/drills/members'), 200);
      const foreignLead = await manager.request('PATCH', `/api/drills/runs/${run.id}`, { leadUserId: items[0]!.id });
      expect((await json<{ fields: Record<string, string> }>(foreignLead, 400)).fields).toEqual({
        leadUserId: 'The lead must be a member of your organisation',
      });
      expect((await user.request('PATCH', `/api/drills/runs/${run.id}`, { location: 'Mine' })).status).toBe(403);
      expect((await outsider.request('PATCH', `/api/drills/runs/${run.id}`, { location: 'Mine' })).status).toBe(404);

      const cancelled = await json<DrillRun>(await manager.post(`/api/drills/runs/${run.id}/cancel`), 200);
      expect(cancelled.status).toBe('cancelled');
      expect(await json(await manager.post(`/api/drills/runs/${run.id}/cancel`), 409)).toMatchObject({ code: 'RUN_STATE' });
      // A draft template cannot be scheduled.
      const draft = await json<DrillTemplate>(await manager.post('/api/drills/templates', { ...TEMPLATE, status: 'draft' }), 201);
      const refused = await manager.post('/api/drills/runs', {
        templateId: draft.id,
        leadUserId: people.MANAGER!.id,
        location: 'Quay',
        scheduledAt: new Date(Date.now() + 86_400_000).toISOString(),
      });
      expect((await json<{ fields: Record<string, string> }>(refused, 400)).fields).toEqual({
        templateId: 'Publish the template before scheduling it',
      });
    });
  });

  describe('after-action summary', () => {
    it('writes the summary from the run, takes corrective actions, locks on approval, takes addenda and exports PDF and CSV', async () => {
      const run = await runOf(await publishedTemplate({ injects: [TEMPLATE.injects[1]] }));
      const participant = run.participants.find((p) => p.userId)!;
      const lead = await socketOf(manager);
      await joinConsole(lead, run.id);
      expectOk(await lead.emitWithAck('console:control', { runId: run.id, action: 'start' }));
      expectOk(await lead.emitWithAck('console:step', { runId: run.id, stepId: 'alarm', version: 1, status: 'in_progress' }));
      expectOk(await lead.emitWithAck('console:step', { runId: run.id, stepId: 'alarm', version: 2, status: 'done' }));
      expectOk(await lead.emitWithAck('console:step', { runId: run.id, stepId: 'muster', version: 1, status: 'skipped' }));
      expectOk(await lead.emitWithAck('console:publish-inject', { runId: run.id, injectId: 'missing' }));
      const improvement = expectOk(
        await lead.emitWithAck('console:observe', {
          runId: run.id,
          clientId: `obs-${randomUUID()}`,
          kind: 'improvement',
          note: 'Slow headcount',
          injectId: 'missing',
        }),
      ).observation;
      expectOk(
        await lead.emitWithAck('console:observe', {
          runId: run.id,
          clientId: `obs-${randomUUID()}`,
          kind: 'strength',
          note: FORMULA_NOTE,
        }),
      );
      expectOk(await lead.emitWithAck('console:attendance', { runId: run.id, participantId: participant.id, present: true }));

      // Before approval the run must be completed.
      expect(await json(await admin.post(`/api/drills/runs/${run.id}/approve`), 409)).toMatchObject({ code: 'RUN_STATE' });
      expectOk(await lead.emitWithAck('console:control', { runId: run.id, action: 'complete' }));

      const summary = await json<DrillSummary>(await user.get(`/api/drills/runs/${run.id}/summary`), 200);
      expect(summary.stepCompletion).toEqual({ done: 1, skipped: 1, total: 2 });
      expect(summary.steps[0]).toMatchObject({
        stepId: 'alarm',
        status: 'done',
        expectedMinutes: 2,
        position: 'Incident commander',
        durationMs: expect.any(Number),
      });
      expect(summary.steps[0]!.varianceMs).toBe(summary.steps[0]!.durationMs! - 120_000);
      expect(summary.attendance).toMatchObject({ roster: 2, present: 1, musterTargetMs: 480_000, metTarget: true });
      expect(summary.injects[0]).toMatchObject({
        injectId: 'missing',
        publishedBy: { name: 'Marcus Lee' },
        responses: [expect.objectContaining({ id: improvement.id })],
      });
      expect(summary.observations.strengths.map((o) => o.note)).toEqual([FORMULA_NOTE]);
      expect(summary.observations.improvements.map((o) => o.note)).toEqual(['Slow headcount']);
      expect(summary.timeline.at(-1)?.type).toBe('completed');

      // Corrective actions: the lead adds one from the improvement; a watcher may not.
      const due = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
      const actionBody = {
        title: 'Practise the headcount monthly',
        ownerUserId: people.ADMIN!.id,
        dueDate: due,
        observationId: improvement.id,
      };
      expect((await user.post(`/api/drills/runs/${run.id}/actions`, actionBody)).status).toBe(403);
      const foreignOwner = await manager.post(`/api/drills/runs/${run.id}/actions`, { ...actionBody, ownerUserId: randomUUID() });
      expect((await json<{ fields: Record<string, string> }>(foreignOwner, 400)).fields).toEqual({
        ownerUserId: 'The owner must be a member of your organisation',
      });
      const action = await json<CorrectiveAction>(await manager.post(`/api/drills/runs/${run.id}/actions`, actionBody), 201);
      expect(action).toMatchObject({ owner: { name: 'Amelia Hart' }, status: 'open', dueDate: due, observationId: improvement.id });
      const updated = await json<CorrectiveAction>(
        await manager.request('PATCH', `/api/drills/runs/${run.id}/actions/${action.id}`, { status: 'in_progress' }),
        200,
      );
      expect(updated.status).toBe('in_progress');

      // Approval by a MANAGER locks it: nothing changes any more but addenda.
      expect((await user.post(`/api/drills/runs/${run.id}/approve`)).status).toBe(403);
      const approved = await json<DrillRun>(await manager.post(`/api/drills/runs/${run.id}/approve`), 200);
      expect(approved).toMatchObject({ status: 'approved', approvedBy: { name: 'Marcus Lee' } });
      expect(await json(await manager.post(`/api/drills/runs/${run.id}/actions`, actionBody), 409)).toMatchObject({ code: 'RUN_LOCKED' });
      expect(
        await json(await manager.request('PATCH', `/api/drills/runs/${run.id}/actions/${action.id}`, { status: 'done' }), 409),
      ).toMatchObject({
        code: 'RUN_LOCKED',
      });
      expect(await json(await manager.request('PATCH', `/api/drills/runs/${run.id}`, { location: 'Elsewhere' }), 409)).toMatchObject({
        code: 'RUN_LOCKED',
      });
      const addendum = await manager.post(`/api/drills/runs/${run.id}/addenda`, {
        body: 'The missing driver was at the gatehouse all along.',
      });
      expect(await json(addendum, 201)).toMatchObject({ author: { name: 'Marcus Lee' } });
      const after = await json<DrillSummary>(await user.get(`/api/drills/runs/${run.id}/summary`), 200);
      expect(after.addenda).toHaveLength(1);
      expect(after.actions.map((a) => a.status)).toEqual(['in_progress']);

      // Exports: a real PDF and a CSV, each download audited.
      const pdf = await user.get(`/api/drills/runs/${run.id}/summary/export?format=pdf`);
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      expect(pdf.headers.get('content-disposition')).toMatch(/^attachment;/);
      expect(
        Buffer.from(await pdf.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
      // In the reader's language: an Arabic one is a PDF too; a language we do not offer is refused.
      const arabic = await user.get(`/api/drills/runs/${run.id}/summary/export?format=pdf&language=ar`);
      expect(arabic.status).toBe(200);
      expect(
        Buffer.from(await arabic.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
      expect((await user.get(`/api/drills/runs/${run.id}/summary/export?format=pdf&language=fr`)).status).toBe(400);
      const csv = await user.get(`/api/drills/runs/${run.id}/summary/export?format=csv`);
      expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      const lines = (await csv.text()).trim().split('\n');
      expect(lines[0]).toBe('section,drill_time,at,item,detail,who,status');
      expect(lines.some((l) => l.startsWith('action,') && l.includes('Practise the headcount monthly'))).toBe(true);
      // A note that a spreadsheet would run as a formula is exported as text.
      const formula = lines.find((l) => l.includes('HYPERLINK'));
      expect(formula).toContain(`"'=HYPERLINK(""https://example.com"",""Quick alarm"")"`);
      expect((await user.get(`/api/drills/runs/${run.id}/summary/export?format=docx`)).status).toBe(400);
      const audit = await sql<{ action: string }>(db.url, `SELECT action FROM audit_events WHERE target_id = $1 ORDER BY created_at`, [
        run.id,
      ]);
      expect(audit.map((a) => a.action)).toEqual([
        'drill.run.approve',
        'drill.summary.export',
        'drill.summary.export',
        'drill.summary.export',
      ]);
    });
  });

  describe('cadences', () => {
    it('tells administrators and managers once, in the app and by email, when a required cadence is overdue', async () => {
      const adminSocket = await socketOf(admin);
      const toAdmin = nextEvent(adminSocket, 'notification:new', (n) => n.kind === 'drill_cadence');
      const since = Date.now();
      const queue = new Queue(QueueName.Reminders, { connection: { url: REDIS_URL }, prefix });
      const events = await queueEventsFromNow(QueueName.Reminders, prefix);
      await events.waitUntilReady();
      try {
        const orgId = (await sql<{ id: string }>(db.url, `SELECT id FROM organizations WHERE name = 'Harbor Point Port Authority'`))[0]!.id;
        // A monthly exercise: the organisation's last one (seeded) is months ago, so it is overdue.
        await json(
          await admin.request('PUT', '/api/drills/reminders/cadences', {
            cadences: [{ name: 'Monthly tabletop exercise', kind: 'exercise', intervalMonths: 1, dueSoonDays: 7 }],
          }),
          200,
        );
        const first = await queue.add(JobName.CadenceCheck, { orgId });
        await first.waitUntilFinished(events);
        const notification = await toAdmin;
        expect(notification).toMatchObject({
          data: { state: 'overdue', name: 'Monthly tabletop exercise', dueDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) },
          link: '/app/drills/reminders',
          readAt: null,
        });
        const email = await mail.waitFor('admin@harborpoint.example', /^Overdue: Monthly tabletop exercise$/, since);
        expect(email.text).toContain(`the next exercise is overdue since ${String(notification.data.dueDate)}`);
        const second = await queue.add(JobName.CadenceCheck, { orgId });
        await second.waitUntilFinished(events);
        const rows = await sql<{ n: string }>(
          db.url,
          `SELECT count(*) AS n FROM notifications WHERE kind = 'drill_cadence' AND user_id = $1`,
          [people.ADMIN!.id],
        );
        expect(rows[0]!.n).toBe('1');
        const list = await json<NotificationList>(await admin.get('/api/notifications'), 200);
        expect(list.unread).toBe(1);
        await json(await admin.post(`/api/notifications/${list.items[0]!.id}/read`), 200);
        expect((await json<NotificationList>(await admin.get('/api/notifications'), 200)).unread).toBe(0);
        // Nobody reads another's notification.
        expect((await manager.post(`/api/notifications/${list.items[0]!.id}/read`)).status).toBe(404);
      } finally {
        await events.close();
        await queue.close();
      }
    });
  });
});
