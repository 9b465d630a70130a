import type { RecoveryState } from '@muster/contracts';
import { Check, Column, Entity, Index, UpdateDateColumn } from 'typeorm';
import { OrgOwnedEntity } from '../../../platform/tenancy/org-owned.entity.js';

/**
 * A locked-out member's request to recover their account: requested → approved (cooling off) →
 * ready (reset link sent) → completed; or cancelled, declined, expired. The policy in force when it
 * was made is copied onto it.
 */
@Entity({ name: 'recovery_requests' })
@Index('recovery_requests_org_id_status_idx', ['orgId', 'status'])
@Index('recovery_requests_user_id_idx', ['userId'])
@Check('recovery_requests_status_check', `"status" IN ('requested', 'approved', 'ready', 'completed', 'cancelled', 'declined', 'expired')`)
export class RecoveryRequestRow extends OrgOwnedEntity {
  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ type: 'varchar', length: 16, default: 'requested' })
  status: RecoveryState;

  @Column({ name: 'approvals_required', type: 'integer' })
  approvalsRequired: number;

  @Column({ name: 'cooling_off_hours', type: 'integer' })
  coolingOffHours: number;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  /** When the approvals were reached (the cooling-off started). */
  @Column({ name: 'approved_at', type: 'timestamptz', nullable: true })
  approvedAt: Date | null;

  /** When the cooling-off ends. */
  @Column({ name: 'ready_at', type: 'timestamptz', nullable: true })
  readyAt: Date | null;

  @Column({ name: 'closed_at', type: 'timestamptz', nullable: true })
  closedAt: Date | null;

  /** SHA-256 of the member's cancel link token. */
  @Index('recovery_requests_cancel_token_hash_key', { unique: true })
  @Column({ name: 'cancel_token_hash', type: 'varchar', length: 64, nullable: true })
  cancelTokenHash: string | null;

  /** SHA-256 of the single-use reset link token (set when ready, cleared when used). */
  @Index('recovery_requests_reset_token_hash_key', { unique: true })
  @Column({ name: 'reset_token_hash', type: 'varchar', length: 64, nullable: true })
  resetTokenHash: string | null;

  @Column({ type: 'varchar', length: 5, default: 'en' })
  language: string;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
