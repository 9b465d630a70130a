import { randomBytes } from 'node:crypto';
import { createDataSource, runMigrations } from '../../src/database/data-source.js';
import { ADMIN_URL, runDatabasePrefix, withAdmin } from './pg-admin.mjs';

/** Template name; checkouts that test side by side on one server give each its own. */
export const TEMPLATE_DB = process.env.MUSTER_TEST_TEMPLATE_DB ?? 'muster_test_template';
/** Arbitrary constant: serialises template (re)builds across parallel test files. */
const TEMPLATE_LOCK = 734_210_962;

export function databaseUrl(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Makes sure the migrated template exists for this run: the first file of a run (or of a
 * file run alone) rebuilds it; the others find it marked with the run id.
 */
async function ensureTemplate(): Promise<void> {
  const runId = process.env.MUSTER_TEST_RUN_ID ?? `single-${process.pid}`;
  await withAdmin(async (c) => {
    await c.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    try {
      const { rows } = await c.query<{ comment: string | null }>(
        `SELECT shobj_description(oid, 'pg_database') AS comment FROM pg_database WHERE datname = $1`,
        [TEMPLATE_DB],
      );
      if (rows[0]?.comment === runId) return;
      await c.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
      await c.query(`CREATE DATABASE ${TEMPLATE_DB}`);
      const ds = createDataSource(databaseUrl(TEMPLATE_DB), 1);
      await ds.initialize();
      try {
        await runMigrations(ds);
      } finally {
        await ds.destroy();
      }
      await c.query(`COMMENT ON DATABASE ${TEMPLATE_DB} IS '${runId.replace(/'/g, "''")}'`);
    } finally {
      await c.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
    }
  });
}

/** A database of its own for one test file, cloned from the migrated template. */
export async function createTestDatabase(): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  await ensureTemplate();
  const name = `${runDatabasePrefix()}${randomBytes(6).toString('hex')}`;
  await withAdmin((c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB}`));
  return {
    name,
    url: databaseUrl(name),
    drop: () => withAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}
