import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export const AUDIT_OUTCOMES = ['success', 'failure'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

/**
 * One security-relevant action. Append-only: a database trigger refuses UPDATE and DELETE.
 * The single source for the security timeline, the SIEM stream and the auditor's view.
 */
@Entity({ name: 'audit_events' })
@Check('audit_events_outcome_check', `"outcome" IN ('success', 'failure')`)
@Index('audit_events_org_created_idx', ['orgId', 'createdAt'])
@Index('audit_events_actor_created_idx', ['actorUserId', 'createdAt'])
export class AuditEvent {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'org_id', type: 'uuid', nullable: true })
  orgId: string | null;

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

  /** `area.verb`, e.g. `auth.login`, `auth.magic.verified`, `auditor.invite.created`. */
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

  @Column({ type: 'jsonb', default: {} })
  metadata: Record<string, unknown>;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
