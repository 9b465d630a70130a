import type { Role } from '@muster/contracts';
import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
  type Relation,
} from 'typeorm';
import { Organization } from './organization.entity.js';
import { User } from './user.entity.js';

/** A user's role, in an organisation or (for platform roles) in none. One membership per user. */
@Entity({ name: 'memberships' })
@Check(
  'memberships_role_check',
  `"role" IN ('ROOT_ADMIN', 'DEPUTY_ADMIN', 'SYSOPS', 'ADMIN', 'MANAGER', 'INTERNAL_AUDITOR', 'ACCOUNTANT', 'GUEST_AUDITOR', 'USER')`,
)
@Check('memberships_status_check', `"status" IN ('active', 'deactivated')`)
export class Membership {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Index('memberships_user_id_key', { unique: true })
  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'memberships_user_id_fkey' })
  user?: Relation<User>;

  @Index('memberships_org_id_idx')
  @Column({ name: 'org_id', type: 'uuid', nullable: true })
  orgId: string | null;

  @ManyToOne(() => Organization, { onDelete: 'CASCADE', nullable: true })
  @JoinColumn({ name: 'org_id', foreignKeyConstraintName: 'memberships_org_id_fkey' })
  organization?: Relation<Organization> | null;

  @Column({ type: 'varchar', length: 32 })
  role: Role;

  /** A deactivated member cannot sign in and takes no seat (modules/members). */
  @Column({ type: 'varchar', length: 16, default: 'active' })
  status: 'active' | 'deactivated';

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
