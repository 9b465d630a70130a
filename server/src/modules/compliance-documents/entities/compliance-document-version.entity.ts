import { Column, Entity, Index } from 'typeorm';
import { OrgOwnedEntity } from '../../../platform/tenancy/org-owned.entity.js';

/** One uploaded file of a compliance document; never changed once written (a change is a new version). */
@Entity({ name: 'compliance_document_versions' })
@Index('idx_compliance_document_versions_org_document', ['orgId', 'documentId'])
@Index('uq_compliance_document_versions_document_version', ['documentId', 'version'], { unique: true })
export class ComplianceDocumentVersionRow extends OrgOwnedEntity {
  @Column({ name: 'document_id', type: 'uuid' })
  documentId: string;

  @Column({ type: 'integer' })
  version: number;

  @Column({ type: 'varchar', length: 200 })
  filename: string;

  @Column({ name: 'content_type', type: 'varchar', length: 100 })
  contentType: string;

  @Column({ type: 'integer' })
  size: number;

  /** Hex SHA-256 of the stored bytes (compliance packets list it). */
  @Column({ type: 'varchar', length: 64 })
  sha256: string;

  @Column({ name: 'storage_key', type: 'varchar', length: 512 })
  storageKey: string;

  /** From when this version applies (a local day), separate from when it was uploaded (`created_at`). */
  @Column({ name: 'effective_date', type: 'date' })
  effectiveDate: string;

  @Column({ type: 'varchar', length: 500, nullable: true })
  note: string | null;

  @Column({ name: 'uploaded_by_user_id', type: 'uuid', nullable: true })
  uploadedByUserId: string | null;

  @Column({ name: 'uploaded_by_name', type: 'varchar', length: 200 })
  uploadedByName: string;
}
