import type { SopContent, SopVersionStatus } from '@muster/contracts';
import { Check, Column, Entity, Index, JoinColumn, ManyToOne, UpdateDateColumn, type Relation } from 'typeorm';
import { OrgOwnedEntity } from '../../../platform/tenancy/org-owned.entity.js';
import { SopDocument } from './sop-document.entity.js';

/**
 * One version of an SOP under document control: draft → in_review → approved → effective →
 * superseded. Only drafts change; `number` counts from 1 per SOP; at most one version of an SOP is
 * effective (a partial unique index) and at most one is open (draft or in review).
 */
@Entity({ name: 'sop_versions' })
@Index('sop_versions_org_id_sop_id_idx', ['orgId', 'sopId'])
@Index('sop_versions_sop_id_number_key', ['sopId', 'number'], { unique: true })
@Index('sop_versions_one_effective_key', ['sopId'], { unique: true, where: `"status" = 'effective'` })
@Index('sop_versions_one_open_key', ['sopId'], { unique: true, where: `"status" IN ('draft', 'in_review')` })
@Check('sop_versions_status_check', `"status" IN ('draft', 'in_review', 'approved', 'effective', 'superseded')`)
export class SopVersionRow extends OrgOwnedEntity {
  @Column({ name: 'sop_id', type: 'uuid' })
  sopId: string;

  @ManyToOne(() => SopDocument, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'sop_id', foreignKeyConstraintName: 'sop_versions_sop_id_fkey' })
  sop?: Relation<SopDocument>;

  @Column({ type: 'int' })
  number: number;

  @Column({ type: 'varchar', length: 16, default: 'draft' })
  status: SopVersionStatus;

  /** Title, review interval, sections and steps. */
  @Column({ type: 'jsonb' })
  content: SopContent;

  @Column({ name: 'author_id', type: 'uuid' })
  authorId: string;

  @Column({ name: 'author_name', type: 'varchar', length: 200 })
  authorName: string;

  @Column({ name: 'submitted_at', type: 'timestamptz', nullable: true })
  submittedAt: Date | null;

  @Column({ name: 'approved_by_id', type: 'uuid', nullable: true })
  approvedById: string | null;

  @Column({ name: 'approved_by_name', type: 'varchar', length: 200, nullable: true })
  approvedByName: string | null;

  @Column({ name: 'approved_at', type: 'timestamptz', nullable: true })
  approvedAt: Date | null;

  /** The organisation's day it took effect (YYYY-MM-DD). */
  @Column({ name: 'effective_from', type: 'date', nullable: true })
  effectiveFrom: string | null;

  /** The day its review is due: effective_from + the review interval. */
  @Column({ name: 'review_due', type: 'date', nullable: true })
  reviewDue: string | null;

  @Column({ name: 'superseded_at', type: 'timestamptz', nullable: true })
  supersededAt: Date | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
