import type { BeforeQueryEvent, DataSource } from 'typeorm';
import { acrossOrganisations, enableTenantCheck, TenantCheckSubscriber, UnscopedQueryError, withinOrganisation } from './tenant-check.js';

const dataSource = {
  entityMetadatas: [
    {
      tableName: 'drill_runs',
      columns: [
        { databaseName: 'id', isNullable: false },
        { databaseName: 'org_id', isNullable: false },
      ],
    },
    // A ticket may have no organisation (a visitor's): not org-owned.
    { tableName: 'tickets', columns: [{ databaseName: 'org_id', isNullable: true }] },
    { tableName: 'users', columns: [{ databaseName: 'id', isNullable: false }] },
  ],
} as unknown as DataSource;

const check = new TenantCheckSubscriber();
const run = (query: string) => () => check.beforeQuery({ query } as BeforeQueryEvent);

describe('the tenant check', () => {
  beforeAll(() => enableTenantCheck(dataSource, 'strict'));

  it('refuses a query of an org-owned table that names no organisation', () => {
    expect(run('SELECT * FROM "drill_runs" "r" WHERE "r"."id" = $1')).toThrow(UnscopedQueryError);
    expect(run('UPDATE "drill_runs" SET "status" = $1 WHERE "id" = $2')).toThrow(/drill_runs/);
    expect(run('SELECT u.* FROM users u JOIN drill_runs r ON r.lead_user_id = u.id')).toThrow(UnscopedQueryError);
  });

  it('lets through what names the organisation, and tables that are not org-owned', () => {
    expect(run('SELECT * FROM "drill_runs" WHERE "id" = $1 AND "org_id" = $2')).not.toThrow();
    expect(run('INSERT INTO "drill_runs"("id", "org_id") VALUES ($1, $2)')).not.toThrow();
    expect(run('SELECT * FROM tickets WHERE id = $1')).not.toThrow();
    expect(run('SELECT * FROM users WHERE id = $1')).not.toThrow();
    // A table whose name merely starts like an org-owned one is another table.
    expect(run('SELECT * FROM drill_runs_archive WHERE id = $1')).not.toThrow();
  });

  it('lets a job across organisations and a tenant scope through, and only inside them', async () => {
    const unscoped = 'UPDATE "drill_runs" SET "status" = $1 WHERE "id" = $2';
    expect(() => acrossOrganisations('a nightly job', run(unscoped))).not.toThrow();
    const later = withinOrganisation('6c1f6c5e-2f55-4d8e-9a3e-0b1f6b7f4a10', () => Promise.resolve().then(run(unscoped)));
    await expect(later).resolves.toBeUndefined();
    expect(run(unscoped)).toThrow(UnscopedQueryError);
  });
});
