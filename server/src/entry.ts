import { ConfigError, parseConfig, type AppConfig } from './config/config.js';
import { ensureRedis, RedisUnavailableError } from './platform/redis/redis-launcher.js';
import { startMuster } from './bootstrap.js';

/**
 * Shared by main.ts and worker.ts: parse the config (a bad value stops the process naming
 * the variable), make sure Redis answers, start, and stop cleanly on SIGINT/SIGTERM.
 */
export async function run(overrides: Partial<Record<string, string>> = {}): Promise<void> {
  let config: AppConfig;
  try {
    config = parseConfig({ ...process.env, ...overrides });
  } catch (err) {
    if (err instanceof ConfigError) {
      for (const issue of err.issues) console.error(`Invalid configuration: ${issue.variable} ${issue.message}`);
      process.exit(1);
    }
    throw err;
  }
  try {
    await ensureRedis(config.REDIS_URL, config.DATA_DIR, config.REDIS_AUTOSTART);
  } catch (err) {
    if (err instanceof RedisUnavailableError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const muster = await startMuster(config);
  if (muster.url) muster.logger.info(`Muster is running at ${muster.url.replace('127.0.0.1', 'localhost')} (role ${config.MUSTER_ROLE})`);
  else muster.logger.info(`Muster worker running (role ${config.MUSTER_ROLE})`);

  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    muster.logger.info(`${signal} received, shutting down`);
    muster.close().then(
      () => process.exit(0),
      (err: unknown) => {
        muster.logger.error({ err }, 'Shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}
