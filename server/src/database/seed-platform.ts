import type { EntityManager } from 'typeorm';
import { ApprovalRow } from '../modules/approvals/entities/approval.entity.js';
import { BroadcastRow } from '../modules/broadcasts/entities/broadcast.entity.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface Person {
  id: string;
  name: string;
}

/**
 * The platform's own demo data (issue 22): approval requests waiting, decided and break-glassed,
 * and an active and a scheduled broadcast, so /app/root, /app/deputy-admin, the approvals and the
 * broadcasts pages show what they look like. Nothing here ran an action: the pending requests wait,
 * the decided ones were rejected or expired, and the break-glass one turned off SSO enforcement
 * that the demo organisation does not have on.
 */
export async function seedPlatform(
  tx: EntityManager,
  orgId: string,
  people: { root: Person; deputy: Person; sysops: Person },
  now = new Date(),
): Promise<void> {
  const at = (ms: number) => new Date(now.getTime() + ms);
  await tx.save(ApprovalRow, [
    tx.create(ApprovalRow, {
      kind: 'credit_grant',
      status: 'pending',
      payload: { kind: 'credit_grant', orgId, amountCents: 2_500_00 },
      subject: 'Harbor Point Port Authority: $2500.00',
      reason: 'Goodwill after the October outage of the drill console (ticket HP-1042)',
      requestedByUserId: people.root.id,
      expiresAt: at(60 * HOUR),
    }),
    tx.create(ApprovalRow, {
      kind: 'role_raise',
      status: 'pending',
      payload: { kind: 'role_raise', userId: people.sysops.id, role: 'DEPUTY_ADMIN' },
      subject: `sysops@muster.example → DEPUTY_ADMIN`,
      reason: 'Night-shift cover for approvals from December',
      requestedByUserId: people.deputy.id,
      expiresAt: at(30 * HOUR),
    }),
    tx.create(ApprovalRow, {
      kind: 'signing_key_rotate',
      status: 'rejected',
      payload: { kind: 'signing_key_rotate' },
      subject: 'Packet signing key',
      reason: 'Yearly rotation',
      requestedByUserId: people.deputy.id,
      decidedByUserId: people.root.id,
      decidedAt: at(-5 * DAY),
      decisionNote: 'After the audit season, please: packets are being verified this week',
      expiresAt: at(-3 * DAY),
      createdAt: at(-6 * DAY),
    }),
    tx.create(ApprovalRow, {
      kind: 'credit_grant',
      status: 'expired',
      payload: { kind: 'credit_grant', orgId, amountCents: 1_200_00 },
      subject: 'Harbor Point Port Authority: $1200.00',
      reason: 'Pilot of the evidence vault',
      requestedByUserId: people.root.id,
      decidedAt: at(-10 * DAY),
      expiresAt: at(-10 * DAY),
      createdAt: at(-13 * DAY),
    }),
    tx.create(ApprovalRow, {
      kind: 'sso_enforcement_off',
      status: 'break_glass',
      breakGlass: true,
      payload: { kind: 'sso_enforcement_off', orgId },
      subject: 'Harbor Point Port Authority',
      reason: 'Their identity provider is down and the harbour master must reach the drill console',
      requestedByUserId: people.deputy.id,
      decidedByUserId: people.deputy.id,
      decidedAt: at(-2 * DAY),
      expiresAt: at(-2 * DAY),
      createdAt: at(-2 * DAY),
    }),
  ]);
  await tx.save(BroadcastRow, [
    tx.create(BroadcastRow, {
      texts: {
        en: {
          title: 'Scheduled maintenance on Sunday',
          body: 'Muster is read-only on Sunday from 02:00 to 02:30 UTC while we upgrade the database.',
        },
        es: {
          title: 'Mantenimiento programado el domingo',
          body: 'Muster estará en solo lectura el domingo de 02:00 a 02:30 UTC mientras actualizamos la base de datos.',
        },
        zh: { title: '周日计划维护', body: '周日 02:00 至 02:30（UTC）数据库升级期间，Muster 将处于只读状态。' },
        ar: {
          title: 'صيانة مجدولة يوم الأحد',
          body: 'سيكون Muster للقراءة فقط يوم الأحد من 02:00 إلى 02:30 بالتوقيت العالمي أثناء ترقية قاعدة البيانات.',
        },
      },
      severity: 'info',
      display: 'banner',
      requiresAck: false,
      target: { orgIds: [], plans: [], roles: [] },
      startsAt: at(-DAY),
      endsAt: at(5 * DAY),
      createdByUserId: people.root.id,
      createdByName: people.root.name,
    }),
    tx.create(BroadcastRow, {
      texts: {
        en: {
          title: 'New ISPS drill cadence rules',
          body: 'From January the ISPS profile counts drills every three months. Review your cadences.',
        },
        es: {
          title: 'Nuevas reglas de frecuencia ISPS',
          body: 'Desde enero el perfil ISPS cuenta los simulacros cada tres meses. Revise sus frecuencias.',
        },
        zh: { title: '新的 ISPS 演练频率规则', body: '自一月起，ISPS 配置按每三个月统计演练。请检查您的演练频率。' },
        ar: {
          title: 'قواعد جديدة لتواتر تمارين ISPS',
          body: 'اعتبارًا من يناير يحتسب ملف ISPS التمارين كل ثلاثة أشهر. راجع تواتر تمارينك.',
        },
      },
      severity: 'warning',
      display: 'banner',
      requiresAck: true,
      target: { orgIds: [], plans: [], roles: ['ADMIN', 'MANAGER'] },
      startsAt: at(3 * DAY),
      endsAt: at(17 * DAY),
      createdByUserId: people.root.id,
      createdByName: people.root.name,
    }),
  ]);
}
