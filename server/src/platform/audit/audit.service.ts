import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ocsfOf, type AuditAction, type AuditOutcome, type ChainVerification } from '@muster/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { ChainVerifier, chainKeyOf, eventHash, GENESIS_HASH, type ChainLink } from './audit-chain.js';
import { AuditEvent } from './audit-event.entity.js';

/** Who did something, from where. Built from the request by `actorFrom()`. */
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
 * Something that must happen with every audit event: `inTransaction` runs in the event's own
 * transaction (an outbox row commits or rolls back with the event); the work it answers runs once
 * the event has committed. The SIEM stream registers one; `platform/` knows nothing of it.
 */
export interface AuditSink {
  inTransaction(manager: EntityManager, event: AuditEvent): Promise<(() => void) | undefined>;
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
   * Appends one event to its organisation's chain. The chain's head row is locked for the
   * transaction (`INSERT … ON CONFLICT DO UPDATE` locks it, creating it for a new chain), so
   * concurrent writers from any number of processes append one after another; the unique
   * (chain, seq) index would refuse a fork regardless.
   */
  async record(entry: AuditRecord): Promise<AuditEvent> {
    const orgId = entry.orgId ?? entry.actor.orgId ?? null;
    const { classUid, activityId, severityId } = ocsfOf(entry.action, entry.outcome);
    // The metadata as jsonb will give it back: no undefined, plain JSON values.
    const metadata = JSON.parse(JSON.stringify(entry.metadata ?? {})) as Record<string, unknown>;
    const base = {
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
    const after: (() => void)[] = [];
    const event = await this.dataSource.transaction(async (manager) => {
      const [head] = await manager.query<{ seq: string; hash: string }[]>(
        `INSERT INTO audit_chain_heads (chain_key, seq, hash) VALUES ($1, 0, $2)
         ON CONFLICT (chain_key) DO UPDATE SET chain_key = EXCLUDED.chain_key
         RETURNING seq, hash`,
        [base.chainKey, GENESIS_HASH],
      );
      const link: ChainLink = { ...base, seq: Number(head!.seq) + 1, prevHash: head!.hash, hash: '' };
      link.hash = eventHash(link);
      await manager.query(
        `WITH appended AS (
           INSERT INTO audit_events (id, org_id, chain_key, seq, prev_hash, hash, actor_user_id, actor_invite_id, actor_role,
             actor_email, ip, user_agent, action, outcome, reason, target_type, target_id, class_uid, activity_id, severity_id,
             metadata, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22)
           RETURNING seq, hash)
         UPDATE audit_chain_heads SET seq = appended.seq, hash = appended.hash, updated_at = now()
           FROM appended WHERE chain_key = $3`,
        [
          link.id,
          link.orgId,
          link.chainKey,
          link.seq,
          link.prevHash,
          link.hash,
          link.actorUserId,
          link.actorInviteId,
          link.actorRole,
          link.actorEmail,
          link.ip,
          link.userAgent,
          link.action,
          link.outcome,
          link.reason,
          link.targetType,
          link.targetId,
          link.classUid,
          link.activityId,
          link.severityId,
          JSON.stringify(link.metadata),
          link.time,
        ],
      );
      const { time, ...columns } = link;
      const saved = Object.assign(new AuditEvent(), columns, { outcome: entry.outcome, createdAt: time });
      for (const sink of this.sinks) {
        const work = await sink.inTransaction(manager, saved);
        if (work) after.push(work);
      }
      return saved;
    });
    for (const work of after) work();
    this.logger.log(
      { audit: entry.action, outcome: entry.outcome, reason: entry.reason, userId: event.actorUserId, orgId: event.orgId, seq: event.seq },
      'Audit event',
    );
    return event;
  }

  /**
   * Recomputes a chain from its first event, a page at a time, and reports the first link that
   * does not hold: a changed event (its hash), a removed or reordered one (the sequence or the
   * previous hash), or a cut-off tail (the head row is further than the last event).
   */
  async verify(orgId: string | null): Promise<ChainVerification> {
    const chainKey = chainKeyOf(orgId);
    const verifier = new ChainVerifier();
    let after = 0;
    for (;;) {
      const rows = await this.dataSource.query<RawLink[]>(
        `SELECT id, org_id, chain_key, seq, prev_hash, hash, actor_user_id, actor_invite_id, actor_role, actor_email, ip, user_agent,
                action, outcome, reason, target_type, target_id, class_uid, activity_id, severity_id, metadata, created_at
           FROM audit_events WHERE chain_key = $1 AND seq > $2 ORDER BY seq LIMIT ${VERIFY_PAGE}`,
        [chainKey, after],
      );
      const broken = verifier.check(rows.map(linkOf));
      if (broken) return this.verification(orgId, verifier, broken);
      if (rows.length < VERIFY_PAGE) break;
      after = Number(rows[rows.length - 1]!.seq);
    }
    const [head] = await this.dataSource.query<{ seq: string; hash: string }[]>(
      'SELECT seq, hash FROM audit_chain_heads WHERE chain_key = $1',
      [chainKey],
    );
    const lastSeq = verifier.head?.seq ?? 0;
    if (head && Number(head.seq) !== lastSeq) {
      return this.verification(orgId, verifier, {
        seq: lastSeq + 1,
        eventId: null,
        reason: 'sequence_gap',
        expected: head.seq,
        found: String(lastSeq),
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

/** The actor of a request: the signed-in principal and where the request came from. */
export function auditActorOf(
  auth: { userId: string | null; inviteId?: string | null; role: string | null; orgId: string | null },
  client: { ip: string; userAgent: string | null },
): AuditActor {
  return {
    userId: auth.userId,
    inviteId: auth.inviteId ?? null,
    role: auth.role,
    orgId: auth.orgId,
    ip: client.ip,
    userAgent: client.userAgent,
  };
}
