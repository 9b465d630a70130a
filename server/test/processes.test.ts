import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Redis } from 'ioredis';
import { json } from './support/http.js';
import { clearRedisPrefix, startServer, uniquePrefix, type ServerProcess } from './support/app.js';
import { TestClient } from './support/client.js';

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

/** The pid of the embedded PostgreSQL server of a data directory, when one runs. */
function postgresPid(dataDir: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]!, 10);
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

/** The embedded PostgreSQL server's processes: the postmaster and every process it started. */
function postgresProcesses(postmaster: number): number[] {
  const children = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        // The fields after the command's closing parenthesis: state, then the parent's pid.
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster;
      } catch {
        return false; // ended meanwhile
      }
    })
    .map(Number);
  return [postmaster, ...children];
}

/** Whether a query has reached a PostgreSQL connection on `port` and waits there, unread. */
function queryWaiting(port: number): boolean {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  return ['/proc/net/tcp', '/proc/net/tcp6'].some((table) => {
    let lines: string[];
    try {
      lines = readFileSync(table, 'utf8').trim().split('\n').slice(1);
    } catch {
      return false;
    }
    return lines.some((line) => {
      const [, local, , , queues] = line.trim().split(/\s+/);
      const received = Number.parseInt(queues!.split(':')[1]!, 16);
      return local!.endsWith(`:${hexPort}`) && received > 0;
    });
  });
}

/** Resolves once `check` holds, looking every 20 ms; fails after `ms`. */
async function until(check: () => boolean, what: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Leaves no PostgreSQL running behind a test, whatever it did. */
function removeDataDir(dataDir: string): void {
  const pid = postgresPid(dataDir);
  if (pid) process.kill(pid, 'SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
}

/** Signs up a new organisation through the API; its admin's credentials prove the data is kept. */
async function register(url: string): Promise<{ email: string; password: string }> {
  const email = `kept-${Date.now()}@restart.example`;
  const password = 'Kept-Across-Restarts-1';
  const c = await new TestClient(url).init();
  expect(
    (await c.post('/api/auth/register', { organizationName: 'Kept Across Restarts', email, password, confirmPassword: password })).status,
  ).toBe(201);
  return { email, password };
}

async function canSignIn(url: string, account: { email: string; password: string }): Promise<boolean> {
  const c = await new TestClient(url).init();
  return (await c.post('/api/auth/login', account)).status === 200;
}

function exitedWithin(server: ServerProcess, ms: number): Promise<number | null | 'timeout'> {
  return Promise.race([
    new Promise<number | null>((done) => {
      if (server.child.exitCode !== null || server.child.signalCode !== null) done(server.child.exitCode);
      else server.child.once('exit', (code) => done(code));
    }),
    new Promise<'timeout'>((done) => setTimeout(() => done('timeout'), ms)),
  ]);
}

describe('Process start', () => {
  it('npm start finds the build that npm test has just made up to date, so it builds nothing', async () => {
    // What `npm start` asks (`--if-stale`), asked without building: a test never rebuilds what others run.
    const started = Date.now();
    const { code, stdout, stderr } = await runNode(resolve(import.meta.dirname, '../../scripts/build.mjs'), {}, ['--check']);
    expect({ code, stdout: stdout.trim(), stderr }).toEqual({ code: 0, stdout: 'Up to date', stderr: '' });
    expect(Date.now() - started).toBeLessThan(10_000);
  });

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
});

describe('Embedded PostgreSQL', () => {
  const prefix = uniquePrefix();
  const dirs: string[] = [];
  const newDataDir = (): string => {
    const dir = mkdtempSync(join(tmpdir(), 'muster-embedded-'));
    dirs.push(dir);
    return dir;
  };

  afterAll(async () => {
    dirs.forEach(removeDataDir);
    await clearRedisPrefix(prefix);
  });

  it('runs without DATABASE_URL, seeds it once, stops with Muster and keeps the data across a restart', async () => {
    const dataDir = newDataDir();
    const first = await startServer({ prefix, env: { DATA_DIR: dataDir } });
    const health = await json(await fetch(`${first.url}/api/health`));
    expect(health).toMatchObject({ status: 'ok', checks: { database: { status: 'up', embedded: true } } });
    expect(first.logs.some((l) => String(l.msg).startsWith('Seeded the demo organisation'))).toBe(true);
    const account = await register(first.url!);
    expect(await first.stop()).toBe(0);
    expect(postgresPid(dataDir)).toBeNull();

    const second = await startServer({ prefix, env: { DATA_DIR: dataDir } });
    expect(second.logs.some((l) => String(l.msg).startsWith('Seeded'))).toBe(false);
    // At the default level the start-up says a few things, the address last; no route-by-route narration.
    const said = second.logs.map((l) => String(l.msg));
    expect(said.filter((m) => /Mapped \{|RoutesResolver|dependencies initialized/.test(m))).toEqual([]);
    expect(said.length).toBeLessThanOrEqual(6);
    expect(said.at(-1)).toMatch(/^Muster is running at http:\/\/localhost:\d+ \(role all\)$/);
    expect(await canSignIn(second.url!, account)).toBe(true);
    expect(await canSignIn(second.url!, { email: 'admin@harborpoint.example', password: 'Muster!Demo2026' })).toBe(true);
    expect(await second.stop()).toBe(0);
  });

  it('comes back after Muster was killed (-9), with what was written', async () => {
    const dataDir = newDataDir();
    const first = await startServer({ prefix, env: { DATA_DIR: dataDir } });
    const account = await register(first.url!);
    first.child.kill('SIGKILL');
    await exitedWithin(first, 10_000);
    expect(postgresPid(dataDir)).not.toBeNull(); // the server outlives the killed Muster…

    const second = await startServer({ prefix, env: { DATA_DIR: dataDir } }); // …and is taken back
    expect((await fetch(`${second.url}/api/health`)).status).toBe(200);
    expect(await canSignIn(second.url!, account)).toBe(true);
    expect(await second.stop()).toBe(0);
    expect(postgresPid(dataDir)).toBeNull();
  });

  it('refuses a second Muster on the same data directory in one line', async () => {
    const dataDir = newDataDir();
    const first = await startServer({ prefix, env: { DATA_DIR: dataDir } });
    try {
      const { code, stderr } = await runNode(join(DIST, 'main.js'), {
        DATA_DIR: dataDir,
        PORT: '0',
        REDIS_PREFIX: prefix,
        REDIS_AUTOSTART: 'false',
      });
      expect(code).toBe(1);
      expect(stderr.trim().split('\n')).toHaveLength(1);
      expect(stderr).toContain(`Another Muster process (pid ${first.child.pid}) is already running on the data directory ${dataDir}`);
      expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
    } finally {
      await first.stop();
    }
  });

  it('tells in one line how to start fresh when the data directory holds an old PGlite database', async () => {
    const dataDir = newDataDir();
    mkdirSync(join(dataDir, 'pg'));
    writeFileSync(join(dataDir, 'pg', 'PG_VERSION'), '17\n');
    const { code, stderr } = await runNode(join(DIST, 'main.js'), {
      DATA_DIR: dataDir,
      PORT: '0',
      REDIS_PREFIX: prefix,
      REDIS_AUTOSTART: 'false',
    });
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toContain('earlier Muster (PGlite)');
    expect(stderr).toContain(`rm -rf ${join(dataDir, 'pg')}`);
  });

  it('ends within JOB_LOCK_MS + 10 s of SIGTERM even when the database stops answering', async () => {
    const dataDir = newDataDir();
    const server = await startServer({ prefix, env: { DATA_DIR: dataDir, JOB_LOCK_MS: '1000' } });
    const pid = postgresPid(dataDir)!;
    const port = Number(readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[3]);
    // The database hangs: the postmaster and every backend stop, connections stay open, nothing answers.
    const stopped = postgresProcesses(pid);
    for (const p of stopped) process.kill(p, 'SIGSTOP');
    try {
      // A request waits on the database, so a graceful close would wait for it forever.
      const inFlight = fetch(`${server.url}/api/help/search?q=drill&lang=en`).catch(() => null);
      await until(() => queryWaiting(port), 'a query reaching the stopped database');
      const started = Date.now();
      server.child.kill('SIGTERM');
      expect(await exitedWithin(server, 11_000)).toBe(1);
      expect(Date.now() - started).toBeLessThan(11_000);
      expect(server.logs.some((l) => String(l.msg).startsWith('Shutdown did not finish'))).toBe(true);
      await inFlight;
    } finally {
      for (const p of stopped) {
        try {
          process.kill(p, 'SIGCONT');
        } catch {
          // already ended
        }
      }
    }
    expect(postgresPid(dataDir)).toBeNull(); // stopped on the way out, not left behind
    // The bound measured is the 11 s above; creating the database before it takes up to 10 s on a busy machine.
  }, 40_000);
});
