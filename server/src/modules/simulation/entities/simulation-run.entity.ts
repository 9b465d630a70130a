import type { SimulationSpeed, SimulationStatus, TemplateContent } from '@muster/contracts';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * One simulated run of the sandbox: a template played by virtual participants. Its own table, not
 * a drill run: nothing that counts drill runs (cadences, usage, packets, analytics, run lists,
 * evidence) reads it. The sandbox belongs to the platform's operators, so the row has no
 * organisation. The clock is stored, never kept in memory: `elapsed_ms` simulated ms at
 * `anchor_at` (while playing at `speed`), `reached_ms` how far the server has applied the plan,
 * `segment` raised by every control so that ticks queued before it are stale.
 */
@Entity({ name: 'simulation_runs' })
@Index('simulation_runs_status_idx', ['status'])
export class SimulationRunRow {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** The library template it plays. */
  @Column({ name: 'template_id', type: 'varchar', length: 64 })
  templateId: string;

  /** The template as it was when the run was made (a snapshot, like a drill run's). */
  @Column({ type: 'jsonb' })
  template: TemplateContent;

  @Column({ type: 'int' })
  participants: number;

  @Column({ type: 'int', default: 1 })
  speed: SimulationSpeed;

  @Column({ type: 'varchar', length: 16, default: 'ready' })
  status: SimulationStatus;

  @Column({
    name: 'elapsed_ms',
    type: 'bigint',
    default: 0,
    transformer: { to: (v: number) => v, from: (v: string | number) => Number(v) },
  })
  elapsedMs: number;

  @Column({ name: 'anchor_at', type: 'timestamptz', nullable: true })
  anchorAt: Date | null;

  @Column({
    name: 'reached_ms',
    type: 'bigint',
    default: 0,
    transformer: { to: (v: number) => v, from: (v: string | number) => Number(v) },
  })
  reachedMs: number;

  @Column({ name: 'duration_ms', type: 'bigint', transformer: { to: (v: number) => v, from: (v: string | number) => Number(v) } })
  durationMs: number;

  @Column({ type: 'int', default: 0 })
  segment: number;

  @Column({ name: 'started_by_user_id', type: 'uuid', nullable: true })
  startedByUserId: string | null;

  @Column({ name: 'started_by_name', type: 'varchar', length: 200 })
  startedByName: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
