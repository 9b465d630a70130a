import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  isRole,
  ocsfNames,
  SIGN_IN_ACTIONS,
  THREAT_KINDS,
  THREAT_RULES,
  TIMELINE_PAGE,
  type AuditEventView,
  type CustomerTimeline,
  type ThreatKind,
  type ThreatsOverview,
  type ThreatsQuery,
  type TimelinePage,
  type TimelineQuery,
} from '@muster/contracts';
import { stringify } from 'csv-stringify/sync';
import type { DataSource } from 'typeorm';
import { DomainError } from '../../platform/errors/domain-error.js';
import { isUuid } from '../../platform/tenancy/tenant-scope.js';

/** Whose events a timeline shows. */
export type TimelineScope =
  | { kind: 'user'; userId: string }
  | { kind: 'invite'; inviteId: string }
  | { kind: 'org'; orgId: string | null }
  | { kind: 'customer'; userId: string };

interface EventRow {
  id: string;
  seq: string;
  org_id: string | null;
  created_at: Date;
  action: string;
  outcome: 'success' | 'failure';
  reason: string | null;
  class_uid: number;
  activity_id: number;
  severity_id: number;
  actor_user_id: string | null;
  actor_invite_id: string | null;
  actor_role: string | null;
  actor_email: string | null;
  ip: string | null;
  user_agent: string | null;
  target_type: string | null;
  target_id: string | null;
  metadata: Record<string, unknown>;
  hash: string;
}

/** Events with their actor's current email where the event did not name one (requests by signed-in users). */
const EVENTS = 'audit_events e LEFT JOIN users u ON u.id = e.actor_user_id';

const EVENT_COLUMNS = `e.id, e.seq, e.org_id, e.created_at, e.action, e.outcome, e.reason, e.class_uid, e.activity_id, e.severity_id,
  e.actor_user_id, e.actor_invite_id, e.actor_role, COALESCE(e.actor_email, u.email) AS actor_email, e.ip, e.user_agent, e.target_type, e.target_id, e.metadata, e.hash`;

/** Builds a parameterised WHERE clause: each condition adds its values and gets their `$n`. */
class Where {
  readonly values: unknown[] = [];
  private readonly parts: string[] = [];

  add(sql: (...refs: string[]) => string, ...values: unknown[]): void {
    const refs = values.map((value) => {
      this.values.push(value);
      return `$${String(this.values.length)}`;
    });
    this.parts.push(sql(...refs));
  }

  toString(): string {
    return this.parts.length ? this.parts.join(' AND ') : 'TRUE';
  }
}

function scopeWhere(where: Where, scope: TimelineScope): void {
  switch (scope.kind) {
    case 'user':
    case 'customer':
      where.add((u) => `(e.actor_user_id = ${u} OR (e.target_type = 'user' AND e.target_id = ${u}::text))`, scope.userId);
      return;
    case 'invite':
      where.add((i) => `e.actor_invite_id = ${i}`, scope.inviteId);
      return;
    case 'org':
      if (scope.orgId) where.add((o) => `e.org_id = ${o}`, scope.orgId);
      else where.add(() => 'e.org_id IS NULL');
  }
}

function filterWhere(where: Where, query: Omit<TimelineQuery, 'page' | 'pageSize' | 'orgId'>): void {
  if (query.from) where.add((v) => `e.created_at >= ${v}`, new Date(query.from));
  if (query.to) where.add((v) => `e.created_at < ${v}`, new Date(query.to));
  if (query.action) {
    // `_` is a LIKE wildcard: escaped, so `auth` matches `auth.…` and nothing else.
    const area = query.action.replace(/\.$/, '').replaceAll('_', '\\_');
    where.add((a, p) => `(e.action = ${a} OR e.action LIKE ${p})`, query.action, `${area}.%`);
  }
  if (query.outcome) where.add((v) => `e.outcome = ${v}`, query.outcome);
  if (query.classUid) where.add((v) => `e.class_uid = ${v}`, query.classUid);
  if (query.minSeverityId) where.add((v) => `e.severity_id >= ${v}`, query.minSeverityId);
  if (query.ip) where.add((v) => `e.ip = ${v}`, query.ip);
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.add(
      (l, q) =>
        `(COALESCE(e.actor_email, u.email) ILIKE ${l} OR e.action ILIKE ${l} OR e.reason ILIKE ${l} OR e.ip = ${q} OR e.target_id = ${q})`,
      like,
      query.q,
    );
  }
}

export function eventView(row: EventRow): AuditEventView {
  const names = ocsfNames(row.class_uid, row.activity_id);
  return {
    id: row.id,
    seq: Number(row.seq),
    orgId: row.org_id,
    time: row.created_at.toISOString(),
    action: row.action,
    outcome: row.outcome,
    reason: row.reason,
    classUid: row.class_uid,
    className: names.className,
    activityId: row.activity_id,
    activityName: names.activityName,
    severityId: row.severity_id,
    actor: {
      userId: row.actor_user_id,
      inviteId: row.actor_invite_id,
      role: isRole(row.actor_role) ? row.actor_role : null,
      email: row.actor_email,
      ip: row.ip,
      userAgent: row.user_agent,
    },
    target: row.target_type && row.target_id ? { type: row.target_type, id: row.target_id } : null,
    metadata: row.metadata,
  };
}

const CSV_HEADER = [
  'time',
  'seq',
  'action',
  'outcome',
  'reason',
  'class',
  'activity',
  'severity_id',
  'actor_email',
  'actor_role',
  'actor_user_id',
  'ip',
  'user_agent',
  'target_type',
  'target_id',
  'details',
  'hash',
];

function csvOf(rows: EventRow[], extra?: (row: EventRow) => string[]): string {
  const lines = rows.map((row) => {
    const names = ocsfNames(row.class_uid, row.activity_id);
    return [
      ...(extra ? extra(row) : []),
      row.created_at.toISOString(),
      row.seq,
      row.action,
      row.outcome,
      row.reason ?? '',
      names.className,
      names.activityName,
      String(row.severity_id),
      row.actor_email ?? '',
      row.actor_role ?? '',
      row.actor_user_id ?? '',
      row.ip ?? '',
      row.user_agent ?? '',
      row.target_type ?? '',
      row.target_id ?? '',
      Object.keys(row.metadata).length ? JSON.stringify(row.metadata) : '',
      row.hash,
    ];
  });
  return stringify([[...(extra ? ['kind'] : []), ...CSV_HEADER], ...lines], { escape_formulas: true });
}

const SUCCESSFUL_SIGN_INS = ['auth.login', 'auth.magic.verified'];

/** Reads the audit trail as timelines and as the threats view; writes nothing. */
@Injectable()
export class AuditQueryService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async timeline(scope: TimelineScope, query: TimelineQuery): Promise<TimelinePage> {
    const where = new Where();
    scopeWhere(where, scope);
    filterWhere(where, query);
    const [count] = await this.dataSource.query<{ n: string }[]>(
      `SELECT count(*) AS n FROM ${EVENTS} WHERE ${where.toString()}`,
      where.values,
    );
    const rows = await this.dataSource.query<EventRow[]>(
      `SELECT ${EVENT_COLUMNS} FROM ${EVENTS} WHERE ${where.toString()}
        ORDER BY e.created_at DESC, e.seq DESC LIMIT ${String(query.pageSize)} OFFSET ${String((query.page - 1) * query.pageSize)}`,
      where.values,
    );
    return { items: rows.map(eventView), total: Number(count?.n ?? 0), page: query.page, pageSize: query.pageSize };
  }

  async timelineCsv(scope: TimelineScope, query: TimelineQuery): Promise<{ csv: string; rows: number }> {
    const where = new Where();
    scopeWhere(where, scope);
    filterWhere(where, query);
    const rows = await this.dataSource.query<EventRow[]>(
      `SELECT ${EVENT_COLUMNS} FROM ${EVENTS} WHERE ${where.toString()}
        ORDER BY e.created_at DESC, e.seq DESC LIMIT ${String(TIMELINE_PAGE.maxExportRows)}`,
      where.values,
    );
    return { csv: csvOf(rows), rows: rows.length };
  }

  /** The customer a support operator looks at, with their organisation. */
  async customer(userId: string): Promise<CustomerTimeline['customer']> {
    const [row] = isUuid(userId)
      ? await this.dataSource.query<
          {
            id: string;
            email: string;
            username: string;
            first_name: string | null;
            last_name: string | null;
            status: string;
            role: string | null;
            org_id: string | null;
            org_name: string | null;
          }[]
        >(
          `SELECT u.id, u.email, u.username, u.first_name, u.last_name, u.status, m.role, m.org_id, o.name AS org_name
             FROM users u LEFT JOIN memberships m ON m.user_id = u.id LEFT JOIN organizations o ON o.id = m.org_id
            WHERE u.id = $1`,
          [userId],
        )
      : [];
    if (!row) throw new DomainError('NOT_FOUND', 'notFound.customer');
    const name = [row.first_name, row.last_name].filter(Boolean).join(' ') || row.username;
    return {
      id: row.id,
      name,
      email: row.email,
      role: isRole(row.role) ? row.role : null,
      status: row.status,
      orgId: row.org_id,
      orgName: row.org_name,
    };
  }

  /**
   * The threats view of an organisation over a window: failed sign-ins grouped by account and by
   * address (flagged past THREAT_RULES), lockouts, and successful sign-ins at an unusual hour for
   * the user or from an address they have not used in 90 days.
   */
  async threats(orgId: string | null, query: ThreatsQuery): Promise<ThreatsOverview> {
    const { from, to } = windowOf(query);
    const org = orgId === null ? 'e.org_id IS NULL' : 'e.org_id = $3';
    const base = orgId === null ? [from, to] : [from, to, orgId];
    const failures = `e.outcome = 'failure' AND e.action = ANY ('{${SIGN_IN_ACTIONS.join(',')}}'::text[])`;
    const accounts = await this.dataSource.query<
      { email: string; user_id: string | null; failures: string; addresses: string; lockouts: string; last_at: Date }[]
    >(
      `SELECT lower(e.actor_email) AS email, (array_agg(e.actor_user_id) FILTER (WHERE e.actor_user_id IS NOT NULL))[1] AS user_id,
              count(*) FILTER (WHERE ${failures}) AS failures,
              count(DISTINCT e.ip) FILTER (WHERE ${failures}) AS addresses,
              count(*) FILTER (WHERE e.action = 'auth.lockout') AS lockouts,
              max(e.created_at) AS last_at
         FROM audit_events e
        WHERE ${org} AND e.created_at >= $1 AND e.created_at < $2 AND e.actor_email IS NOT NULL
          AND ((${failures}) OR e.action = 'auth.lockout')
        GROUP BY lower(e.actor_email)
        ORDER BY count(*) FILTER (WHERE ${failures}) DESC, max(e.created_at) DESC
        LIMIT 200`,
      base,
    );
    const addresses = await this.dataSource.query<{ ip: string; failures: string; accounts: string; last_at: Date }[]>(
      `SELECT e.ip, count(*) AS failures, count(DISTINCT lower(e.actor_email)) AS accounts, max(e.created_at) AS last_at
         FROM audit_events e
        WHERE ${org} AND e.created_at >= $1 AND e.created_at < $2 AND e.ip IS NOT NULL AND ${failures}
        GROUP BY e.ip ORDER BY count(*) DESC, max(e.created_at) DESC LIMIT 200`,
      base,
    );
    const accountRows = accounts.map((a) => {
      const failures = Number(a.failures);
      const lockouts = Number(a.lockouts);
      return {
        email: a.email,
        userId: a.user_id,
        failures,
        addresses: Number(a.addresses),
        lockouts,
        lastAt: a.last_at.toISOString(),
        flagged: failures >= THREAT_RULES.accountFailures || lockouts > 0,
      };
    });
    const addressRows = addresses.map((a) => {
      const failures = Number(a.failures);
      const accountsTried = Number(a.accounts);
      return {
        ip: a.ip,
        failures,
        accounts: accountsTried,
        lastAt: a.last_at.toISOString(),
        flagged: failures >= THREAT_RULES.addressFailures || accountsTried >= THREAT_RULES.addressAccounts,
      };
    });
    const flaggedEmails = accountRows.filter((a) => a.flagged).map((a) => a.email);
    const flaggedIps = addressRows.filter((a) => a.flagged).map((a) => a.ip);

    const findings = this.findingsSql(orgId, query.flaggedOnly ?? false);
    const values = [...base];
    const flaggedParams = query.flaggedOnly ? [flaggedEmails, flaggedIps] : [];
    const pad = orgId === null ? 2 : 3;
    const kindsParam = `$${String(pad + flaggedParams.length + 1)}`;
    const allValues = [...values, ...flaggedParams];
    const kinds = query.kind ? [query.kind] : [...THREAT_KINDS];
    const counts = await this.dataSource.query<{ kind: ThreatKind; n: string }[]>(
      `WITH f AS (${findings}) SELECT kind, count(*) AS n FROM f GROUP BY kind`,
      allValues,
    );
    const countOf = (kind: ThreatKind): number => Number(counts.find((c) => c.kind === kind)?.n ?? 0);
    const rows = await this.dataSource.query<(EventRow & { kind: ThreatKind })[]>(
      `WITH f AS (${findings})
       SELECT f.kind, ${EVENT_COLUMNS} FROM f JOIN audit_events e ON e.id = f.id LEFT JOIN users u ON u.id = e.actor_user_id
        WHERE f.kind = ANY (${kindsParam}::text[])
        ORDER BY e.created_at DESC, e.seq DESC, f.kind
        LIMIT ${String(query.pageSize)} OFFSET ${String((query.page - 1) * query.pageSize)}`,
      [...allValues, kinds],
    );
    const visibleAccounts = query.flaggedOnly ? accountRows.filter((a) => a.flagged) : accountRows;
    const visibleAddresses = query.flaggedOnly ? addressRows.filter((a) => a.flagged) : addressRows;
    return {
      from: from.toISOString(),
      to: to.toISOString(),
      summary: {
        failedSignIns: countOf('failed_sign_in'),
        lockouts: countOf('lockout'),
        unusualHours: countOf('unusual_hour'),
        newAddresses: countOf('new_address'),
        flaggedAccounts: flaggedEmails.length,
        flaggedAddresses: flaggedIps.length,
      },
      accounts: visibleAccounts.slice(0, 50),
      addresses: visibleAddresses.slice(0, 50),
      findings: {
        items: rows.map((row) => ({ kind: row.kind, event: eventView(row) })),
        total: kinds.reduce((sum, kind) => sum + countOf(kind), 0),
        page: query.page,
        pageSize: query.pageSize,
      },
    };
  }

  async threatsCsv(orgId: string | null, query: ThreatsQuery): Promise<{ csv: string; rows: number }> {
    const overview = await this.threats(orgId, { ...query, page: 1, pageSize: 1 });
    const total = Math.min(overview.findings.total, TIMELINE_PAGE.maxExportRows);
    const { from, to } = windowOf(query);
    const base = orgId === null ? [from, to] : [from, to, orgId];
    const flaggedParams = query.flaggedOnly
      ? [overview.accounts.filter((a) => a.flagged).map((a) => a.email), overview.addresses.filter((a) => a.flagged).map((a) => a.ip)]
      : [];
    const kindsParam = `$${String(base.length + flaggedParams.length + 1)}`;
    const rows = await this.dataSource.query<(EventRow & { kind: ThreatKind })[]>(
      `WITH f AS (${this.findingsSql(orgId, query.flaggedOnly ?? false)})
       SELECT f.kind, ${EVENT_COLUMNS} FROM f JOIN audit_events e ON e.id = f.id LEFT JOIN users u ON u.id = e.actor_user_id
        WHERE f.kind = ANY (${kindsParam}::text[])
        ORDER BY e.created_at DESC, e.seq DESC, f.kind LIMIT ${String(total)}`,
      [...base, ...flaggedParams, query.kind ? [query.kind] : [...THREAT_KINDS]],
    );
    return { csv: csvOf(rows, (row) => [(row as EventRow & { kind: string }).kind]), rows: rows.length };
  }

  /**
   * Every finding of the window as (kind, event id). $1/$2 are the window, $3 the organisation
   * (when there is one); with `flaggedOnly`, the next two are the flagged emails and addresses.
   */
  private findingsSql(orgId: string | null, flaggedOnly: boolean): string {
    const org = orgId === null ? 'e.org_id IS NULL' : 'e.org_id = $3';
    const next = orgId === null ? 3 : 4;
    const flagged = flaggedOnly
      ? ` AND (lower(e.actor_email) = ANY ($${String(next)}::text[]) OR e.ip = ANY ($${String(next + 1)}::text[]))`
      : '';
    const inWindow = `${org} AND e.created_at >= $1 AND e.created_at < $2`;
    const signIns = `'{${SUCCESSFUL_SIGN_INS.join(',')}}'::text[]`;
    const hour = (col: string): string => `extract(hour FROM ${col} AT TIME ZONE 'UTC')`;
    return `
      SELECT 'failed_sign_in'::text AS kind, e.id FROM audit_events e
       WHERE ${inWindow} AND e.outcome = 'failure' AND e.action = ANY ('{${SIGN_IN_ACTIONS.join(',')}}'::text[])${flagged}
      UNION ALL
      SELECT 'lockout', e.id FROM audit_events e WHERE ${inWindow} AND e.action = 'auth.lockout'
      UNION ALL
      SELECT 'unusual_hour', e.id FROM audit_events e
       CROSS JOIN LATERAL (
         SELECT count(*) AS n,
                count(*) FILTER (WHERE least(abs(${hour('p.created_at')} - ${hour('e.created_at')}),
                                             24 - abs(${hour('p.created_at')} - ${hour('e.created_at')})) <= ${String(THREAT_RULES.usualHourSpread)}) AS near
           FROM audit_events p
          WHERE p.actor_user_id = e.actor_user_id AND p.outcome = 'success' AND p.action = ANY (${signIns})
            AND p.created_at < e.created_at AND p.created_at >= e.created_at - interval '${String(THREAT_RULES.usualDays)} days') usual
       WHERE ${inWindow} AND e.outcome = 'success' AND e.action = ANY (${signIns}) AND e.actor_user_id IS NOT NULL
         AND usual.n >= ${String(THREAT_RULES.usualMinSignIns)} AND usual.near = 0
      UNION ALL
      SELECT 'new_address', e.id FROM audit_events e
       WHERE ${inWindow} AND e.outcome = 'success' AND e.action = ANY (${signIns}) AND e.actor_user_id IS NOT NULL AND e.ip IS NOT NULL
         AND EXISTS (SELECT 1 FROM audit_events p
                      WHERE p.actor_user_id = e.actor_user_id AND p.outcome = 'success' AND p.action = ANY (${signIns})
                        AND p.created_at < e.created_at AND p.created_at >= e.created_at - interval '${String(THREAT_RULES.newAddressDays)} days')
         AND NOT EXISTS (SELECT 1 FROM audit_events p
                      WHERE p.actor_user_id = e.actor_user_id AND p.outcome = 'success' AND p.action = ANY (${signIns})
                        AND p.ip = e.ip
                        AND p.created_at < e.created_at AND p.created_at >= e.created_at - interval '${String(THREAT_RULES.newAddressDays)} days')`;
  }
}

function windowOf(query: { from?: string; to?: string }): { from: Date; to: Date } {
  const to = query.to ? new Date(query.to) : new Date();
  const from = query.from ? new Date(query.from) : new Date(to.getTime() - THREAT_RULES.windowDays * 86_400_000);
  return { from, to };
}
