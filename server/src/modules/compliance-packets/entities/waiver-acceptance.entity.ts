import { Column, Entity, Index } from 'typeorm';
import { OrgOwnedEntity } from '../../../platform/tenancy/org-owned.entity.js';

/** A member's acceptance of a waiver version: once per member and version (unique). */
@Entity({ name: 'compliance_waiver_acceptances' })
@Index('uq_compliance_waiver_acceptances', ['orgId', 'userId', 'waiverVersion'], { unique: true })
export class WaiverAcceptanceRow extends OrgOwnedEntity {
  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ name: 'waiver_version', type: 'varchar', length: 40 })
  waiverVersion: string;

  @Column({ name: 'user_name', type: 'varchar', length: 200 })
  userName: string;
}
