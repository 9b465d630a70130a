import { createHash, randomUUID } from 'node:crypto';
import {
  JobName,
  QueueName,
  type AckStatus,
  type LinkedStepList,
  type NotificationList,
  type Redline,
  type RenderView,
  type SessionInfo,
  type SopContent,
  type SopDetail,
  type SopList,
  type SopTemplateList,
  type SopVersion,
} from '@muster/contracts';
import { Queue, type QueueEvents } from 'bullmq';
import { canonicalJson } from '../src/platform/audit/audit-chain.js';
import { extractText } from '../src/platform/documents/pdf-reading.js';
import { signIn, signUpElsewhere } from './support/accounts.js';
import { clearRedisPrefix, REDIS_URL, startServer, uniquePrefix, type ServerProcess } from './support/app.js';
import { chatSocket, type ChatSocket } from './support/chat.js';
import type { TestClient } from './support/client.js';
import { createTestDatabase } from './support/databases.js';
import { sql } from './support/db.js';
import { expectJson as json, type Loose } from './support/http.js';
import { MailWatcher } from './support/outbox.js';
import { queueEventsFromNow } from './support/jobs.js';

const DAY_MS = 86_400_000;
/** A UTC day `days` from now (YYYY-MM-DD). */
const dayFrom = (days: number): string => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

/**
 * SOPs under document control against real PostgreSQL, Redis and a worker: created from a built-in
 * template, edited as a draft, submitted, refused to their author's approval, approved by another
 * manager, made effective (the previous version superseded), a redline between versions, members'
 * acknowledgements (once each), links for drill templates, the PDF through the render queue, the
 * review reminder job, another organisation's SOPs not found and bad input refused with reasons.
 */
describe('SOPs', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let api: ServerProcess;
  let queue: Queue;
  let queueEvents: QueueEvents;
  let mail: MailWatcher;
  const prefix = uniquePrefix();
  const sockets: ChatSocket[] = [];
  let admin: TestClient;
  let manager: TestClient;
  let user: TestClient;
  let managerId: string;
  let userId: string;

  const base = (id: string) => `/api/sops/${id}`;

  async function create(by: TestClient, body: Loose): Promise<SopDetail> {
    return json<SopDetail>(await by.post('/api/sops', body), 201);
  }

  /** Draft → in review → approved by `approver` → effective from `day`. */
  async function putInForce(sop: string, version: string, approver: TestClient, day = dayFrom(0)): Promise<SopVersion> {
    await json(await manager.post(`${base(sop)}/versions/${version}/submit`), 200);
    await json(await approver.post(`${base(sop)}/versions/${version}/approve`), 200);
    return json<SopVersion>(await manager.post(`${base(sop)}/versions/${version}/effective`, { effectiveFrom: day }), 200);
  }

  beforeAll(async () => {
    db = await createTestDatabase();
    api = await startServer({ databaseUrl: db.url, prefix, env: { SEED_ON_EMPTY: 'true', AUTH_ATTEMPTS_PER_IP: '10000' } });
    queue = new Queue(QueueName.Reminders, { connection: { url: REDIS_URL }, prefix });
    queueEvents = await queueEventsFromNow(QueueName.Reminders, prefix);
    await queueEvents.waitUntilReady();
    mail = await MailWatcher.start(prefix, api.url!);
    admin = await signIn(api.url!, 'admin@harborpoint.example');
    manager = await signIn(api.url!, 'manager@harborpoint.example');
    user = await signIn(api.url!, 'user@harborpoint.example');
    managerId = (await json<SessionInfo>(await manager.get('/api/auth/me'), 200)).user.id;
    userId = (await json<SessionInfo>(await user.get('/api/auth/me'), 200)).user.id;
  });

  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await queueEvents?.close();
    await mail?.close();
    await queue?.close();
    await api?.stop();
    await db?.drop();
    await clearRedisPrefix(prefix);
  });

  it('lists the built-in templates of the drill library’s scenarios, and the seeded SOPs', async () => {
    const templates = await json<SopTemplateList>(await user.get('/api/sops/templates'), 200);
    expect(templates.items.map((t) => t.id)).toEqual([
      'fire',
      'evacuation',
      'man_overboard',
      'oil_spill',
      'unauthorised_access',
      'bomb_threat',
      'cyber_incident',
    ]);
    const list = await json<SopList>(await user.get('/api/sops'), 200);
    const fire = list.items.find((s) => s.title === 'Fire response')!;
    expect(fire).toMatchObject({ effective: { number: 2, status: 'effective' }, scenario: 'fire' });
    expect(list.items.some((s) => s.latest.status === 'in_review')).toBe(true);
  });

  it('runs the document control lifecycle: the author cannot approve, effective supersedes, only drafts change', async () => {
    // Every member reads; only managers and above write.
    expect(await json(await user.post('/api/sops', { templateId: 'oil_spill' }), 403)).toMatchObject({ reason: 'sops.editorsOnly' });
    const sop = await create(manager, { templateId: 'oil_spill' });
    expect(sop).toMatchObject({ title: 'Oil spill response', scenario: 'oil_spill', templateId: 'oil_spill', effective: null });
    const [v1] = sop.versions;
    expect(v1).toMatchObject({ number: 1, status: 'draft', author: { id: managerId } });

    const draft = await json<SopVersion>(await user.get(`${base(sop.id)}/versions/${v1!.id}`), 200);
    expect(draft.content.sections.length).toBeGreaterThan(1);
    expect(draft.sha256).toBe(createHash('sha256').update(canonicalJson(draft.content)).digest('hex'));

    // The draft is edited, then sent for review.
    const edited: SopContent = { ...draft.content, reviewIntervalMonths: 6 };
    edited.sections[0]!.steps.push({ id: 'call-harbour', text: 'Call the harbour master on channel 12.' });
    const saved = await json<SopVersion>(await manager.request('PUT', `${base(sop.id)}/versions/${v1!.id}`, edited), 200);
    expect(saved.content.sections[0]!.steps.at(-1)).toEqual({ id: 'call-harbour', text: 'Call the harbour master on channel 12.' });
    expect(await json(await user.post(`${base(sop.id)}/versions/${v1!.id}/submit`), 403)).toMatchObject({ reason: 'sops.editorsOnly' });
    expect(await json<SopVersion>(await manager.post(`${base(sop.id)}/versions/${v1!.id}/submit`), 200)).toMatchObject({
      status: 'in_review',
    });
    // In review, it no longer changes.
    expect(await json(await manager.request('PUT', `${base(sop.id)}/versions/${v1!.id}`, edited), 409)).toMatchObject({
      reason: 'sops.notDraft',
    });

    // Its author cannot approve it; a plain member neither; another manager or administrator can.
    expect(await json(await manager.post(`${base(sop.id)}/versions/${v1!.id}/approve`), 403)).toMatchObject({
      code: 'FORBIDDEN',
      reason: 'sops.authorCannotApprove',
    });
    expect(await json(await user.post(`${base(sop.id)}/versions/${v1!.id}/approve`), 403)).toMatchObject({ reason: 'sops.editorsOnly' });
    const approved = await json<SopVersion>(await admin.post(`${base(sop.id)}/versions/${v1!.id}/approve`), 200);
    expect(approved).toMatchObject({ status: 'approved', approvedBy: { name: 'Amelia Hart' } });
    expect(await json(await manager.request('PUT', `${base(sop.id)}/versions/${v1!.id}`, edited), 409)).toMatchObject({
      reason: 'sops.notDraft',
    });

    // A later day is scheduled: the version stays approved with its day until the day comes.
    const scheduled = await json<SopVersion>(
      await manager.post(`${base(sop.id)}/versions/${v1!.id}/effective`, { effectiveFrom: dayFrom(3) }),
      200,
    );
    expect(scheduled).toMatchObject({ status: 'approved', effectiveFrom: dayFrom(3) });
    // A day that has come: in force at once, with its review due after the interval.
    const start = dayFrom(-20);
    const effective = await json<SopVersion>(
      await manager.post(`${base(sop.id)}/versions/${v1!.id}/effective`, { effectiveFrom: start }),
      200,
    );
    expect(effective).toMatchObject({ status: 'effective', effectiveFrom: start });
    const due = new Date(`${start}T00:00:00Z`);
    due.setUTCMonth(due.getUTCMonth() + 6);
    expect(effective.reviewDue).toBe(due.toISOString().slice(0, 10));
    expect(await json(await manager.request('PUT', `${base(sop.id)}/versions/${v1!.id}`, edited), 409)).toMatchObject({
      reason: 'sops.notDraft',
    });

    // A new version is a draft copied from the effective one; a second open one is refused.
    const v2 = await json<SopVersion>(await manager.post(`${base(sop.id)}/versions`), 201);
    expect(v2).toMatchObject({ number: 2, status: 'draft' });
    expect(v2.content).toEqual(effective.content);
    expect(await json(await admin.post(`${base(sop.id)}/versions`), 409)).toMatchObject({
      reason: 'sops.openVersion',
      params: { number: 2 },
    });

    // Version 2 in force: version 1 is superseded; at most one version is effective.
    const second = await putInForce(sop.id, v2.id, admin);
    expect(second.status).toBe('effective');
    const detail = await json<SopDetail>(await user.get(base(sop.id)), 200);
    expect(detail.versions.map((v) => [v.number, v.status])).toEqual([
      [2, 'effective'],
      [1, 'superseded'],
    ]);
    expect(detail.versions[1]!.supersededAt).not.toBeNull();
    expect(detail.effective).toMatchObject({ number: 2 });

    // Approvals and effective dates (the scheduled one too) are in the audit trail.
    const events = await sql<{ action: string; metadata: { scheduled?: boolean } }>(
      db.url,
      `SELECT action, metadata FROM audit_events WHERE target_id = ANY($1) ORDER BY seq`,
      [[v1!.id, v2.id]],
    );
    expect(events.map((e) => [e.action, e.metadata.scheduled ?? null])).toEqual([
      ['sop.version.approve', null],
      ['sop.version.effective', true],
      ['sop.version.effective', false],
      ['sop.version.approve', null],
      ['sop.version.effective', false],
    ]);
  });

  it('shows a redline: steps added, removed and reworded word by word, sections added', async () => {
    const sop = await create(manager, { templateId: 'fire' });
    const v1 = await json<SopVersion>(await manager.get(`${base(sop.id)}/versions/${sop.versions[0]!.id}`), 200);
    await putInForce(sop.id, v1.id, admin);
    const v2 = await json<SopVersion>(await manager.post(`${base(sop.id)}/versions`), 201);
    const content = structuredClone(v2.content);
    const [alarm, contain] = content.sections;
    alarm!.steps[0]!.text = 'Activate the nearest fire alarm point and radio the control room on channel 16.';
    contain!.steps = contain!.steps.filter((s) => s.id !== 'isolate');
    contain!.steps.push({ id: 'cool-boundaries', text: 'Cool the boundaries of the space with water.' });
    content.sections.push({
      id: 'aftercare',
      heading: 'Aftercare',
      steps: [{ id: 'welfare', text: 'Check the welfare of everyone involved.' }],
    });
    await json(await manager.request('PUT', `${base(sop.id)}/versions/${v2.id}`, content), 200);

    const redline = await json<Redline>(await user.get(`${base(sop.id)}/redline?from=${v1.id}&to=${v2.id}`), 200);
    expect(redline.counts).toEqual({ added: 2, removed: 1, changed: 1 });
    const byId = new Map(redline.sections.flatMap((s) => s.steps.map((step) => [step.id, step])));
    expect(byId.get('activate-alarm')!.state).toBe('changed');
    const words = byId.get('activate-alarm')!.words;
    const of = (op: string) =>
      words
        .filter((w) => w.op === op)
        .map((w) => w.text)
        .join('|');
    expect(of('removed')).toContain('call');
    expect(of('removed')).not.toContain('alarm');
    expect(of('added')).toContain('radio');
    expect(of('added')).toMatch(/channel 16/);
    // The words, read in order without the removed ones, are the new text.
    expect(
      words
        .filter((w) => w.op !== 'removed')
        .map((w) => w.text)
        .join(''),
    ).toBe(alarm!.steps[0]!.text);
    expect(byId.get('isolate')).toMatchObject({ state: 'removed' });
    expect(byId.get('cool-boundaries')).toMatchObject({ state: 'added' });
    expect(byId.get('first-attack')).toMatchObject({ state: 'same' });
    expect(redline.sections.find((s) => s.id === 'aftercare')).toMatchObject({ state: 'added' });
    expect(redline.sections.find((s) => s.id === 'muster')).toMatchObject({ state: 'same' });
    // Either order: the older version is the base.
    expect((await json<Redline>(await user.get(`${base(sop.id)}/redline?from=${v2.id}&to=${v1.id}`), 200)).counts).toEqual(redline.counts);
    expect(await json(await user.get(`${base(sop.id)}/redline?from=${v1.id}&to=${v1.id}`), 400)).toMatchObject({
      reason: 'sops.sameVersion',
    });
  });

  it('takes each member’s acknowledgement of the effective version once, and shows who is missing', async () => {
    const sop = await create(manager, { templateId: 'bomb_threat' });
    expect(await json(await user.post(`${base(sop.id)}/acknowledge`), 409)).toMatchObject({ reason: 'sops.noEffective' });
    await putInForce(sop.id, sop.versions[0]!.id, admin);

    expect(await json(await user.post(`${base(sop.id)}/acknowledge`), 200)).toEqual({ ok: true });
    expect(await json(await user.post(`${base(sop.id)}/acknowledge`), 409)).toMatchObject({
      reason: 'sops.alreadyAcknowledged',
      params: { number: 1 },
    });
    const detail = await json<SopDetail>(await user.get(base(sop.id)), 200);
    expect(detail.acknowledged).toBe(true);
    expect(detail.acknowledgements!.acknowledged.map((a) => a.id)).toEqual([userId]);
    expect(detail.acknowledgements!.missing.map((m) => m.id)).toContain(managerId);
    expect(detail.acknowledgements!.missing.map((m) => m.id)).not.toContain(userId);
    expect(
      await sql(db.url, `SELECT 1 FROM audit_events WHERE action = 'sop.acknowledge' AND target_id = $1`, [sop.versions[0]!.id]),
    ).toHaveLength(1);

    // The roster's view: who acknowledged each SOP's effective version; the texts of linked steps.
    const status = await json<AckStatus>(await manager.get(`/api/sops/acknowledgement-status?sopIds=${sop.id}`), 200);
    expect(status.items).toEqual([
      { sopId: sop.id, title: 'Bomb threat', version: 1, versionId: sop.versions[0]!.id, acknowledgedUserIds: [userId] },
    ]);
    const linked = await json<LinkedStepList>(
      await user.get(`/api/sops/linked-steps?refs=${sop.id}:cordon,${sop.id}:nope,not-a-uuid:x`),
      200,
    );
    expect(linked.items[0]).toMatchObject({ found: true, number: '2.2', title: 'Bomb threat', version: 1, status: 'effective' });
    expect(linked.items[0]!.text).toMatch(/^Cordon off/);
    expect(linked.items.slice(1).map((i) => i.found)).toEqual([false, false]);

    // A new effective version needs a new acknowledgement.
    const v2 = await json<SopVersion>(await manager.post(`${base(sop.id)}/versions`), 201);
    await putInForce(sop.id, v2.id, admin);
    expect((await json<SopDetail>(await user.get(base(sop.id)), 200)).acknowledged).toBe(false);
  });

  it('keeps another organisation’s SOPs out of reach (404) and refuses bad input with reasons', async () => {
    const sop = await create(manager, { templateId: 'cyber_incident' });
    const version = sop.versions[0]!.id;
    const outsider = await signUpElsewhere(api.url!);
    for (const res of [
      await outsider.get(base(sop.id)),
      await outsider.get(`${base(sop.id)}/versions/${version}`),
      await outsider.post(`${base(sop.id)}/versions/${version}/submit`),
      await outsider.post(`${base(sop.id)}/acknowledge`),
      await outsider.get(`${base(sop.id)}/redline?from=${version}&to=${randomUUID()}`),
    ])
      expect(await json(res, 404)).toMatchObject({ code: 'NOT_FOUND' });
    expect((await json<SopList>(await outsider.get('/api/sops'), 200)).items).toEqual([]);
    expect((await json<AckStatus>(await outsider.get(`/api/sops/acknowledgement-status?sopIds=${sop.id}`), 200)).items).toEqual([]);
    expect((await json<LinkedStepList>(await outsider.get(`/api/sops/linked-steps?refs=${sop.id}:contain`), 200)).items[0]!.found).toBe(
      false,
    );
    expect(
      await json(await outsider.post('/api/documents/renders', { kind: 'sop-pdf', sopId: sop.id, versionId: version }), 404),
    ).toMatchObject({
      reason: 'notFound.sopVersion',
    });
    expect((await manager.get(base('not-a-uuid'))).status).toBe(404);

    // Bad input: 400 with a reason per field, never a 500.
    const badTemplate = await json<Loose>(await manager.post('/api/sops', { templateId: 'volcano' }), 400);
    expect(badTemplate.fieldReasons.templateId.reason).toBe('sops.chooseTemplate');
    const blank = await json<Loose>(await manager.post('/api/sops', { title: 'x' }), 400);
    expect(blank.fieldReasons.title).toMatchObject({ reason: 'validation.minLength', params: { min: 3 } });
    // A blank SOP with its title: one section with one step to write, the scenario given.
    const crane = await create(manager, { title: 'Crane collapse', scenario: 'custom' });
    expect(crane).toMatchObject({ title: 'Crane collapse', scenario: 'custom', templateId: null });
    const craneDraft = await json<SopVersion>(await manager.get(`${base(crane.id)}/versions/${crane.versions[0]!.id}`), 200);
    expect(craneDraft.content.sections).toEqual([
      { id: 'section-1', heading: 'First section', steps: [{ id: 'step-1', text: 'Describe the first step.' }] },
    ]);
    const put = (body: unknown) => manager.request('PUT', `${base(sop.id)}/versions/${version}`, body);
    const noSections = await json<Loose>(await put({ title: 'Cyber', reviewIntervalMonths: 12, sections: [] }), 400);
    expect(noSections.fieldReasons.sections.reason).toBe('sops.noSections');
    const months = await json<Loose>(await put({ title: 'Cyber', reviewIntervalMonths: 0, sections: [] }), 400);
    expect(months.fieldReasons.reviewIntervalMonths.reason).toBe('sops.reviewMonths');
    const duplicate = await json<Loose>(
      await put({
        title: 'Cyber',
        reviewIntervalMonths: 12,
        sections: [
          {
            id: 'a',
            heading: 'A',
            steps: [
              { id: 's', text: 'One' },
              { id: 's', text: 'Two' },
            ],
          },
        ],
      }),
      400,
    );
    expect(duplicate.fieldReasons['sections.0.steps.1.id'].reason).toBe('validation.duplicateId');
    const badId = await json<Loose>(
      await put({ title: 'Cyber', reviewIntervalMonths: 12, sections: [{ id: 'A B', heading: 'A', steps: [{ id: 's', text: '' }] }] }),
      400,
    );
    expect(badId.fieldReasons['sections.0.id'].reason).toBe('validation.templateKey');
    expect(badId.fieldReasons['sections.0.steps.0.text'].reason).toBe('validation.required');
    const badDay = await json<Loose>(
      await manager.post(`${base(sop.id)}/versions/${version}/effective`, { effectiveFrom: '27/11/2026' }),
      400,
    );
    expect(badDay.fieldReasons.effectiveFrom.reason).toBe('sops.chooseDate');
    const badRedline = await json<Loose>(await manager.get(`${base(sop.id)}/redline?from=x`), 400);
    expect(badRedline.fieldReasons.from.reason).toBe('sops.chooseVersion');
    const tooMany = Array.from({ length: 101 }, (_, i) => `${sop.id}:s${String(i)}`).join(',');
    expect((await json<Loose>(await manager.get(`/api/sops/linked-steps?refs=${tooMany}`), 400)).fieldReasons.refs.reason).toBe(
      'sops.tooManyRefs',
    );
  });

  it('renders a version as a PDF through the render queue, in the reader’s language', async () => {
    const list = await json<SopList>(await user.get('/api/sops'), 200);
    const fire = list.items.find((s) => s.title === 'Fire response' && s.effective?.number === 2)!;
    const socket = await chatSocket(api.url!, user);
    sockets.push(socket);
    const done = new Promise<RenderView>((resolve) =>
      socket.on('documents:render', (render) => {
        if (render.status === 'done' || render.status === 'failed') resolve(render);
      }),
    );
    const started = await json<RenderView>(
      await user.post('/api/documents/renders', { kind: 'sop-pdf', sopId: fire.id, versionId: fire.effective!.id, language: 'ar' }),
      202,
    );
    const finished = await done;
    expect(finished).toMatchObject({ id: started.id, status: 'done', fileName: 'Fire response v2.pdf' });
    const pdf = Buffer.from(await (await user.get(finished.downloadUrl!)).arrayBuffer());
    const text = extractText(pdf);
    expect(text).toContain('إجراء التشغيل القياسي');
    expect(text).toContain('Fire response');
  });

  it('puts a version scheduled for a later day in force when its day comes (the daily job), superseding the current one', async () => {
    const sop = await create(manager, { templateId: 'unauthorised_access' });
    await putInForce(sop.id, sop.versions[0]!.id, admin, dayFrom(-5));
    const v2 = await json<SopVersion>(await manager.post(`${base(sop.id)}/versions`), 201);
    await json(await manager.post(`${base(sop.id)}/versions/${v2.id}/submit`), 200);
    await json(await admin.post(`${base(sop.id)}/versions/${v2.id}/approve`), 200);
    // Not before the current version's day.
    const early = await json<Loose>(await manager.post(`${base(sop.id)}/versions/${v2.id}/effective`, { effectiveFrom: dayFrom(-9) }), 400);
    expect(early.fieldReasons.effectiveFrom).toMatchObject({ reason: 'sops.effectiveBeforePrevious', params: { day: dayFrom(-5) } });
    expect(
      await json<SopVersion>(await manager.post(`${base(sop.id)}/versions/${v2.id}/effective`, { effectiveFrom: dayFrom(2) }), 200),
    ).toMatchObject({
      status: 'approved',
      effectiveFrom: dayFrom(2),
    });
    const me = await json<SessionInfo>(await manager.get('/api/auth/me'), 200);
    const check = async (): Promise<void> => {
      await (await queue.add(JobName.SopReviewCheck, { orgId: me.org!.id })).waitUntilFinished(queueEvents);
    };
    await check();
    const statuses = async () => (await json<SopDetail>(await user.get(base(sop.id)), 200)).versions.map((v) => [v.number, v.status]);
    expect(await statuses()).toEqual([
      [2, 'approved'],
      [1, 'effective'],
    ]);
    // The day comes (moved back, as the calendar would): the daily job puts it in force.
    await sql(db.url, `UPDATE sop_versions SET effective_from = $2 WHERE id = $1`, [v2.id, dayFrom(-1)]);
    await check();
    expect(await statuses()).toEqual([
      [2, 'effective'],
      [1, 'superseded'],
    ]);
  });

  it('reminds managers and the author of reviews coming due and overdue, once per version and state (the daily job)', async () => {
    const soon = await create(manager, { templateId: 'man_overboard' });
    const late = await create(manager, { templateId: 'evacuation' });
    for (const [sop, start] of [
      [soon, dayFrom(-10)],
      [late, dayFrom(-40)],
    ] as const) {
      const version = await json<SopVersion>(await manager.get(`${base(sop.id)}/versions/${sop.versions[0]!.id}`), 200);
      await json(
        await manager.request('PUT', `${base(sop.id)}/versions/${version.id}`, { ...version.content, reviewIntervalMonths: 1 }),
        200,
      );
      await putInForce(sop.id, version.id, admin, start);
    }
    const me = await json<SessionInfo>(await manager.get('/api/auth/me'), 200);
    const since = Date.now();
    const check = async () => {
      const job = await queue.add(JobName.SopReviewCheck, { orgId: me.org!.id });
      await job.waitUntilFinished(queueEvents);
    };
    await check();
    const notes = async (client: TestClient) =>
      (await json<NotificationList>(await client.get('/api/notifications?limit=100'), 200)).items.filter((n) => n.kind === 'sop_review');
    const mine = await notes(manager);
    expect(mine.find((n) => n.data.sopId === soon.id)).toMatchObject({ data: { state: 'due_soon', version: 1 } });
    expect(mine.find((n) => n.data.sopId === late.id)).toMatchObject({
      data: { state: 'overdue' },
      link: `/app/compliance/sops?sop=${late.id}`,
    });
    expect((await notes(admin)).filter((n) => n.data.sopId === soon.id)).toHaveLength(1);
    // And by email, in each one's language.
    const overdue = await mail.waitFor('manager@harborpoint.example', /^SOP review overdue: Evacuation and muster$/, since);
    expect(overdue.text).toContain(`/app/compliance/sops?sop=${late.id}`);
    await mail.waitFor('admin@harborpoint.example', /^SOP review due soon: Person overboard$/, since);
    // A plain member is not told; a second run tells nobody again.
    expect((await notes(user)).filter((n) => n.data.sopId === soon.id)).toHaveLength(0);
    await check();
    expect((await notes(manager)).filter((n) => n.data.sopId === soon.id || n.data.sopId === late.id)).toHaveLength(2);
  });
});
