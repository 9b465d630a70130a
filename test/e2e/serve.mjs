// Starts the built product for the end-to-end run: a fresh database on the test PostgreSQL
// server, its own Redis prefix, demo data seeded, the built web app served by the api.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import pg from 'pg';

const root = resolve(import.meta.dirname, '../..');
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const port = process.env.E2E_PORT ?? '3900';
// One database per port, so runs on different ports never share one.
const database = `muster_e2e_${port}`;

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${database}`);
await admin.end();

const dbUrl = new URL(adminUrl);
dbUrl.pathname = `/${database}`;

const child = spawn(process.execPath, [resolve(root, 'server/dist/main.js')], {
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'test',
    // A developer's .env is not the end-to-end run's configuration.
    ENV_FILE: '',
    MUSTER_ROLE: 'all',
    HOST: '127.0.0.1',
    PORT: port,
    APP_ORIGINS: `http://localhost:${port},http://127.0.0.1:${port}`,
    DATABASE_URL: dbUrl.toString(),
    REDIS_PREFIX: `muster-e2e-${randomBytes(4).toString('hex')}`,
    REDIS_AUTOSTART: 'false',
    SEED_ON_EMPTY: 'true',
    // Every test signs in from 127.0.0.1; the per-address limit has its own integration test.
    AUTH_ATTEMPTS_PER_IP: '5000',
    CONTACT_MESSAGES_PER_HOUR: '1000',
    // The SIEM end-to-end test delivers to a receiver it starts on the loopback address.
    SIEM_ALLOWED_NETWORKS: '127.0.0.1/32',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    WEB_DIST_DIR: resolve(root, 'web/dist'),
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
