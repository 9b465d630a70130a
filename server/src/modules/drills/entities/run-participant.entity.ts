import { OrgOwnedEntity } from '../../../platform/tenancy/org-owned.entity.js';
import { DRILL_TIME } from './drill-time.js';
import { Column, Entity, Index, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { DrillRunRow } from './drill-run.entity.js';

/** One person on a run's roster: a member of the organisation or a guest by name. */
@Index('idx_drill_run_participants_org', ['orgId'])
@Entity({ name: 'drill_run_participants' })
@Index('idx_drill_run_participants_run', ['runId'])
@Index('uq_drill_run_participants_member', ['runId', 'userId'], { unique: true, where: '"user_id" IS NOT NULL' })
export class RunParticipantRow extends OrgOwnedEntity {
  @Column({ name: 'run_id', type: 'uuid' })
  runId: string;

  @ManyToOne(() => DrillRunRow, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'run_id', foreignKeyConstraintName: 'fk_drill_run_participants_run' })
  run?: Relation<DrillRunRow>;

  @Column({ name: 'user_id', type: 'uuid', nullable: true })
  userId: string | null;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ name: 'position_id', type: 'varchar', length: 40, nullable: true })
  positionId: string | null;

  /** Roster order. */
  @Column({ type: 'integer', default: 0 })
  position: number;

  @Column({ name: 'checked_in_at', type: 'timestamptz', nullable: true })
  checkedInAt: Date | null;

  @Column({ ...DRILL_TIME, name: 'checked_in_elapsed_ms', nullable: true })
  checkedInElapsedMs: number | null;

  @Column({ name: 'checked_in_by', type: 'varchar', length: 8, nullable: true })
  checkedInBy: 'self' | 'lead' | null;

  /** The emergency map muster point where the person checked in (its name as it was), when chosen. */
  @Column({ name: 'checked_in_point', type: 'varchar', length: 80, nullable: true })
  checkedInPoint: string | null;
}
