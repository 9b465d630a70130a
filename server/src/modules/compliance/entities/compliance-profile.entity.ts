import type { CrewChange, ProfileScopeKind } from '@muster/contracts';
import { Column, Entity, Index, UpdateDateColumn } from 'typeorm';
import { OrgOwnedEntity } from '../../../platform/tenancy/org-owned.entity.js';

/** Which compliance rules apply to the organisation or one of its facilities. */
@Entity({ name: 'compliance_profiles' })
@Index('idx_compliance_profiles_org', ['orgId', 'name'])
export class ComplianceProfileRow extends OrgOwnedEntity {
  @Column({ type: 'varchar', length: 120 })
  name: string;

  @Column({ name: 'scope_kind', type: 'varchar', length: 16 })
  scopeKind: ProfileScopeKind;

  /** The facility's name (free text: drill runs name their place in words, not by a facility id). */
  @Column({ name: 'facility_name', type: 'varchar', length: 200, nullable: true })
  facilityName: string | null;

  /** Built-in rule ids and the organisation's own (`custom:<key>`), in the order chosen. */
  @Column({ name: 'rule_ids', type: 'jsonb' })
  ruleIds: string[];

  @Column({ name: 'crew_size', type: 'integer', nullable: true })
  crewSize: number | null;

  @Column({ name: 'crew_changes', type: 'jsonb' })
  crewChanges: CrewChange[];

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
