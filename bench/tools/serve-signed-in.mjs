#!/usr/bin/env node
/**
 * Starts the built Muster (own database, seeded) the way the `auth-me` benchmark does, signs in
 * the demo manager and prints the URL, pid and cookie, then stays up until Ctrl-C: for strace,
 * autocannon or a profiler by hand.   node bench/tools/serve-signed-in.mjs
 */
import { createDatabase, signIn } from '../lib/clients.mjs';
import { startMuster } from '../lib/muster.mjs';

const database = await createDatabase();
const server = await startMuster({ env: { DATABASE_URL: database.url, SEED_ON_EMPTY: 'true' } });
const member = await signIn(server.url, 'manager@harborpoint.example');
console.log(JSON.stringify({ url: `${server.url}/api/auth/me`, cookie: member.cookie }));
const stop = async () => {
  await server.stop();
  await database.drop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
