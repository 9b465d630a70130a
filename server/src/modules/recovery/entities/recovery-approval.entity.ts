import type { RecoveryDecision } from '@muster/contracts';
import { Check, Column, Entity, Index, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { OrgOwnedEntity } from '../../../platform/tenancy/org-owned.entity.js';
import { RecoveryRequestRow } from './recovery-request.entity.js';

/** One delegate's say on one recovery request (a row per delegate asked; the decision null until taken). */
@Entity({ name: 'recovery_approvals' })
@Index('recovery_approvals_org_id_idx', ['orgId'])
@Index('recovery_approvals_request_id_delegate_user_id_key', ['requestId', 'delegateUserId'], { unique: true })
@Check('recovery_approvals_decision_check', `"decision" IS NULL OR "decision" IN ('approve', 'decline')`)
export class RecoveryApprovalRow extends OrgOwnedEntity {
  @Column({ name: 'request_id', type: 'uuid' })
  requestId: string;

  @ManyToOne(() => RecoveryRequestRow, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'request_id', foreignKeyConstraintName: 'recovery_approvals_request_id_fkey' })
  request?: Relation<RecoveryRequestRow>;

  @Column({ name: 'delegate_user_id', type: 'uuid' })
  delegateUserId: string;

  @Column({ type: 'varchar', length: 16, nullable: true })
  decision: RecoveryDecision | null;

  @Column({ name: 'decided_at', type: 'timestamptz', nullable: true })
  decidedAt: Date | null;

  /** SHA-256 of the token of the link emailed to this delegate. */
  @Index('recovery_approvals_token_hash_key', { unique: true })
  @Column({ name: 'token_hash', type: 'varchar', length: 64 })
  tokenHash: string;
}
