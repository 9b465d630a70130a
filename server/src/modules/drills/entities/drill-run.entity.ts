import { OrgOwnedEntity } from '../../../platform/tenancy/org-owned.entity.js';
import type { DrillRunStatus, DrillScenario, DrillType, TemplateContent } from '@muster/contracts';
import { DRILL_TIME } from './drill-time.js';
import { Column, Entity, Index, UpdateDateColumn } from 'typeorm';

/**
 * A scheduled, running or finished drill: a snapshot of its template, the plan (time, place,
 * lead), the drill clock and the counters that order its decision log.
 */
@Entity({ name: 'drill_runs' })
@Index('idx_drill_runs_org_scheduled', ['orgId', 'scheduledAt'])
@Index('idx_drill_runs_org_status', ['orgId', 'status'])
export class DrillRunRow extends OrgOwnedEntity {
  /** The template it was scheduled from (an organisation's or the library's); the snapshot is what counts. */
  @Column({ name: 'template_id', type: 'uuid', nullable: true })
  templateId: string | null;

  @Column({ type: 'varchar', length: 120 })
  title: string;

  @Column({ type: 'varchar', length: 20 })
  type: DrillType;

  @Column({ type: 'varchar', length: 32 })
  scenario: DrillScenario;

  @Column({ type: 'jsonb' })
  snapshot: TemplateContent;

  @Column({ type: 'varchar', length: 12, default: 'scheduled' })
  status: DrillRunStatus;

  @Column({ name: 'scheduled_at', type: 'timestamptz' })
  scheduledAt: Date;

  @Column({ type: 'varchar', length: 200 })
  location: string;

  @Column({ name: 'lead_user_id', type: 'uuid' })
  leadUserId: string;

  @Column({ name: 'lead_name', type: 'varchar', length: 200 })
  leadName: string;

  @Column({ name: 'observers_may_write', type: 'boolean', default: false })
  observersMayWrite: boolean;

  @Column({ name: 'auto_injects', type: 'boolean', default: true })
  autoInjects: boolean;

  @Column({ name: 'muster_target_minutes', type: 'integer', nullable: true })
  musterTargetMinutes: number | null;

  @Column({ ...DRILL_TIME, name: 'muster_elapsed_ms', nullable: true })
  musterElapsedMs: number | null;

  @Column({ name: 'started_at', type: 'timestamptz', nullable: true })
  startedAt: Date | null;

  @Column({ name: 'paused_at', type: 'timestamptz', nullable: true })
  pausedAt: Date | null;

  /** Time spent paused, in all. */
  @Column({ ...DRILL_TIME, name: 'paused_ms', default: 0 })
  pausedMs: number;

  /** Raised at every start and resume: timed injects queued in an earlier segment are stale. */
  @Column({ type: 'integer', default: 0 })
  segment: number;

  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt: Date | null;

  @Column({ name: 'cancelled_at', type: 'timestamptz', nullable: true })
  cancelledAt: Date | null;

  @Column({ name: 'approved_at', type: 'timestamptz', nullable: true })
  approvedAt: Date | null;

  @Column({ name: 'approved_by_user_id', type: 'uuid', nullable: true })
  approvedByUserId: string | null;

  @Column({ name: 'approved_by_name', type: 'varchar', length: 200, nullable: true })
  approvedByName: string | null;

  /** Raised by every change of the plan or state. */
  @Column({ type: 'integer', default: 1 })
  version: number;

  /** The last decision-log sequence number written. */
  @Column({ name: 'log_seq', type: 'integer', default: 0 })
  logSeq: number;

  @Column({ name: 'created_by_user_id', type: 'uuid', nullable: true })
  createdByUserId: string | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
