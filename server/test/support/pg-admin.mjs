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

/** Drops the per-file databases (muster_t_*) that a run left behind. */
export async function dropLeftoverTestDatabases() {
  await withAdmin(async (c) => {
    const { rows } = await c.query(`SELECT datname FROM pg_database WHERE datname LIKE 'muster\\_t\\_%'`);
    for (const { datname } of rows) await c.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  });
}
