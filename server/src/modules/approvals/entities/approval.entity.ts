import type { ApprovalKind, ApprovalPayload, ApprovalStatus } from '@muster/contracts';
import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * A platform action waiting for (or decided by) a second platform admin, or run at once through
 * break-glass. Platform-level: not owned by an organisation (the payload may name one).
 */
@Entity({ name: 'approval_requests' })
@Index('approval_requests_status_idx', ['status', 'createdAt'])
@Check('approval_requests_status_check', `"status" IN ('pending', 'approved', 'rejected', 'expired', 'failed', 'break_glass')`)
export class ApprovalRow {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 32 })
  kind: ApprovalKind;

  @Column({ type: 'varchar', length: 16, default: 'pending' })
  status: ApprovalStatus;

  @Column({ type: 'jsonb' })
  payload: ApprovalPayload;

  /** What the payload named when asked, in words (organisation, account, amount). */
  @Column({ type: 'varchar', length: 300 })
  subject: string;

  /** The requester's reason, or the break-glass justification. */
  @Column({ type: 'text' })
  reason: string;

  @Column({ name: 'break_glass', type: 'boolean', default: false })
  breakGlass: boolean;

  @Column({ name: 'requested_by_user_id', type: 'uuid' })
  requestedByUserId: string;

  @Column({ name: 'decided_by_user_id', type: 'uuid', nullable: true })
  decidedByUserId: string | null;

  @Column({ name: 'decision_note', type: 'text', nullable: true })
  decisionNote: string | null;

  @Column({ name: 'decided_at', type: 'timestamptz', nullable: true })
  decidedAt: Date | null;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  /** The reason the action refused with when it ran (status `failed`). */
  @Column({ type: 'varchar', length: 120, nullable: true })
  failure: string | null;

  @Column({ name: 'reviewed_by_user_id', type: 'uuid', nullable: true })
  reviewedByUserId: string | null;

  @Column({ name: 'reviewed_at', type: 'timestamptz', nullable: true })
  reviewedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
