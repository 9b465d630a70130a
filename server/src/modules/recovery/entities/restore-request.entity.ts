import type { RestoreState } from '@muster/contracts';
import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * A member's request to restore their terminated organisation: unconfirmed (email link sent) →
 * pending (in the support operators' queue) → approved or declined. Platform staff's record, kept
 * beside the termination (not org-owned: operators work it across organisations).
 */
@Entity({ name: 'restore_requests' })
@Index('restore_requests_org_id_idx', ['orgId'])
@Index('restore_requests_status_idx', ['status'])
@Check('restore_requests_status_check', `"status" IN ('unconfirmed', 'pending', 'approved', 'declined')`)
export class RestoreRequestRow {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'org_id', type: 'uuid' })
  orgId: string;

  @Column({ name: 'termination_id', type: 'uuid' })
  terminationId: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ type: 'varchar', length: 16, default: 'unconfirmed' })
  status: RestoreState;

  /** SHA-256 of the emailed confirmation link's token (cleared once used). */
  @Index('restore_requests_confirm_token_hash_key', { unique: true })
  @Column({ name: 'confirm_token_hash', type: 'varchar', length: 64, nullable: true })
  confirmTokenHash: string | null;

  @Column({ name: 'confirm_expires_at', type: 'timestamptz' })
  confirmExpiresAt: Date;

  @Column({ name: 'confirmed_at', type: 'timestamptz', nullable: true })
  confirmedAt: Date | null;

  @Column({ name: 'decided_at', type: 'timestamptz', nullable: true })
  decidedAt: Date | null;

  @Column({ name: 'decided_by_user_id', type: 'uuid', nullable: true })
  decidedByUserId: string | null;

  @Column({ type: 'varchar', length: 5, default: 'en' })
  language: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
