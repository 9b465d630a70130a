import { OrgOwnedEntity } from '../../../platform/tenancy/org-owned.entity.js';
import type { DrillScenario, DrillType, TemplateContent, TemplateStatus } from '@muster/contracts';
import { Column, Entity, Index, UpdateDateColumn } from 'typeorm';

/** The part of a template kept as one JSON document: what the builder edits as a whole. */
export type TemplateBody = Omit<TemplateContent, 'name' | 'type' | 'scenario' | 'description'>;

/** A template's content as the row's columns: the text columns and the JSON body. */
export function templateColumns(content: TemplateContent): Pick<DrillTemplateRow, 'name' | 'type' | 'scenario' | 'description' | 'body'> {
  const { name, type, scenario, description, ...body } = content;
  return { name, type, scenario, description, body };
}

/** An organisation's drill template. The built-in library lives in code (`library/`), not here. */
@Entity({ name: 'drill_templates' })
@Index('idx_drill_templates_org_updated', ['orgId', 'updatedAt'])
export class DrillTemplateRow extends OrgOwnedEntity {
  @Column({ type: 'varchar', length: 12 })
  status: TemplateStatus;

  @Column({ type: 'varchar', length: 120 })
  name: string;

  @Column({ type: 'varchar', length: 20 })
  type: DrillType;

  @Column({ type: 'varchar', length: 32 })
  scenario: DrillScenario;

  @Column({ type: 'text', default: '' })
  description: string;

  /** Objectives, positions, steps, injects, regulations, durations. */
  @Column({ type: 'jsonb' })
  body: TemplateBody;

  /** Raised by every save (optimistic concurrency of the builder's autosave). */
  @Column({ type: 'integer', default: 1 })
  version: number;

  @Column({ name: 'created_by_user_id', type: 'uuid', nullable: true })
  createdByUserId: string | null;

  @Column({ name: 'updated_by_user_id', type: 'uuid', nullable: true })
  updatedByUserId: string | null;

  @Column({ name: 'updated_by_name', type: 'varchar', length: 200, nullable: true })
  updatedByName: string | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
