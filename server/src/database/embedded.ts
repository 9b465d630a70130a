import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

export interface EmbeddedDatabase {
  url: string;
  dataDir: string;
  /** True when the data directory was empty before this start. */
  created: boolean;
  stop(): Promise<void>;
}

/**
 * The embedded default: PGlite (PostgreSQL in WebAssembly) with its data in `<dataDir>/pg`,
 * served on a loopback port by pglite-socket so that TypeORM uses the ordinary `pg` driver.
 * One process only (PGlite has no lock), and a connection pool of exactly one.
 */
export async function startEmbeddedDatabase(dataDir: string): Promise<EmbeddedDatabase> {
  const dir = resolve(dataDir, 'pg');
  mkdirSync(dir, { recursive: true });
  const { readdirSync } = await import('node:fs');
  const created = readdirSync(dir).length === 0;
  const db = await PGlite.create(dir);
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 1 });
  await server.start();
  const url = `postgres://postgres@${server.getServerConn()}/postgres`;
  return {
    url,
    dataDir: dir,
    created,
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}
