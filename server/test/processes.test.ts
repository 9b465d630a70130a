import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Redis } from 'ioredis';
import { json } from './support/http.js';
import { clearRedisPrefix, startServer, uniquePrefix } from './support/app.js';

const DIST = resolve(import.meta.dirname, '../dist');

function runNode(
  script: string,
  env: Record<string, string>,
  args: string[] = [],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [script, ...args], {
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('exit', (code) => done({ code, stdout, stderr }));
  });
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => done(port));
    });
  });
}

async function organisationNames(dataDir: string): Promise<string[]> {
  const db = await PGlite.create(join(dataDir, 'pg'));
  try {
    const { rows } = await db.query<{ name: string }>('SELECT name FROM organizations ORDER BY name');
    return rows.map((r) => r.name);
  } finally {
    await db.close();
  }
}

describe('Process start', () => {
  it('stops with a non-zero code naming the variable when the config is bad', async () => {
    const { code, stderr } = await runNode(join(DIST, 'main.js'), { PORT: 'abc' });
    expect(code).toBe(1);
    expect(stderr).toContain('Invalid configuration: PORT');
  });

  it('names every bad variable at once', async () => {
    const { code, stderr } = await runNode(join(DIST, 'main.js'), { PORT: 'abc', MUSTER_ROLE: 'everything', REDIS_URL: 'http://nope' });
    expect(code).toBe(1);
    expect(stderr).toMatch(/Invalid configuration: PORT/);
    expect(stderr).toMatch(/Invalid configuration: MUSTER_ROLE/);
    expect(stderr).toMatch(/Invalid configuration: REDIS_URL/);
  });

  it('says in one line how to get Redis when none answers and none may be started', async () => {
    const port = await freePort();
    const { code, stderr } = await runNode(join(DIST, 'main.js'), {
      REDIS_URL: `redis://127.0.0.1:${port}`,
      REDIS_AUTOSTART: 'false',
      DATA_DIR: tmpdir(),
    });
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toContain(`Redis is not reachable at redis://127.0.0.1:${port}`);
    expect(stderr).toContain('docker compose up -d redis');
  });

  it('starts a local redis-server child bound to loopback when nothing answers', async () => {
    const port = await freePort();
    const dataDir = mkdtempSync(join(tmpdir(), 'muster-redis-'));
    const prefix = uniquePrefix();
    const server = await startServer({
      prefix,
      env: { REDIS_URL: `redis://127.0.0.1:${port}`, REDIS_AUTOSTART: 'true', DATA_DIR: dataDir },
    });
    try {
      const client = new Redis(`redis://127.0.0.1:${port}`);
      expect(await client.ping()).toBe('PONG');
      expect(await client.config('GET', 'bind')).toEqual(['bind', '127.0.0.1']);
      expect(await client.config('GET', 'maxmemory-policy')).toEqual(['maxmemory-policy', 'noeviction']);
      expect(await client.config('GET', 'dir')).toEqual(['dir', join(dataDir, 'redis')]);
      client.disconnect();
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('runs on the embedded database without DATABASE_URL, seeds it once, and keeps its data across a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'muster-embedded-'));
    const prefix = uniquePrefix();
    try {
      const first = await startServer({ prefix, env: { DATA_DIR: dataDir } });
      const health = await json(await fetch(`${first.url}/api/health`));
      expect(health).toMatchObject({ status: 'ok', checks: { database: { status: 'up', embedded: true } } });
      expect(await first.stop()).toBe(0);

      // Between runs, another writer (an operator with psql, say) adds a row.
      const db = await PGlite.create(join(dataDir, 'pg'));
      await db.query(`INSERT INTO organizations (name) VALUES ('Kept Across Restarts')`);
      await db.close();

      const second = await startServer({ prefix, env: { DATA_DIR: dataDir } });
      expect((await fetch(`${second.url}/api/health`)).status).toBe(200);
      expect(second.logs.some((l) => String(l.msg).startsWith('Seeded'))).toBe(false);
      expect(await second.stop()).toBe(0);

      expect(await organisationNames(dataDir)).toEqual(['Harbor Point Port Authority', 'Kept Across Restarts']);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      await clearRedisPrefix(prefix);
    }
  });
});
