import { Column, Entity, Index, JoinColumn, ManyToOne, UpdateDateColumn } from 'typeorm';
import { OrgOwnedEntity } from '../../../platform/tenancy/org-owned.entity.js';
import { User } from '../../identity/entities/user.entity.js';

/** A member's support PIN: only its argon2id hash, never selected unless asked for. */
@Entity({ name: 'security_pins' })
@Index('security_pins_org_id_idx', ['orgId'])
export class SecurityPinRow extends OrgOwnedEntity {
  @Index('security_pins_user_id_key', { unique: true })
  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'security_pins_user_id_fkey' })
  user?: User;

  @Column({ name: 'pin_hash', type: 'varchar', length: 255, select: false })
  pinHash: string;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
