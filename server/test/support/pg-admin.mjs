// Administrative helpers on the test PostgreSQL server, shared by jest's global hooks and the
// test support code.
import pg from 'pg';

export const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** @param {(client: pg.Client) => Promise<T>} work @template T @returns {Promise<T>} */
export async function withAdmin(work) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The name prefix of this run's per-file databases (`muster_t_<run>_…`), so runs side by side drop only their own. */
export function runDatabasePrefix() {
  const run = (process.env.MUSTER_TEST_RUN_ID ?? `single-${process.pid}`)
    .replace(/[^a-z0-9]/gi, '')
    .slice(0, 8)
    .toLowerCase();
  return `muster_t_${run}_`;
}

/**
 * Drops per-file databases (muster_t_*): this run's when `own` is set (at the end of a run), else
 * those that interrupted runs left more than three hours ago (another checkout's run may be going on).
 */
export async function dropLeftoverTestDatabases({ own = false } = {}) {
  await withAdmin(async (c) => {
    const { rows } = own
      ? await c.query(`SELECT datname FROM pg_database WHERE starts_with(datname, $1)`, [runDatabasePrefix()])
      : await c.query(
          `SELECT datname FROM pg_database
            WHERE datname LIKE 'muster\\_t\\_%'
              AND (pg_stat_file('base/' || oid || '/PG_VERSION')).modification < now() - interval '3 hours'`,
        );
    for (const { datname } of rows) await c.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  });
}
