import { OrgOwnedEntity } from '../../../platform/tenancy/org-owned.entity.js';
import type { ObservationKind } from '@muster/contracts';
import { DRILL_TIME } from './drill-time.js';
import { Column, Entity, Index, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { DrillRunRow } from './drill-run.entity.js';

/** A strength or an area for improvement seen during a run, linked to a step or an inject. */
@Index('idx_drill_run_observations_org', ['orgId'])
@Entity({ name: 'drill_run_observations' })
@Index('uq_drill_run_observations_client', ['runId', 'clientId'], { unique: true })
export class RunObservationRow extends OrgOwnedEntity {
  @Column({ name: 'run_id', type: 'uuid' })
  runId: string;

  @ManyToOne(() => DrillRunRow, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'run_id', foreignKeyConstraintName: 'fk_drill_run_observations_run' })
  run?: Relation<DrillRunRow>;

  /** Client-generated: a retried observation is stored once. */
  @Column({ name: 'client_id', type: 'varchar', length: 64 })
  clientId: string;

  @Column({ type: 'varchar', length: 12 })
  kind: ObservationKind;

  @Column({ type: 'text' })
  note: string;

  @Column({ name: 'step_id', type: 'varchar', length: 40, nullable: true })
  stepId: string | null;

  @Column({ name: 'inject_id', type: 'varchar', length: 40, nullable: true })
  injectId: string | null;

  @Column({ name: 'author_user_id', type: 'uuid', nullable: true })
  authorUserId: string | null;

  @Column({ name: 'author_name', type: 'varchar', length: 200 })
  authorName: string;

  @Column({ ...DRILL_TIME, name: 'elapsed_ms', nullable: true })
  elapsedMs: number | null;
}
