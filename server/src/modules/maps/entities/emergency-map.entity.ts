import type { MapContent } from '@muster/contracts';
import { Check, Column, Entity, Index, JoinColumn, ManyToOne, UpdateDateColumn, type Relation } from 'typeorm';
import { OrgOwnedEntity } from '../../../platform/tenancy/org-owned.entity.js';
import { Organization } from '../../identity/entities/organization.entity.js';

/** An emergency map: its name and newest version (the versions hold the content). */
@Entity({ name: 'emergency_maps' })
@Index('emergency_maps_org_id_idx', ['orgId', 'updatedAt'])
export class EmergencyMapRow extends OrgOwnedEntity {
  @ManyToOne(() => Organization, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'org_id', foreignKeyConstraintName: 'emergency_maps_org_id_fkey' })
  organization?: Relation<Organization>;

  /** The newest version's name (the list shows it). */
  @Column({ type: 'varchar', length: 120 })
  name: string;

  @Column({ name: 'current_version', type: 'int' })
  currentVersion: number;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

/** One saved version of a map: written once, never changed. */
@Entity({ name: 'emergency_map_versions' })
@Index('emergency_map_versions_org_id_map_id_version_key', ['orgId', 'mapId', 'version'], { unique: true })
@Check('emergency_map_versions_version_check', `"version" >= 1`)
export class EmergencyMapVersionRow extends OrgOwnedEntity {
  @ManyToOne(() => EmergencyMapRow, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'map_id', foreignKeyConstraintName: 'emergency_map_versions_map_id_fkey' })
  map?: Relation<EmergencyMapRow>;

  @Column({ name: 'map_id', type: 'uuid' })
  mapId: string;

  @Column({ type: 'int' })
  version: number;

  @Column({ type: 'jsonb' })
  content: MapContent;

  @Column({ name: 'saved_by_user_id', type: 'uuid', nullable: true })
  savedByUserId: string | null;

  /** The author's name as it was. */
  @Column({ name: 'saved_by_name', type: 'varchar', length: 200 })
  savedByName: string;
}

/** A background image (floor plan or site photo) uploaded for the organisation's maps. */
@Entity({ name: 'emergency_map_images' })
@Index('emergency_map_images_org_id_idx', ['orgId'])
export class EmergencyMapImageRow extends OrgOwnedEntity {
  @ManyToOne(() => Organization, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'org_id', foreignKeyConstraintName: 'emergency_map_images_org_id_fkey' })
  organization?: Relation<Organization>;

  @Column({ name: 'storage_key', type: 'varchar', length: 512 })
  storageKey: string;

  @Column({ name: 'content_type', type: 'varchar', length: 40 })
  contentType: string;

  @Column({ name: 'size_bytes', type: 'int' })
  sizeBytes: number;

  @Column({ type: 'int' })
  width: number;

  @Column({ type: 'int' })
  height: number;

  @Column({ name: 'uploaded_by_user_id', type: 'uuid', nullable: true })
  uploadedByUserId: string | null;
}
