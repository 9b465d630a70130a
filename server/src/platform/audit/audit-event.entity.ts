import { AUDIT_OUTCOMES, type AuditOutcome } from '@muster/contracts';
import { Check, Column, Entity, Index, PrimaryColumn } from 'typeorm';

export { AUDIT_OUTCOMES, type AuditOutcome };

const bigintNumber = { to: (v: number | null) => v, from: (v: string | null) => (v === null ? null : Number(v)) };

/**
 * One security-relevant action. Append-only: a database trigger refuses UPDATE and DELETE.
 * The single source for the security timeline, the SIEM stream and the auditor's view.
 * Hash-chained per organisation (`audit-chain.ts`): `seq`, `prev_hash` and `hash` link it to the
 * event before it in its chain, and (chain, seq) is unique, so concurrent writers cannot fork it.
 */
@Entity({ name: 'audit_events' })
@Check('audit_events_outcome_check', `"outcome" IN ('success', 'failure')`)
@Index('audit_events_org_created_idx', ['orgId', 'createdAt'])
@Index('audit_events_actor_created_idx', ['actorUserId', 'createdAt'])
/** A record's custody log (the evidence vault) reads one target's events. */
@Index('audit_events_target_idx', ['orgId', 'targetType', 'targetId'])
@Index('audit_events_chain_seq_key', ['chainKey', 'seq'], { unique: true })
export class AuditEvent {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ name: 'org_id', type: 'uuid', nullable: true })
  orgId: string | null;

  /** The chain the event belongs to: its organisation's id, or `platform`. */
  @Column({ name: 'chain_key', type: 'varchar', length: 36 })
  chainKey: string;

  /** Position in the chain, from 1. */
  @Column({ type: 'bigint', transformer: bigintNumber })
  seq: number;

  @Column({ name: 'prev_hash', type: 'char', length: 64 })
  prevHash: string;

  /** SHA-256 (hex) of the event's canonical form, which includes `prev_hash`. */
  @Column({ type: 'char', length: 64 })
  hash: string;

  @Column({ name: 'actor_user_id', type: 'uuid', nullable: true })
  actorUserId: string | null;

  /** A guest auditor acts through an invite, not a user account. */
  @Column({ name: 'actor_invite_id', type: 'uuid', nullable: true })
  actorInviteId: string | null;

  @Column({ name: 'actor_role', type: 'varchar', length: 32, nullable: true })
  actorRole: string | null;

  /** The email an attempt named, kept also when no account matched. */
  @Column({ name: 'actor_email', type: 'varchar', length: 254, nullable: true })
  actorEmail: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  ip: string | null;

  @Column({ name: 'user_agent', type: 'varchar', length: 512, nullable: true })
  userAgent: string | null;

  /** `area.verb`, e.g. `auth.login`, `auth.magic.verified`, `auditor.invite.created` (contracts' AUDIT_ACTIONS). */
  @Index('audit_events_action_idx')
  @Column({ type: 'varchar', length: 64 })
  action: string;

  @Column({ type: 'varchar', length: 16 })
  outcome: AuditOutcome;

  /** Why an attempt failed (`bad_password`, `locked_out`, `suspended`, …). */
  @Column({ type: 'varchar', length: 64, nullable: true })
  reason: string | null;

  @Column({ name: 'target_type', type: 'varchar', length: 64, nullable: true })
  targetType: string | null;

  @Column({ name: 'target_id', type: 'varchar', length: 128, nullable: true })
  targetId: string | null;

  /** OCSF event class (3002 Authentication, 3001 Account Change, 6003 API Activity, …). */
  @Column({ name: 'class_uid', type: 'integer' })
  classUid: number;

  @Column({ name: 'activity_id', type: 'integer' })
  activityId: number;

  /** OCSF severity (1 Informational … 5 Critical). */
  @Column({ name: 'severity_id', type: 'smallint' })
  severityId: number;

  @Column({ type: 'jsonb', default: {} })
  metadata: Record<string, unknown>;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;
}

/** The last link of each chain, locked while an event is appended; also catches a cut-off tail. */
@Entity({ name: 'audit_chain_heads' })
export class AuditChainHead {
  @PrimaryColumn({ name: 'chain_key', type: 'varchar', length: 36 })
  chainKey: string;

  @Column({ type: 'bigint', transformer: bigintNumber })
  seq: number;

  /** The hash before the head (the head event's `prev_hash`). */
  @Column({ name: 'prev_hash', type: 'char', length: 64 })
  prevHash: string;

  @Column({ type: 'char', length: 64 })
  hash: string;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt: Date;
}
