/**
 * The bare Socket.IO server that the socket benchmarks measure Muster against
 * (`baselines/bare-socketio-relay.mjs`), started on a free port of 127.0.0.1.
 */
import { fileURLToPath } from 'node:url';
import { getFreePort, startServer } from './processes.mjs';

const SCRIPT = fileURLToPath(new URL('../baselines/bare-socketio-relay.mjs', import.meta.url));

/**
 * @param {{ env?: Record<string, string> }} [options] `env` adds variables (a benchmark's probe).
 * @returns {Promise<{ url: string, stop: () => Promise<void> }>}
 */
export async function startBareRelay(options = {}) {
  const host = '127.0.0.1';
  const port = await getFreePort(host);
  const url = `http://${host}:${port}`;
  const server = await startServer({
    name: 'bare-socketio-relay',
    script: SCRIPT,
    env: { ...process.env, PORT: String(port), HOST: host, ...options.env },
    readyUrl: `${url}/health`,
  });
  return { url, stop: () => server.stop() };
}
