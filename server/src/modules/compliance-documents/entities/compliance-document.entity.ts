import type { DocumentKind, ReviewKind } from '@muster/contracts';
import { Column, Entity, Index, UpdateDateColumn } from 'typeorm';
import { OrgOwnedEntity } from '../../../platform/tenancy/org-owned.entity.js';

/** A document of the compliance library; its files are its versions (`compliance_document_versions`). */
@Entity({ name: 'compliance_documents' })
@Index('idx_compliance_documents_org_title', ['orgId', 'title'])
export class ComplianceDocumentRow extends OrgOwnedEntity {
  @Column({ type: 'varchar', length: 200 })
  title: string;

  @Column({ type: 'varchar', length: 24 })
  kind: DocumentKind;

  /** Who answers for it (the uploader of the first version). */
  @Column({ name: 'owner_user_id', type: 'uuid', nullable: true })
  ownerUserId: string | null;

  @Column({ name: 'owner_name', type: 'varchar', length: 200 })
  ownerName: string;

  @Column({ type: 'jsonb' })
  tags: string[];

  /** Compliance rules (built-in ids or `custom:<key>`) the document supports. */
  @Column({ name: 'rule_ids', type: 'jsonb' })
  ruleIds: string[];

  @Column({ name: 'review_kind', type: 'varchar', length: 8, default: 'review' })
  reviewKind: ReviewKind;

  /** The next review or the expiry, a local day (`YYYY-MM-DD`). */
  @Column({ name: 'review_date', type: 'date', nullable: true })
  reviewDate: string | null;

  /** The number of the latest version. */
  @Column({ name: 'current_version', type: 'integer', default: 1 })
  currentVersion: number;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
