import type { ReminderChannel, ReminderRecipient } from '@muster/contracts';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** When, how and to whom an organisation is reminded before its scheduled drill runs. */
@Entity({ name: 'drill_reminder_rules' })
@Index('idx_drill_reminder_rules_org', ['orgId'])
export class ReminderRuleRow {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'org_id', type: 'uuid' })
  orgId: string;

  @Column({ name: 'lead_minutes', type: 'integer' })
  leadMinutes: number;

  @Column({ type: 'jsonb' })
  channels: ReminderChannel[];

  @Column({ type: 'jsonb' })
  recipients: ReminderRecipient[];

  @Column({ type: 'boolean', default: true })
  enabled: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
