import type { SamlMetadataSource, SamlRole } from '@muster/contracts';
import { Column, CreateDateColumn, Entity, ForeignKey, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { Organization } from '../../identity/entities/organization.entity.js';
import type { SamlIdpCertificate } from '../saml-cert.js';

export type { SamlIdpCertificate } from '../saml-cert.js';

export interface SamlGroupMapping {
  group: string;
  role: SamlRole;
}

/** One of an organisation's SAML identity providers. */
@Entity({ name: 'saml_providers' })
export class SamlProviderRow {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Index('saml_providers_org_id_idx')
  @ForeignKey(() => Organization, { onDelete: 'CASCADE', name: 'saml_providers_org_id_fkey' })
  @Column({ name: 'org_id', type: 'uuid' })
  orgId: string;

  @Column({ type: 'varchar', length: 80 })
  name: string;

  @Column({ name: 'idp_entity_id', type: 'varchar', length: 1000 })
  idpEntityId: string;

  @Column({ name: 'sso_url', type: 'varchar', length: 2000 })
  ssoUrl: string;

  @Column({ name: 'slo_url', type: 'varchar', length: 2000, nullable: true })
  sloUrl: string | null;

  @Column({ type: 'jsonb' })
  certificates: SamlIdpCertificate[];

  @Column({ name: 'metadata_source', type: 'varchar', length: 8 })
  metadataSource: SamlMetadataSource;

  @Column({ name: 'metadata_url', type: 'varchar', length: 2000, nullable: true })
  metadataUrl: string | null;

  @Column({ name: 'metadata_refreshed_at', type: 'timestamptz', nullable: true })
  metadataRefreshedAt: Date | null;

  /** The last refresh's failure (null: it worked). */
  @Column({ name: 'metadata_refresh_error', type: 'varchar', length: 500, nullable: true })
  metadataRefreshError: string | null;

  /** Lower-case; a domain belongs to at most one enabled provider platform-wide (checked by the service). */
  @Column({ name: 'email_domains', type: 'varchar', array: true, default: () => "'{}'" })
  emailDomains: string[];

  @Column({ name: 'default_role', type: 'varchar', length: 24, default: 'USER' })
  defaultRole: SamlRole;

  @Column({ name: 'group_attribute', type: 'varchar', length: 256, default: 'groups' })
  groupAttribute: string;

  @Column({ name: 'group_mappings', type: 'jsonb', default: () => "'[]'" })
  groupMappings: SamlGroupMapping[];

  @Column({ name: 'allow_idp_initiated', type: 'boolean', default: false })
  allowIdpInitiated: boolean;

  @Column({ type: 'boolean', default: true })
  enabled: boolean;

  @Column({ name: 'last_sign_in_at', type: 'timestamptz', nullable: true })
  lastSignInAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
