import { OrgOwnedEntity } from '../../../platform/tenancy/org-owned.entity.js';
import type { DrillLogType } from '@muster/contracts';
import { DRILL_TIME } from './drill-time.js';
import { Column, Entity, Index, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { DrillRunRow } from './drill-run.entity.js';

/** One entry of a run's decision log, numbered by the run's counter: append-only, attributed, time-stamped. */
@Index('idx_drill_run_log_org', ['orgId'])
@Entity({ name: 'drill_run_log' })
@Index('uq_drill_run_log_seq', ['runId', 'seq'], { unique: true })
export class RunLogRow extends OrgOwnedEntity {
  @Column({ name: 'run_id', type: 'uuid' })
  runId: string;

  @ManyToOne(() => DrillRunRow, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'run_id', foreignKeyConstraintName: 'fk_drill_run_log_run' })
  run?: Relation<DrillRunRow>;

  @Column({ type: 'integer' })
  seq: number;

  @Column({ type: 'varchar', length: 24 })
  type: DrillLogType;

  /** Null for the drill clock and other system actions. */
  @Column({ name: 'actor_user_id', type: 'uuid', nullable: true })
  actorUserId: string | null;

  @Column({ name: 'actor_name', type: 'varchar', length: 200, nullable: true })
  actorName: string | null;

  @Column({ ...DRILL_TIME, name: 'elapsed_ms', nullable: true })
  elapsedMs: number | null;

  @Column({ type: 'jsonb', default: {} })
  data: Record<string, string | number | boolean | null>;
}
