import { Column, Entity, Index, UpdateDateColumn } from 'typeorm';
import { OrgOwnedEntity } from '../../../platform/tenancy/org-owned.entity.js';

/** An organisation's recovery policy: approvals a recovery needs and the cooling-off period. Absent = the defaults. */
@Entity({ name: 'recovery_policies' })
@Index('recovery_policies_org_id_key', ['orgId'], { unique: true })
export class RecoveryPolicyRow extends OrgOwnedEntity {
  @Column({ name: 'approvals_required', type: 'integer' })
  approvalsRequired: number;

  @Column({ name: 'cooling_off_hours', type: 'integer' })
  coolingOffHours: number;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
