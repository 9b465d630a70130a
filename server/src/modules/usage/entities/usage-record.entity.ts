import { OrgOwnedEntity } from '../../../platform/tenancy/org-owned.entity.js';
import type { UsageResourceType } from '@muster/contracts';
import { Column, Entity, Unique, UpdateDateColumn } from 'typeorm';

/** How much of one resource an organisation used in one billing month (UTC `YYYY-MM`). */
@Entity({ name: 'usage_records' })
@Unique('uq_usage_records_org_resource_period', ['orgId', 'resourceType', 'period'])
export class UsageRecord extends OrgOwnedEntity {
  @Column({ name: 'resource_type', type: 'varchar', length: 32 })
  resourceType: UsageResourceType;

  /** Billing month, `YYYY-MM` (UTC). */
  @Column({ type: 'char', length: 7 })
  period: string;

  /** bigint: node-postgres hands it back as a string. */
  @Column({ type: 'bigint', default: 0 })
  amount: string;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
