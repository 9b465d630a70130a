import type { StepStatus } from '@muster/contracts';
import { DRILL_TIME } from './drill-time.js';
import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { DrillRunRow } from './drill-run.entity.js';

/** The live state of one step of a run (its definition is in the run's snapshot). */
@Entity({ name: 'drill_run_steps' })
@Index('uq_drill_run_steps_step', ['runId', 'stepId'], { unique: true })
export class RunStepRow {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Index('idx_drill_run_steps_org')
  @Column({ name: 'org_id', type: 'uuid' })
  orgId: string;

  @Column({ name: 'run_id', type: 'uuid' })
  runId: string;

  @ManyToOne(() => DrillRunRow, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'run_id', foreignKeyConstraintName: 'fk_drill_run_steps_run' })
  run?: Relation<DrillRunRow>;

  @Column({ name: 'step_id', type: 'varchar', length: 40 })
  stepId: string;

  /** Order of the step in the snapshot. */
  @Column({ type: 'integer' })
  position: number;

  @Column({ type: 'varchar', length: 12, default: 'pending' })
  status: StepStatus;

  @Column({ name: 'checked_items', type: 'jsonb', default: [] })
  checkedItems: string[];

  @Column({ ...DRILL_TIME, name: 'started_elapsed_ms', nullable: true })
  startedElapsedMs: number | null;

  @Column({ ...DRILL_TIME, name: 'completed_elapsed_ms', nullable: true })
  completedElapsedMs: number | null;

  @Column({ type: 'integer', default: 1 })
  version: number;

  @Column({ name: 'updated_by_user_id', type: 'uuid', nullable: true })
  updatedByUserId: string | null;

  @Column({ name: 'updated_by_name', type: 'varchar', length: 200, nullable: true })
  updatedByName: string | null;

  @Column({ name: 'updated_at', type: 'timestamptz', nullable: true })
  updatedAt: Date | null;
}
