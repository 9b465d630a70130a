import { OrgOwnedEntity } from '../../../platform/tenancy/org-owned.entity.js';
import type { ActionStatus } from '@muster/contracts';
import { Column, Entity, Index, JoinColumn, ManyToOne, UpdateDateColumn, type Relation } from 'typeorm';
import { DrillRunRow } from './drill-run.entity.js';

/** An improvement the after-action review assigns: owner, due date, status. */
@Index('idx_drill_corrective_actions_org', ['orgId'])
@Entity({ name: 'drill_corrective_actions' })
@Index('idx_drill_corrective_actions_run', ['runId'])
export class CorrectiveActionRow extends OrgOwnedEntity {
  @Column({ name: 'run_id', type: 'uuid' })
  runId: string;

  @ManyToOne(() => DrillRunRow, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'run_id', foreignKeyConstraintName: 'fk_drill_corrective_actions_run' })
  run?: Relation<DrillRunRow>;

  @Column({ type: 'varchar', length: 300 })
  title: string;

  @Column({ name: 'owner_user_id', type: 'uuid', nullable: true })
  ownerUserId: string | null;

  @Column({ name: 'owner_name', type: 'varchar', length: 200 })
  ownerName: string;

  @Column({ name: 'due_date', type: 'date' })
  dueDate: string;

  @Column({ type: 'varchar', length: 12, default: 'open' })
  status: ActionStatus;

  @Column({ name: 'observation_id', type: 'uuid', nullable: true })
  observationId: string | null;

  @Column({ name: 'created_by_user_id', type: 'uuid', nullable: true })
  createdByUserId: string | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
