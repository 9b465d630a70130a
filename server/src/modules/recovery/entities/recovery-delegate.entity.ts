import type { DelegateState } from '@muster/contracts';
import { Check, Column, Entity, Index, UpdateDateColumn } from 'typeorm';
import { OrgOwnedEntity } from '../../../platform/tenancy/org-owned.entity.js';

/** A member named by an administrator to approve other members' account recoveries (at most 5 per organisation). */
@Entity({ name: 'recovery_delegates' })
@Index('recovery_delegates_org_id_user_id_key', ['orgId', 'userId'], { unique: true })
@Check('recovery_delegates_status_check', `"status" IN ('pending', 'accepted')`)
export class RecoveryDelegateRow extends OrgOwnedEntity {
  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ type: 'varchar', length: 16, default: 'pending' })
  status: DelegateState;

  @Column({ name: 'invited_by_user_id', type: 'uuid', nullable: true })
  invitedByUserId: string | null;

  /** SHA-256 of the emailed accept link's token (null once accepted). */
  @Index('recovery_delegates_accept_token_hash_key', { unique: true })
  @Column({ name: 'accept_token_hash', type: 'varchar', length: 64, nullable: true })
  acceptTokenHash: string | null;

  @Column({ name: 'accepted_at', type: 'timestamptz', nullable: true })
  acceptedAt: Date | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
