import { OrgOwnedEntity } from '../../../platform/tenancy/org-owned.entity.js';
import type { CadenceKind } from '@muster/contracts';
import { Column, Entity, Index } from 'typeorm';

/** A cadence the organisation must keep (ISPS drills every 3 months, exercises every calendar year, …). */
@Entity({ name: 'drill_cadences' })
@Index('idx_drill_cadences_org', ['orgId'])
export class CadenceRow extends OrgOwnedEntity {
  @Column({ type: 'varchar', length: 120 })
  name: string;

  @Column({ type: 'varchar', length: 12 })
  kind: CadenceKind;

  @Column({ name: 'interval_months', type: 'integer' })
  intervalMonths: number;

  @Column({ name: 'calendar_year', type: 'boolean', default: false })
  calendarYear: boolean;

  @Column({ name: 'due_soon_days', type: 'integer', default: 14 })
  dueSoonDays: number;

  @Column({ type: 'boolean', default: true })
  enabled: boolean;

  /** Order on screen. */
  @Column({ type: 'integer', default: 0 })
  position: number;
}
