import type { ReviewVerdict } from '@muster/contracts';
import { Column, Entity, Index, JoinColumn, ManyToOne, UpdateDateColumn, type Relation } from 'typeorm';
import { OrgOwnedEntity } from '../../../platform/tenancy/org-owned.entity.js';
import { AuditorInvite } from '../../identity/entities/auditor-invite.entity.js';
import { EvidenceRecordRow } from './evidence-record.entity.js';

/** A guest auditor's verdict on one record (one per invite and record; the latest counts, each change is a custody event). */
@Entity({ name: 'evidence_reviews' })
@Index('idx_evidence_reviews_org', ['orgId', 'inviteId'])
@Index('uq_evidence_reviews_invite_record', ['inviteId', 'recordId'], { unique: true })
export class EvidenceReviewRow extends OrgOwnedEntity {
  @Column({ name: 'invite_id', type: 'uuid' })
  inviteId: string;

  @ManyToOne(() => AuditorInvite, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'invite_id', foreignKeyConstraintName: 'evidence_reviews_invite_id_fkey' })
  invite?: Relation<AuditorInvite>;

  @Column({ name: 'record_id', type: 'uuid' })
  recordId: string;

  @ManyToOne(() => EvidenceRecordRow, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'record_id', foreignKeyConstraintName: 'evidence_reviews_record_id_fkey' })
  record?: Relation<EvidenceRecordRow>;

  @Column({ type: 'varchar', length: 16 })
  state: ReviewVerdict;

  @Column({ type: 'text', nullable: true })
  comment: string | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
