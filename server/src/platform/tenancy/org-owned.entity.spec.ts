import { getMetadataArgsStorage } from 'typeorm';
import { ENTITIES } from '../../database/entities.js';
import { OrgOwnedEntity } from './org-owned.entity.js';

type Entity = (typeof ENTITIES)[number];
const owned = ENTITIES.filter((entity) => (entity as { prototype: unknown }).prototype instanceof OrgOwnedEntity);

/** The first column of each index and unique constraint (PostgreSQL indexes those) declared on an entity. */
function indexLeads(entity: Entity): string[] {
  const storage = getMetadataArgsStorage();
  return [...storage.indices, ...storage.uniques]
    .filter((index) => index.target === entity)
    .map((index) => {
      const columns = typeof index.columns === 'function' ? index.columns({}) : index.columns;
      const first = Array.isArray(columns) ? columns[0] : undefined;
      return typeof first === 'string' ? first : '';
    });
}

describe('org-owned entities', () => {
  it('are the organisation-owned tables of drills, billing, usage, SIEM and auditor invites', () => {
    const names = owned.map((e) => e.name);
    expect(names).toEqual(expect.arrayContaining(['DrillRunRow', 'DrillTemplateRow', 'CheckoutRow', 'Subscription', 'AuditorInvite']));
  });

  it.each(owned.map((e) => [e.name, e] as const))('%s has an index led by org_id', (_, entity) => {
    expect(indexLeads(entity)).toContain('orgId');
  });
});
