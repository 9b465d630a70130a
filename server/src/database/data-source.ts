import { DataSource, type DataSourceOptions } from 'typeorm';
import { MusterDataSource } from './transaction-context.js';
import { AfterCommitSubscriber } from './after-commit.js';
import { TenantCheckSubscriber } from '../platform/tenancy/tenant-check.js';
import { ENTITIES } from './entities.js';
import { MIGRATIONS } from './migrations/index.js';
import { OutageMarkingClient } from './outage-marking-client.js';

/** TypeORM options for a PostgreSQL URL, with `poolSize` connections at most. */
export function dataSourceOptions(url: string, poolSize: number, logging: boolean = true): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities: ENTITIES,
    subscribers: [AfterCommitSubscriber, TenantCheckSubscriber],
    migrations: MIGRATIONS,
    migrationsTableName: 'migrations',
    uuidExtension: 'pgcrypto',
    installExtensions: false,
    synchronize: false,
    migrationsRun: false,
    logging: logging ? ['error', 'warn'] : false,
    // The pool's clients mark a failed connection as the database's (503, not 500).
    extra: { max: poolSize, application_name: 'muster', Client: OutageMarkingClient },
  };
}

/** Runs every pending migration in-process; returns the names of the ones applied. */
export async function runMigrations(dataSource: DataSource): Promise<string[]> {
  const applied = await dataSource.runMigrations({ transaction: 'each' });
  return applied.map((m) => m.name);
}

/**
 * The SQL that would bring the database in line with the entities. Empty when entities and
 * migrations agree; a test asserts that on a freshly migrated database.
 */
export async function pendingSchemaChanges(dataSource: DataSource): Promise<string[]> {
  const log = await dataSource.driver.createSchemaBuilder().log();
  return log.upQueries.map((q) => q.query);
}

export function createDataSource(url: string, poolSize: number, logging = true): DataSource {
  return new MusterDataSource(dataSourceOptions(url, poolSize, logging));
}
