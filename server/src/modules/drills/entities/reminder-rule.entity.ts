import { OrgOwnedEntity } from '../../../platform/tenancy/org-owned.entity.js';
import type { ReminderChannel, ReminderRecipient } from '@muster/contracts';
import { Column, Entity, Index } from 'typeorm';

/** When, how and to whom an organisation is reminded before its scheduled drill runs. */
@Entity({ name: 'drill_reminder_rules' })
@Index('idx_drill_reminder_rules_org', ['orgId'])
export class ReminderRuleRow extends OrgOwnedEntity {
  @Column({ name: 'lead_minutes', type: 'integer' })
  leadMinutes: number;

  @Column({ type: 'jsonb' })
  channels: ReminderChannel[];

  @Column({ type: 'jsonb' })
  recipients: ReminderRecipient[];

  @Column({ type: 'boolean', default: true })
  enabled: boolean;
}
