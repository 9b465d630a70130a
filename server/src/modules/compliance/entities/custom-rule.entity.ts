import type { CadenceUnit, DrillScenario, DrillType } from '@muster/contracts';
import { Column, Entity, Index } from 'typeorm';
import { OrgOwnedEntity } from '../../../platform/tenancy/org-owned.entity.js';

/** A compliance rule of the organisation's own: the same shape as the built-in ones (`custom:<key>`). */
@Entity({ name: 'compliance_custom_rules' })
@Index('uq_compliance_custom_rules_org_key', ['orgId', 'key'], { unique: true })
export class CustomRuleRow extends OrgOwnedEntity {
  @Column({ type: 'varchar', length: 40 })
  key: string;

  @Column({ type: 'varchar', length: 160 })
  title: string;

  @Column({ type: 'varchar', length: 160 })
  source: string;

  @Column({ type: 'jsonb' })
  scenarios: DrillScenario[];

  @Column({ type: 'jsonb' })
  types: DrillType[];

  @Column({ name: 'each_scenario', type: 'boolean', default: false })
  eachScenario: boolean;

  @Column({ type: 'integer' })
  every: number;

  @Column({ type: 'varchar', length: 8 })
  unit: CadenceUnit;

  @Column({ name: 'calendar_year', type: 'boolean', default: false })
  calendarYear: boolean;

  @Column({ name: 'due_soon_days', type: 'integer', default: 14 })
  dueSoonDays: number;
}
