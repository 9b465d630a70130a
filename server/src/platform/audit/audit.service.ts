import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ocsfOf, type AuditAction, type AuditOutcome, type ChainVerification } from '@muster/contracts';
import type { DataSource } from 'typeorm';
import { canonicalParts, ChainVerifier, chainKeyOf, GENESIS_HASH, type ChainLink, type EventFields } from './audit-chain.js';
import { AuditEvent } from './audit-event.entity.js';

/** Who did something, from where: `auditActorOf(principal, client)` for whoever is signed in. */
export interface AuditActor {
  userId?: string | null;
  inviteId?: string | null;
  role?: string | null;
  email?: string | null;
  orgId?: string | null;
  ip?: string | null;
  userAgent?: string | null;
}

export interface AuditRecord {
  action: AuditAction;
  outcome: AuditOutcome;
  actor: AuditActor;
  /** The organisation the event belongs to (defaults to the actor's). */
  orgId?: string | null;
  reason?: string;
  target?: { type: string; id: string };
  metadata?: Record<string, unknown>;
}

/**
 * Something that must happen with every audit event, atomically with it: `cte` is a
 * data-modifying CTE run in the very statement that appends the event (an outbox row commits or
 * fails with the event). It reads the new event from the CTE `appended` (the audit_events columns)
 * and RETURNs the rows handed to `afterCommit`. The SIEM stream registers one; `platform/` knows
 * nothing of it.
 */
export interface AuditSink {
  readonly cte: string;
  afterCommit(event: AuditEvent, rows: Record<string, unknown>[]): void;
}

const VERIFY_PAGE = 1_000;

/** Every module writes security-relevant actions through this one service. */
@Injectable()
export class AuditService {
  private readonly logger = new Logger('Audit');
  private readonly sinks: AuditSink[] = [];

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  registerSink(sink: AuditSink): void {
    this.sinks.push(sink);
  }

  /**
   * Appends one event to its organisation's chain, in one statement: the chain's head row is
   * advanced (`INSERT … ON CONFLICT DO UPDATE` locks it, creating it for a new chain), the
   * database hashes the event's canonical form with the previous hash and the new position
   * (`canonicalParts`), and the event is inserted with them. Concurrent writers from any number of
   * processes queue on the head row; the unique (chain, seq) index would refuse a fork regardless.
   */
  async record(entry: AuditRecord): Promise<AuditEvent> {
    // Ids as PostgreSQL gives them back (lower case): the chain key and the hash must match the row.
    const orgId = (entry.orgId ?? entry.actor.orgId ?? null)?.toLowerCase() ?? null;
    const { classUid, activityId, severityId } = ocsfOf(entry.action, entry.outcome);
    // The metadata as jsonb will give it back: no undefined, plain JSON values.
    const metadata = JSON.parse(JSON.stringify(entry.metadata ?? {})) as Record<string, unknown>;
    const fields: EventFields = {
      id: randomUUID(),
      chainKey: chainKeyOf(orgId),
      time: new Date(),
      orgId,
      actorUserId: entry.actor.userId ?? null,
      actorInviteId: entry.actor.inviteId ?? null,
      actorRole: entry.actor.role ?? null,
      actorEmail: entry.actor.email ?? null,
      ip: entry.actor.ip ?? null,
      userAgent: entry.actor.userAgent?.slice(0, 512) ?? null,
      action: entry.action,
      outcome: entry.outcome,
      reason: entry.reason ?? null,
      targetType: entry.target?.type ?? null,
      targetId: entry.target?.id ?? null,
      classUid,
      activityId,
      severityId,
      metadata,
    };
    const [beforePrev, beforeSeq, rest] = canonicalParts(fields);
    const hashSql = (prev: string, seq: string): string =>
      `encode(sha256(convert_to($4::text || ${prev} || $5::text || ${seq} || $6::text, 'UTF8')), 'hex')`;
    const sinks = this.sinks.map((sink, i) => `, sink_${String(i)} AS (${sink.cte})`).join('');
    const sinkRows = this.sinks
      .map((_, i) => `, (SELECT coalesce(json_agg(x), '[]'::json) FROM sink_${String(i)} x) AS sink_${String(i)}`)
      .join('');
    const [row] = await this.dataSource.query<Record<string, unknown>[]>(
      `WITH head AS (
         INSERT INTO audit_chain_heads AS h (chain_key, seq, prev_hash, hash)
         VALUES ($3, 1, '${GENESIS_HASH}', ${hashSql(`'${GENESIS_HASH}'`, "'1'")})
         ON CONFLICT (chain_key) DO UPDATE
           SET seq = h.seq + 1, prev_hash = h.hash, hash = ${hashSql('h.hash::text', '(h.seq + 1)::text')}, updated_at = now()
         RETURNING seq, prev_hash, hash),
       appended AS (
         INSERT INTO audit_events (id, org_id, chain_key, seq, prev_hash, hash, actor_user_id, actor_invite_id, actor_role,
           actor_email, ip, user_agent, action, outcome, reason, target_type, target_id, class_uid, activity_id, severity_id,
           metadata, created_at)
         SELECT $1, $2, $3, head.seq, head.prev_hash, head.hash, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20,
                $21, $22
           FROM head
         RETURNING *)${sinks}
       SELECT a.seq, a.prev_hash, a.hash${sinkRows} FROM appended a`,
      [
        fields.id,
        fields.orgId,
        fields.chainKey,
        beforePrev,
        beforeSeq,
        rest,
        fields.actorUserId,
        fields.actorInviteId,
        fields.actorRole,
        fields.actorEmail,
        fields.ip,
        fields.userAgent,
        fields.action,
        fields.outcome,
        fields.reason,
        fields.targetType,
        fields.targetId,
        fields.classUid,
        fields.activityId,
        fields.severityId,
        JSON.stringify(fields.metadata),
        fields.time,
      ],
    );
    const { time, ...columns } = fields;
    const event = Object.assign(new AuditEvent(), columns, {
      outcome: entry.outcome,
      seq: Number(row!.seq),
      prevHash: String(row!.prev_hash),
      hash: String(row!.hash),
      createdAt: time,
    });
    this.sinks.forEach((sink, i) => {
      const rows = row![`sink_${String(i)}`] as Record<string, unknown>[];
      if (rows.length) sink.afterCommit(event, rows);
    });
    this.logger.log(
      { audit: entry.action, outcome: entry.outcome, reason: entry.reason, userId: event.actorUserId, orgId: event.orgId, seq: event.seq },
      'Audit event',
    );
    return event;
  }

  /**
   * Recomputes a chain from its first event, a page at a time, and reports the first link that
   * does not hold: a changed event (its hash), a removed or reordered one (the sequence or the
   * previous hash), or a cut-off tail (the head row is further than the last event). `db` reads it
   * (a caller's read-only transaction; the data source by default).
   */
  async verify(orgId: string | null, db: Pick<DataSource, 'query'> = this.dataSource): Promise<ChainVerification> {
    const chainKey = chainKeyOf(orgId);
    // The head first: the chain is checked up to it, so events appended meanwhile are not a break.
    const [head] = await db.query<{ seq: string; hash: string }[]>('SELECT seq, hash FROM audit_chain_heads WHERE chain_key = $1', [
      chainKey,
    ]);
    const headSeq = head ? Number(head.seq) : 0;
    const verifier = new ChainVerifier();
    let after = 0;
    for (;;) {
      const rows = await db.query<RawLink[]>(
        `SELECT id, org_id, chain_key, seq, prev_hash, hash, actor_user_id, actor_invite_id, actor_role, actor_email, ip, user_agent,
                action, outcome, reason, target_type, target_id, class_uid, activity_id, severity_id, metadata, created_at
           FROM audit_events WHERE chain_key = $1 AND seq > $2 AND seq <= $3 ORDER BY seq LIMIT ${VERIFY_PAGE}`,
        [chainKey, after, headSeq],
      );
      const broken = verifier.check(rows.map(linkOf));
      if (broken) return this.verification(orgId, verifier, broken);
      if (rows.length < VERIFY_PAGE) break;
      after = Number(rows[rows.length - 1]!.seq);
    }
    const last = verifier.head ?? { seq: 0, hash: GENESIS_HASH };
    if (head && last.seq !== headSeq) {
      // Events removed from the end: the head is further than the last event.
      return this.verification(orgId, verifier, {
        seq: last.seq + 1,
        eventId: null,
        reason: 'sequence_gap',
        expected: head.seq,
        found: String(last.seq),
      });
    }
    if (head && last.hash !== head.hash.trim()) {
      // The last event rewritten with a fresh hash: no later event points at it, the head does.
      return this.verification(orgId, verifier, {
        seq: last.seq,
        eventId: null,
        reason: 'prev_hash_mismatch',
        expected: head.hash,
        found: last.hash,
      });
    }
    return this.verification(orgId, verifier, null);
  }

  private verification(orgId: string | null, verifier: ChainVerifier, firstBroken: ChainVerification['firstBroken']): ChainVerification {
    return {
      orgId,
      ok: firstBroken === null,
      checked: verifier.checked,
      head: verifier.head,
      firstBroken,
      verifiedAt: new Date().toISOString(),
    };
  }
}

interface RawLink {
  id: string;
  org_id: string | null;
  chain_key: string;
  seq: string;
  prev_hash: string;
  hash: string;
  actor_user_id: string | null;
  actor_invite_id: string | null;
  actor_role: string | null;
  actor_email: string | null;
  ip: string | null;
  user_agent: string | null;
  action: string;
  outcome: string;
  reason: string | null;
  target_type: string | null;
  target_id: string | null;
  class_uid: number;
  activity_id: number;
  severity_id: number;
  metadata: Record<string, unknown>;
  created_at: Date;
}

function linkOf(row: RawLink): ChainLink {
  return {
    id: row.id,
    chainKey: row.chain_key,
    seq: Number(row.seq),
    prevHash: row.prev_hash,
    hash: row.hash,
    time: row.created_at,
    orgId: row.org_id,
    actorUserId: row.actor_user_id,
    actorInviteId: row.actor_invite_id,
    actorRole: row.actor_role,
    actorEmail: row.actor_email,
    ip: row.ip,
    userAgent: row.user_agent,
    action: row.action,
    outcome: row.outcome,
    reason: row.reason,
    targetType: row.target_type,
    targetId: row.target_id,
    classUid: row.class_uid,
    activityId: row.activity_id,
    severityId: row.severity_id,
    metadata: row.metadata,
  };
}
