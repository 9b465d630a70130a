import type { IdVerificationState } from '@muster/contracts';
import { Check, Column, Entity, Index, JoinColumn, ManyToOne, UpdateDateColumn } from 'typeorm';
import { OrgOwnedEntity } from '../../../platform/tenancy/org-owned.entity.js';
import { User } from '../../identity/entities/user.entity.js';

/**
 * One ID verification of a member: its two images (storage keys while the case is open, their
 * SHA-256 forever), its state and who decided. After approval or rejection the images are deleted
 * and the keys cleared; the hashes and the decision stay.
 */
@Entity({ name: 'id_verification_cases' })
@Index('id_verification_cases_org_id_user_id_idx', ['orgId', 'userId'])
@Index('id_verification_cases_state_submitted_at_idx', ['state', 'submittedAt'])
@Check('id_verification_cases_state_check', `"state" IN ('draft', 'submitted', 'in_review', 'approved', 'rejected', 'more_info')`)
export class VerificationCaseRow extends OrgOwnedEntity {
  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'id_verification_cases_user_id_fkey' })
  user?: User;

  @Column({ type: 'varchar', length: 16 })
  state: IdVerificationState;

  @Column({ name: 'document_key', type: 'varchar', length: 512, nullable: true })
  documentKey: string | null;

  @Column({ name: 'document_type', type: 'varchar', length: 32, nullable: true })
  documentType: string | null;

  @Column({ name: 'document_sha256', type: 'char', length: 64, nullable: true })
  documentSha256: string | null;

  @Column({ name: 'second_key', type: 'varchar', length: 512, nullable: true })
  secondKey: string | null;

  @Column({ name: 'second_type', type: 'varchar', length: 32, nullable: true })
  secondType: string | null;

  @Column({ name: 'second_sha256', type: 'char', length: 64, nullable: true })
  secondSha256: string | null;

  /** Why it was rejected (the member sees it). */
  @Column({ type: 'text', nullable: true })
  reason: string | null;

  /** What the operator asked for (the member sees it). */
  @Column({ type: 'text', nullable: true })
  message: string | null;

  @Column({ name: 'submitted_at', type: 'timestamptz', nullable: true })
  submittedAt: Date | null;

  @Column({ name: 'claimed_by_user_id', type: 'uuid', nullable: true })
  claimedByUserId: string | null;

  @Column({ name: 'claimed_by_name', type: 'varchar', length: 200, nullable: true })
  claimedByName: string | null;

  @Column({ name: 'claimed_at', type: 'timestamptz', nullable: true })
  claimedAt: Date | null;

  @Column({ name: 'decided_by_user_id', type: 'uuid', nullable: true })
  decidedByUserId: string | null;

  @Column({ name: 'decided_by_name', type: 'varchar', length: 200, nullable: true })
  decidedByName: string | null;

  @Column({ name: 'decided_at', type: 'timestamptz', nullable: true })
  decidedAt: Date | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
