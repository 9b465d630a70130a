import type { EvidenceKind, EvidenceLinkKind } from '@muster/contracts';
import { Check, Column, Entity, Index } from 'typeorm';
import { OrgOwnedEntity } from '../../../platform/tenancy/org-owned.entity.js';

/**
 * One evidence record: its file's bytes are in storage under `storageKey` (written once: the
 * driver refuses an overwrite) and hashed on ingest. Nothing here changes after the insert: the
 * `evidence_records_retained` trigger refuses every UPDATE, and a DELETE before `retainUntil` or
 * under an active legal hold (migration EvidenceVault). Holds, reviews and custody live beside it.
 */
@Entity({ name: 'evidence_records' })
@Check('evidence_records_retention_check', `"retain_until" >= "created_at" + interval '7 years'`)
@Index('idx_evidence_records_org', ['orgId', 'createdAt'])
@Index('idx_evidence_records_retain', ['retainUntil'])
export class EvidenceRecordRow extends OrgOwnedEntity {
  @Column({ type: 'varchar', length: 24 })
  kind: EvidenceKind;

  @Column({ type: 'varchar', length: 200 })
  title: string;

  @Column({ type: 'text', default: '' })
  description: string;

  /** The profile rules it supports (built-in ids and `custom:<key>`). */
  @Column({ name: 'rule_ids', type: 'jsonb' })
  ruleIds: string[];

  @Column({ name: 'period_from', type: 'date' })
  periodFrom: string;

  @Column({ name: 'period_to', type: 'date' })
  periodTo: string;

  /** A compliance profile's facility name; null for the whole organisation. */
  @Column({ type: 'varchar', length: 200, nullable: true })
  facility: string | null;

  /** The Muster object it is a snapshot of (null for an upload). */
  @Column({ name: 'source_type', type: 'varchar', length: 24, nullable: true })
  sourceType: EvidenceLinkKind | null;

  @Column({ name: 'source_id', type: 'varchar', length: 64, nullable: true })
  sourceId: string | null;

  @Column({ name: 'source_version_id', type: 'varchar', length: 64, nullable: true })
  sourceVersionId: string | null;

  @Column({ name: 'source_label', type: 'varchar', length: 300, nullable: true })
  sourceLabel: string | null;

  @Column({ name: 'file_name', type: 'varchar', length: 255 })
  fileName: string;

  @Column({ name: 'content_type', type: 'varchar', length: 100 })
  contentType: string;

  @Column({ type: 'integer' })
  size: number;

  /** SHA-256 (hex) of the bytes as ingested. */
  @Column({ type: 'char', length: 64 })
  sha256: string;

  @Column({ name: 'storage_key', type: 'varchar', length: 300 })
  storageKey: string;

  @Column({ name: 'added_by_user_id', type: 'uuid', nullable: true })
  addedByUserId: string | null;

  @Column({ name: 'added_by_name', type: 'varchar', length: 200 })
  addedByName: string;

  /** Creation + 7 years (a CHECK keeps it no earlier); a legal hold keeps it longer. */
  @Column({ name: 'retain_until', type: 'timestamptz' })
  retainUntil: Date;
}
