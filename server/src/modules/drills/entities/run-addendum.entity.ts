import { OrgOwnedEntity } from '../../../platform/tenancy/org-owned.entity.js';
import { Column, Entity, Index, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { DrillRunRow } from './drill-run.entity.js';

/** A dated note added to a finished run, the only change an approved run takes. */
@Index('idx_drill_run_addenda_org', ['orgId'])
@Entity({ name: 'drill_run_addenda' })
@Index('idx_drill_run_addenda_run', ['runId'])
export class RunAddendumRow extends OrgOwnedEntity {
  @Column({ name: 'run_id', type: 'uuid' })
  runId: string;

  @ManyToOne(() => DrillRunRow, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'run_id', foreignKeyConstraintName: 'fk_drill_run_addenda_run' })
  run?: Relation<DrillRunRow>;

  @Column({ type: 'text' })
  body: string;

  @Column({ name: 'author_user_id', type: 'uuid', nullable: true })
  authorUserId: string | null;

  @Column({ name: 'author_name', type: 'varchar', length: 200 })
  authorName: string;
}
