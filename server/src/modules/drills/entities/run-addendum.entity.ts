import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { DrillRunRow } from './drill-run.entity.js';

/** A dated note added to a finished run, the only change an approved run takes. */
@Entity({ name: 'drill_run_addenda' })
@Index('idx_drill_run_addenda_run', ['runId'])
export class RunAddendumRow {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Index('idx_drill_run_addenda_org')
  @Column({ name: 'org_id', type: 'uuid' })
  orgId: string;

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

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
