import { Column, Entity, Index, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { OrgOwnedEntity } from '../../../platform/tenancy/org-owned.entity.js';
import { SopVersionRow } from './sop-version.entity.js';

/** A member's acknowledgement of one effective SOP version: once per member and version. */
@Entity({ name: 'sop_acknowledgements' })
@Index('sop_acknowledgements_org_id_sop_id_idx', ['orgId', 'sopId'])
@Index('sop_acknowledgements_version_id_user_id_key', ['versionId', 'userId'], { unique: true })
export class SopAcknowledgement extends OrgOwnedEntity {
  @Column({ name: 'sop_id', type: 'uuid' })
  sopId: string;

  @Column({ name: 'version_id', type: 'uuid' })
  versionId: string;

  @ManyToOne(() => SopVersionRow, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'version_id', foreignKeyConstraintName: 'sop_acknowledgements_version_id_fkey' })
  version?: Relation<SopVersionRow>;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ name: 'user_name', type: 'varchar', length: 200 })
  userName: string;
}
