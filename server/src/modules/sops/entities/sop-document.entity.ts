import type { DrillScenario, SopTemplateId } from '@muster/contracts';
import { Column, Entity, Index, JoinColumn, ManyToOne, UpdateDateColumn, type Relation } from 'typeorm';
import { OrgOwnedEntity } from '../../../platform/tenancy/org-owned.entity.js';
import { Organization } from '../../identity/entities/organization.entity.js';

/**
 * A standard operating procedure: what stays the same across its versions (its scenario, the
 * template it came from). Its title and content live in each version (`sop_versions`); `title`
 * here is the latest version's, for lists.
 */
@Entity({ name: 'sop_documents' })
@Index('sop_documents_org_id_idx', ['orgId', 'updatedAt'])
export class SopDocument extends OrgOwnedEntity {
  @ManyToOne(() => Organization, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'org_id', foreignKeyConstraintName: 'sop_documents_org_id_fkey' })
  organization?: Relation<Organization>;

  @Column({ type: 'varchar', length: 120 })
  title: string;

  @Column({ type: 'varchar', length: 40 })
  scenario: DrillScenario;

  /** The built-in template it was created from, or null (blank). */
  @Column({ name: 'template_id', type: 'varchar', length: 40, nullable: true })
  templateId: SopTemplateId | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
