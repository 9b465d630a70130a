import { DRILL_TIME } from './drill-time.js';
import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { DrillRunRow } from './drill-run.entity.js';

/** An inject of a run that has been published (once: unique per run and inject). */
@Entity({ name: 'drill_run_injects' })
@Index('uq_drill_run_injects_inject', ['runId', 'injectId'], { unique: true })
export class RunInjectRow {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Index('idx_drill_run_injects_org')
  @Column({ name: 'org_id', type: 'uuid' })
  orgId: string;

  @Column({ name: 'run_id', type: 'uuid' })
  runId: string;

  @ManyToOne(() => DrillRunRow, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'run_id', foreignKeyConstraintName: 'fk_drill_run_injects_run' })
  run?: Relation<DrillRunRow>;

  @Column({ name: 'inject_id', type: 'varchar', length: 40 })
  injectId: string;

  @Column({ name: 'published_at', type: 'timestamptz' })
  publishedAt: Date;

  @Column({ ...DRILL_TIME, name: 'published_elapsed_ms' })
  publishedElapsedMs: number;

  /** Null when the drill clock published it. */
  @Column({ name: 'published_by_user_id', type: 'uuid', nullable: true })
  publishedByUserId: string | null;

  @Column({ name: 'published_by_name', type: 'varchar', length: 200, nullable: true })
  publishedByName: string | null;

  @Column({ type: 'boolean', default: false })
  auto: boolean;
}
