import { Column, Entity, Index, JoinColumn, ManyToOne, UpdateDateColumn, type Relation } from 'typeorm';
import { OrgOwnedEntity } from '../../../platform/tenancy/org-owned.entity.js';
import { EvidenceRecordRow } from './evidence-record.entity.js';

/** A legal hold on a record: while one is active (not released) the record cannot be purged. */
@Entity({ name: 'evidence_holds' })
@Index('idx_evidence_holds_org', ['orgId', 'recordId'])
export class EvidenceHoldRow extends OrgOwnedEntity {
  @Column({ name: 'record_id', type: 'uuid' })
  recordId: string;

  @ManyToOne(() => EvidenceRecordRow, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'record_id', foreignKeyConstraintName: 'evidence_holds_record_id_fkey' })
  record?: Relation<EvidenceRecordRow>;

  @Column({ type: 'varchar', length: 500 })
  reason: string;

  @Column({ name: 'placed_by_user_id', type: 'uuid', nullable: true })
  placedByUserId: string | null;

  @Column({ name: 'placed_by_name', type: 'varchar', length: 200 })
  placedByName: string;

  @Column({ name: 'released_at', type: 'timestamptz', nullable: true })
  releasedAt: Date | null;

  @Column({ name: 'released_by_user_id', type: 'uuid', nullable: true })
  releasedByUserId: string | null;

  @Column({ name: 'released_by_name', type: 'varchar', length: 200, nullable: true })
  releasedByName: string | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
