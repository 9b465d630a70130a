import { OrgOwnedEntity } from '../../../platform/tenancy/org-owned.entity.js';
import type { UsageResourceType } from '@muster/contracts';
import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, Unique } from 'typeorm';

/** A threshold an organisation crossed for a resource in a billing month: made once, whoever crossed it. */
@Entity({ name: 'usage_alerts' })
@Unique('uq_usage_alerts_once', ['orgId', 'resourceType', 'period', 'threshold'])
export class UsageAlertRow extends OrgOwnedEntity {
  @Column({ name: 'resource_type', type: 'varchar', length: 32 })
  resourceType: UsageResourceType;

  @Column({ type: 'char', length: 7 })
  period: string;

  @Column({ type: 'int' })
  threshold: number;

  /** What had been used, and of which limit, when it was crossed. */
  @Column({ type: 'bigint' })
  used: string;

  @Column({ name: 'usage_limit', type: 'bigint' })
  usageLimit: string;
}

/** One member's dismissal of a usage alert: the others still see it. */
@Entity({ name: 'usage_alert_dismissals' })
@Index('idx_usage_alert_dismissals_user', ['userId'])
export class UsageAlertDismissal {
  @PrimaryColumn({ name: 'alert_id', type: 'uuid' })
  alertId: string;

  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ name: 'org_id', type: 'uuid' })
  orgId: string;

  @CreateDateColumn({ name: 'dismissed_at', type: 'timestamptz' })
  dismissedAt: Date;
}
