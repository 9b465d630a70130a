import type { ScimMappableRole } from '@muster/contracts';
import { Column, Entity, ForeignKey, Index, JoinColumn, ManyToOne, UpdateDateColumn, type Relation } from 'typeorm';
import { Organization } from '../../identity/entities/organization.entity.js';
import { User } from '../../identity/entities/user.entity.js';
import { OrgOwnedEntity } from '../../../platform/tenancy/org-owned.entity.js';

/** A bearer token an identity provider uses; only its SHA-256 is kept. */
@Entity({ name: 'scim_tokens' })
@Index('scim_tokens_org_id_idx', ['orgId', 'createdAt'])
export class ScimTokenRow extends OrgOwnedEntity {
  @ManyToOne(() => Organization, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'org_id', foreignKeyConstraintName: 'scim_tokens_org_id_fkey' })
  organization?: Relation<Organization>;

  @Column({ type: 'varchar', length: 80 })
  name: string;

  /** Hex SHA-256 of the whole token. */
  @Index('scim_tokens_token_hash_key', { unique: true })
  @Column({ name: 'token_hash', type: 'varchar', length: 64 })
  tokenHash: string;

  /** The first characters, shown to tell tokens apart. */
  @Column({ type: 'varchar', length: 16 })
  prefix: string;

  @Column({ name: 'created_by_user_id', type: 'uuid', nullable: true })
  createdByUserId: string | null;

  @Column({ name: 'created_by_name', type: 'varchar', length: 200, nullable: true })
  createdByName: string | null;

  @Column({ name: 'last_used_at', type: 'timestamptz', nullable: true })
  lastUsedAt: Date | null;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt: Date | null;
}

/** A provisioned user: the SCIM resource of a Muster user who is a member of the organisation. */
@Entity({ name: 'scim_users' })
@Index('scim_users_org_username_key', ['orgId', 'userNameLower'], { unique: true })
@Index('scim_users_org_user_key', ['orgId', 'userId'], { unique: true })
export class ScimUserRow extends OrgOwnedEntity {
  @ManyToOne(() => Organization, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'org_id', foreignKeyConstraintName: 'scim_users_org_id_fkey' })
  organization?: Relation<Organization>;

  @ForeignKey(() => User, { onDelete: 'CASCADE', name: 'scim_users_user_id_fkey' })
  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  /** As the identity provider sent it. */
  @Column({ name: 'user_name', type: 'varchar', length: 254 })
  userName: string;

  /** Lower-cased: userName is unique per organisation without regard to case. */
  @Column({ name: 'user_name_lower', type: 'varchar', length: 254 })
  userNameLower: string;

  @Column({ name: 'external_id', type: 'varchar', length: 254, nullable: true })
  externalId: string | null;

  @Column({ type: 'boolean', default: true })
  active: boolean;

  /** The resource's other attributes (name, displayName, emails, phoneNumbers, title, the enterprise extension). */
  @Column({ type: 'jsonb', default: () => "'{}'" })
  attributes: Record<string, unknown>;

  /** meta.version / ETag: one more at every change. */
  @Column({ type: 'integer', default: 1 })
  version: number;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

/** A provisioned group; it may grant a Muster role to its members. */
@Entity({ name: 'scim_groups' })
@Index('scim_groups_org_name_key', ['orgId', 'displayNameLower'], { unique: true })
export class ScimGroupRow extends OrgOwnedEntity {
  @ManyToOne(() => Organization, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'org_id', foreignKeyConstraintName: 'scim_groups_org_id_fkey' })
  organization?: Relation<Organization>;

  @Column({ name: 'display_name', type: 'varchar', length: 254 })
  displayName: string;

  @Column({ name: 'display_name_lower', type: 'varchar', length: 254 })
  displayNameLower: string;

  @Column({ name: 'external_id', type: 'varchar', length: 254, nullable: true })
  externalId: string | null;

  @Column({ type: 'varchar', length: 32, nullable: true })
  role: ScimMappableRole | null;

  @Column({ type: 'integer', default: 1 })
  version: number;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

/** A user's membership of a group. */
@Entity({ name: 'scim_group_members' })
@Index('scim_group_members_key', ['orgId', 'groupId', 'scimUserId'], { unique: true })
@Index('scim_group_members_user_idx', ['orgId', 'scimUserId'])
export class ScimGroupMemberRow extends OrgOwnedEntity {
  @ManyToOne(() => Organization, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'org_id', foreignKeyConstraintName: 'scim_group_members_org_id_fkey' })
  organization?: Relation<Organization>;

  @ForeignKey(() => ScimGroupRow, { onDelete: 'CASCADE', name: 'scim_group_members_group_id_fkey' })
  @Column({ name: 'group_id', type: 'uuid' })
  groupId: string;

  @ForeignKey(() => ScimUserRow, { onDelete: 'CASCADE', name: 'scim_group_members_scim_user_id_fkey' })
  @Column({ name: 'scim_user_id', type: 'uuid' })
  scimUserId: string;
}

/** One request of the log on the admin page (the last 100 per organisation are kept). */
@Entity({ name: 'scim_requests' })
@Index('scim_requests_org_at_idx', ['orgId', 'at'])
export class ScimRequestRow extends OrgOwnedEntity {
  @ManyToOne(() => Organization, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'org_id', foreignKeyConstraintName: 'scim_requests_org_id_fkey' })
  organization?: Relation<Organization>;

  @ForeignKey(() => ScimTokenRow, { onDelete: 'SET NULL', name: 'scim_requests_token_id_fkey' })
  @Column({ name: 'token_id', type: 'uuid', nullable: true })
  tokenId: string | null;

  @Column({ name: 'token_name', type: 'varchar', length: 80, nullable: true })
  tokenName: string | null;

  @Column({ type: 'varchar', length: 8 })
  method: string;

  @Column({ type: 'varchar', length: 500 })
  path: string;

  @Column({ type: 'smallint' })
  status: number;

  @Column({ type: 'varchar', length: 8 })
  outcome: 'success' | 'failure';

  @Column({ name: 'duration_ms', type: 'integer' })
  durationMs: number;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  at: Date;
}
