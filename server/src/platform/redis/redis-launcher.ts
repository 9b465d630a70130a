import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { Redis } from 'ioredis';

async function answers(url: string): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 1500 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
    return true;
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

function onPath(binary: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${binary}`], { stdio: 'ignore' }).status === 0;
}

export class RedisUnavailableError extends Error {}

/**
 * Makes sure Redis answers at `url`. When nothing does, the URL is on loopback and a
 * `redis-server` binary is on the PATH, starts one as a child process bound to 127.0.0.1
 * with its data under `dataDir`. Otherwise throws one clear line saying how to get Redis.
 */
export async function ensureRedis(url: string, dataDir: string, autostart: boolean): Promise<ChildProcess | null> {
  if (await answers(url)) return null;
  const parsed = new URL(url);
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(parsed.hostname);
  const howTo = `Redis is not reachable at ${url}: start it with "docker compose up -d redis" or install your distribution's package (e.g. "apt-get install redis-server"), or set REDIS_URL.`;
  if (!autostart || !loopback || !onPath('redis-server')) throw new RedisUnavailableError(howTo);

  const dir = resolve(dataDir, 'redis');
  mkdirSync(dir, { recursive: true });
  const port = parsed.port || '6379';
  const child = spawn(
    'redis-server',
    ['--bind', '127.0.0.1', '--port', port, '--dir', dir, '--appendonly', 'yes', '--maxmemory-policy', 'noeviction', '--save', ''],
    { stdio: 'ignore' },
  );
  const stop = (): void => {
    if (child.exitCode === null) child.kill('SIGTERM');
  };
  process.once('exit', stop);
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    if (await answers(url)) return child;
    await new Promise((r) => setTimeout(r, 100));
  }
  stop();
  throw new RedisUnavailableError(howTo);
}
