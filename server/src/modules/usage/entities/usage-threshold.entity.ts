import type { UsageResourceType } from '@muster/contracts';
import { Column, Entity, PrimaryGeneratedColumn, Unique, UpdateDateColumn } from 'typeorm';

/** The alert thresholds (percent of the limit) an ADMIN set for one resource; absent means 90 and 100. */
@Entity({ name: 'usage_thresholds' })
@Unique('uq_usage_thresholds_org_resource', ['orgId', 'resourceType'])
export class UsageThreshold {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'org_id', type: 'uuid' })
  orgId: string;

  @Column({ name: 'resource_type', type: 'varchar', length: 32 })
  resourceType: UsageResourceType;

  @Column({ type: 'int', array: true })
  thresholds: number[];

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
