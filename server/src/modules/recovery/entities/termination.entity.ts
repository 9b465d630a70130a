import type { TerminationState } from '@muster/contracts';
import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * An organisation's termination: platform staff's record of it (not the organisation's data, so it
 * is not org-owned and outlives the purge). At most one termination in force per organisation.
 */
@Entity({ name: 'organization_terminations' })
@Index('organization_terminations_org_id_idx', ['orgId'])
@Index('organization_terminations_in_force_key', ['orgId'], { unique: true, where: `"status" = 'terminated'` })
@Check('organization_terminations_status_check', `"status" IN ('terminated', 'restored', 'purged')`)
export class TerminationRow {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'org_id', type: 'uuid' })
  orgId: string;

  @Column({ type: 'varchar', length: 16, default: 'terminated' })
  status: TerminationState;

  @Column({ type: 'varchar', length: 500, default: '' })
  reason: string;

  @Column({ name: 'terminated_at', type: 'timestamptz' })
  terminatedAt: Date;

  /** When the purge job deletes the organisation's data (terminatedAt + 90 days). */
  @Column({ name: 'purge_after', type: 'timestamptz' })
  purgeAfter: Date;

  @Column({ name: 'terminated_by_user_id', type: 'uuid', nullable: true })
  terminatedByUserId: string | null;

  @Column({ name: 'restored_at', type: 'timestamptz', nullable: true })
  restoredAt: Date | null;

  @Column({ name: 'restored_by_user_id', type: 'uuid', nullable: true })
  restoredByUserId: string | null;

  @Column({ name: 'purged_at', type: 'timestamptz', nullable: true })
  purgedAt: Date | null;

  /** What the purge deleted, by table (and storage objects). */
  @Column({ name: 'purge_report', type: 'jsonb', nullable: true })
  purgeReport: Record<string, number> | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
