import { OrgOwnedEntity } from '../../../platform/tenancy/org-owned.entity.js';
import { Column, Entity, Index, JoinColumn, ManyToOne, UpdateDateColumn, type Relation } from 'typeorm';
import { Organization } from './organization.entity.js';

/** An external auditor's time-limited, read-only access to one organisation. */
@Index('auditor_invites_org_id_idx', ['orgId'])
@Entity({ name: 'auditor_invites' })
@Index('auditor_invites_email_idx', ['email'])
export class AuditorInvite extends OrgOwnedEntity {
  @ManyToOne(() => Organization, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'org_id', foreignKeyConstraintName: 'auditor_invites_org_id_fkey' })
  organization?: Relation<Organization>;

  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Column({ name: 'auditor_name', type: 'varchar', length: 120 })
  auditorName: string;

  @Column({ type: 'varchar', length: 120, nullable: true })
  firm: string | null;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  /** What the auditor may see; the compliance module fills it. */
  @Column({ type: 'jsonb', default: {} })
  scope: Record<string, unknown>;

  @Column({ name: 'created_by_user_id', type: 'uuid', nullable: true })
  createdByUserId: string | null;

  @Column({ name: 'last_used_at', type: 'timestamptz', nullable: true })
  lastUsedAt: Date | null;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt: Date | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
