import type { LanguageCode, MemberRole } from '@muster/contracts';
import { Check, Column, Entity, Index, JoinColumn, ManyToOne, UpdateDateColumn, type Relation } from 'typeorm';
import { OrgOwnedEntity } from '../../../platform/tenancy/org-owned.entity.js';
import { Organization } from '../../identity/entities/organization.entity.js';

/**
 * An invitation to join an organisation with a role. The link's single-use token is never stored:
 * only its SHA-256 (`token_hash`). Pending while neither accepted nor revoked and not expired; a
 * pending invitation takes a seat.
 */
@Entity({ name: 'member_invites' })
@Index('member_invites_org_id_email_idx', ['orgId', 'email'])
@Check('member_invites_email_lower_check', `"email" = lower("email")`)
@Check('member_invites_role_check', `"role" IN ('ADMIN', 'MANAGER', 'INTERNAL_AUDITOR', 'ACCOUNTANT', 'USER')`)
@Check('member_invites_language_check', `"language" IS NULL OR "language" IN ('en', 'es', 'zh', 'ar')`)
export class MemberInvite extends OrgOwnedEntity {
  @ManyToOne(() => Organization, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'org_id', foreignKeyConstraintName: 'member_invites_org_id_fkey' })
  organization?: Relation<Organization>;

  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Column({ type: 'varchar', length: 32 })
  role: MemberRole;

  /** The invitee's language when the inviter gave it (the email is written in it). */
  @Column({ type: 'varchar', length: 5, nullable: true })
  language: LanguageCode | null;

  /** SHA-256 (hex) of the link's token. */
  @Index('member_invites_token_hash_key', { unique: true })
  @Column({ name: 'token_hash', type: 'varchar', length: 64 })
  tokenHash: string;

  @Column({ name: 'invited_by_user_id', type: 'uuid', nullable: true })
  invitedByUserId: string | null;

  /** The inviter's name as it was (the invitation screen shows it). */
  @Column({ name: 'invited_by_name', type: 'varchar', length: 200, nullable: true })
  invitedByName: string | null;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'accepted_at', type: 'timestamptz', nullable: true })
  acceptedAt: Date | null;

  @Column({ name: 'accepted_user_id', type: 'uuid', nullable: true })
  acceptedUserId: string | null;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt: Date | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
