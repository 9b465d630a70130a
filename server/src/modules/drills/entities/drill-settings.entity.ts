import { CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * One row per organisation whose drill settings were set up: its default reminder rules and
 * cadences are created once, with this row, so an organisation that later removes them all
 * is not given them again.
 */
@Entity({ name: 'drill_org_settings' })
export class DrillSettingsRow {
  @PrimaryColumn({ name: 'org_id', type: 'uuid' })
  orgId: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
