import type { RestrictionKind, RestrictionSubject } from '@muster/contracts';
import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Organization } from '../../identity/entities/organization.entity.js';
import { User } from '../../identity/entities/user.entity.js';

/**
 * A suspension or freeze of one user or of a whole organisation, set by support. Platform-owned
 * (support's record about an account, including platform accounts that have no organisation), so it
 * is not an org-owned row; `org_id` names the organisation it concerns (the user's, or the one
 * restricted) for lists and for the members' check. In force while `lifted_at` is null and
 * `ends_at` (if any) is in the future; a delayed job lifts it at `ends_at`.
 */
@Entity({ name: 'account_restrictions' })
@Check('account_restrictions_kind_check', `"kind" IN ('suspension', 'freeze', 'password_reset')`)
@Check('account_restrictions_subject_check', `"subject_type" IN ('user', 'organization')`)
@Check(
  'account_restrictions_subject_id_check',
  `("subject_type" = 'user' AND "user_id" IS NOT NULL) OR ("subject_type" = 'organization' AND "user_id" IS NULL AND "org_id" IS NOT NULL)`,
)
@Index('account_restrictions_user_idx', ['userId', 'kind'], { where: '"lifted_at" IS NULL' })
@Index('account_restrictions_org_idx', ['orgId', 'kind'], { where: '"lifted_at" IS NULL' })
@Index('account_restrictions_kind_created_idx', ['kind', 'createdAt'])
export class AccountRestriction {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** suspension, freeze, or password_reset (support forced a new password; lifted by the reset). */
  @Column({ type: 'varchar', length: 16 })
  kind: RestrictionKind | 'password_reset';

  @Column({ name: 'subject_type', type: 'varchar', length: 16 })
  subjectType: RestrictionSubject;

  /** The user restricted (subject `user`). */
  @Column({ name: 'user_id', type: 'uuid', nullable: true })
  userId: string | null;

  @ManyToOne(() => User, { onDelete: 'CASCADE', nullable: true })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'account_restrictions_user_id_fkey' })
  user?: Relation<User> | null;

  /** The organisation restricted (subject `organization`), or the restricted user's (null for platform accounts). */
  @Column({ name: 'org_id', type: 'uuid', nullable: true })
  orgId: string | null;

  @ManyToOne(() => Organization, { onDelete: 'CASCADE', nullable: true })
  @JoinColumn({ name: 'org_id', foreignKeyConstraintName: 'account_restrictions_org_id_fkey' })
  organization?: Relation<Organization> | null;

  @Column({ type: 'varchar', length: 500 })
  reason: string;

  @Column({ type: 'varchar', length: 1000, default: '' })
  message: string;

  @Column({ name: 'ends_at', type: 'timestamptz', nullable: true })
  endsAt: Date | null;

  @Column({ name: 'created_by', type: 'uuid', nullable: true })
  createdBy: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'lifted_at', type: 'timestamptz', nullable: true })
  liftedAt: Date | null;

  /** Null on a lifted row: lifted by its end date (or, for a forced reset, by the new password). */
  @Column({ name: 'lifted_by', type: 'uuid', nullable: true })
  liftedBy: string | null;
}
