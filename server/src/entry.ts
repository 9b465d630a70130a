import { ConfigError, parseConfig, type AppConfig } from './config/config.js';
import { EnvFileError, loadEnvFile } from './config/env-file.js';
import { ensureRedis, RedisUnavailableError } from './platform/redis/redis-launcher.js';
import { startMuster } from './bootstrap.js';
import { EmbeddedDatabaseError } from './database/data-dir-lock.js';

/** How long a graceful shutdown may take before the process gives up on it (JOB_LOCK_MS + 5 s). */
export function shutdownBudgetMs(config: AppConfig): number {
  return config.JOB_LOCK_MS + 5_000;
}

/**
 * Shared by main.ts and worker.ts: parse the config (a bad value stops the process naming
 * the variable), make sure Redis answers, start, and stop cleanly on SIGINT/SIGTERM.
 */
export async function run(overrides: Partial<Record<string, string>> = {}): Promise<void> {
  let config: AppConfig;
  let envFile: string | null;
  try {
    envFile = loadEnvFile();
    config = parseConfig({ ...process.env, ...overrides });
  } catch (err) {
    if (err instanceof ConfigError) {
      for (const issue of err.issues) console.error(`Invalid configuration: ${issue.variable} ${issue.message}`);
      process.exit(1);
    }
    if (err instanceof EnvFileError) {
      console.error(`Invalid configuration: ${err.message}`);
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
  let muster: Awaited<ReturnType<typeof startMuster>>;
  try {
    muster = await startMuster(config);
  } catch (err) {
    if (err instanceof EmbeddedDatabaseError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  if (envFile) muster.logger.info(`Settings read from ${envFile} (variables of the environment win)`);
  if (muster.url) muster.logger.info(`Muster is running at ${muster.url.replace('127.0.0.1', 'localhost')} (role ${config.MUSTER_ROLE})`);
  else muster.logger.info(`Muster worker running (role ${config.MUSTER_ROLE})`);

  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    muster.logger.info(`${signal} received, shutting down`);
    // Whatever hangs (a database that does not answer, a job that does not yield), the process
    // ends: jobs get their lock time to finish, then the embedded database is stopped and we exit.
    const deadline = setTimeout(() => {
      muster.logger.error(`Shutdown did not finish within ${Math.round(shutdownBudgetMs(config) / 1000)} s; exiting`);
      void muster.abort().finally(() => process.exit(1));
    }, shutdownBudgetMs(config));
    deadline.unref();
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
