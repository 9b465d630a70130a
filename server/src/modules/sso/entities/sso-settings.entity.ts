import { Column, CreateDateColumn, Entity, ForeignKey, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { Organization } from '../../identity/entities/organization.entity.js';

/** An organisation's SSO enforcement and its break-glass admins (who keep password sign-in). */
@Entity({ name: 'sso_settings' })
export class SsoSettingsRow {
  @ForeignKey(() => Organization, { onDelete: 'CASCADE', name: 'sso_settings_org_id_fkey' })
  @PrimaryColumn({ name: 'org_id', type: 'uuid' })
  orgId: string;

  @Column({ type: 'boolean', default: false })
  enforced: boolean;

  @Column({ name: 'break_glass_user_ids', type: 'uuid', array: true, default: () => "'{}'" })
  breakGlassUserIds: string[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
