import type { EvidenceRequestState } from '@muster/contracts';
import { Column, Entity, Index, JoinColumn, ManyToOne, UpdateDateColumn, type Relation } from 'typeorm';
import { OrgOwnedEntity } from '../../../platform/tenancy/org-owned.entity.js';
import { AuditorInvite } from '../../identity/entities/auditor-invite.entity.js';

/** A guest auditor's request for missing evidence: open → submitted → accepted | flagged (flagged may be submitted again). */
@Entity({ name: 'evidence_requests' })
@Index('idx_evidence_requests_org', ['orgId', 'state'])
@Index('idx_evidence_requests_invite', ['inviteId', 'createdAt'])
export class EvidenceRequestRow extends OrgOwnedEntity {
  @Column({ name: 'invite_id', type: 'uuid' })
  inviteId: string;

  @ManyToOne(() => AuditorInvite, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'invite_id', foreignKeyConstraintName: 'evidence_requests_invite_id_fkey' })
  invite?: Relation<AuditorInvite>;

  @Column({ type: 'text' })
  text: string;

  @Column({ name: 'rule_id', type: 'varchar', length: 80, nullable: true })
  ruleId: string | null;

  @Column({ name: 'due_date', type: 'date' })
  dueDate: string;

  @Column({ type: 'varchar', length: 16, default: 'open' })
  state: EvidenceRequestState;

  @Column({ name: 'submitted_at', type: 'timestamptz', nullable: true })
  submittedAt: Date | null;

  @Column({ name: 'submitted_by_user_id', type: 'uuid', nullable: true })
  submittedByUserId: string | null;

  @Column({ name: 'submitted_by_name', type: 'varchar', length: 200, nullable: true })
  submittedByName: string | null;

  @Column({ type: 'text', nullable: true })
  note: string | null;

  /** The records attached by the last submission. */
  @Column({ name: 'evidence_ids', type: 'jsonb', default: [] })
  evidenceIds: string[];

  @Column({ name: 'reviewed_at', type: 'timestamptz', nullable: true })
  reviewedAt: Date | null;

  @Column({ name: 'review_comment', type: 'text', nullable: true })
  reviewComment: string | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
