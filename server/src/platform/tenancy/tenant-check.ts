import { AsyncLocalStorage } from 'node:async_hooks';
import { appendFileSync } from 'node:fs';
import { EventSubscriber, type BeforeQueryEvent, type DataSource, type EntitySubscriberInterface } from 'typeorm';

/** Why code reads or writes org-owned rows without one organisation's scope (a job over every organisation, platform staff). */
const systemReason = new AsyncLocalStorage<string>();
/** The organisation whose rows the running code was handed by a tenant scope (which checked them). */
const scopedOrg = new AsyncLocalStorage<string>();

/** Runs `work` as the tenant scope of `orgId` (`TenantScope` and `RunStore.locked` use it). */
export function withinOrganisation<T>(orgId: string, work: () => T): T {
  return scopedOrg.run(orgId, work);
}

/**
 * Runs `work` outside any one organisation: a background job that reads every organisation's rows,
 * a platform-staff view, a worker acting on a row it was handed by id. The reason is what a reader
 * of the code (and the tenant check) sees.
 */
export function acrossOrganisations<T>(reason: string, work: () => T): T {
  return systemReason.run(reason, work);
}

/** A query of an org-owned table that names no organisation, outside `acrossOrganisations`. */
export class UnscopedQueryError extends Error {
  constructor(
    readonly table: string,
    readonly sql: string,
  ) {
    super(
      `Query of org-owned table "${table}" without an organisation: reach it through tenant(repo, principal), or acrossOrganisations(reason, …) for a job\n${sql}`,
    );
  }
}

let orgOwnedTables: RegExp | null = null;
let mode: 'strict' | 'report' | 'off' = 'off';
let reportFile = '';

/**
 * Turns the check on for a data source: every query that mentions an org-owned table (one whose
 * entity extends `OrgOwnedEntity`) must also name `org_id`, or run inside `acrossOrganisations`.
 * `strict` throws (the integration tests run so); `report` appends the query and its stack to a file.
 */
export function enableTenantCheck(dataSource: DataSource, how: 'strict' | 'report', file = ''): void {
  const tables = dataSource.entityMetadatas
    .filter((m) => m.columns.some((c) => c.databaseName === 'org_id' && !c.isNullable))
    .map((m) => m.tableName);
  orgOwnedTables = tables.length ? new RegExp(`\\b(?:FROM|JOIN|UPDATE|INTO)\\s+"?(${tables.join('|')})"?(?![\\w])`, 'i') : null;
  mode = how;
  reportFile = file;
}

/** The TypeORM subscriber that applies the check before each query. */
@EventSubscriber()
export class TenantCheckSubscriber implements EntitySubscriberInterface {
  beforeQuery(event: BeforeQueryEvent): void {
    if (mode === 'off' || !orgOwnedTables) return;
    const sql = event.query;
    const match = orgOwnedTables.exec(sql);
    if (!match || /\borg_id\b/.test(sql) || systemReason.getStore() || scopedOrg.getStore()) return;
    const error = new UnscopedQueryError(match[1]!, sql);
    if (mode === 'strict') throw error;
    appendFileSync(
      reportFile,
      `${JSON.stringify({ table: match[1], sql: sql.slice(0, 300), stack: error.stack?.split('\n').slice(2, 40).join('\n') })}\n`,
    );
  }
}
