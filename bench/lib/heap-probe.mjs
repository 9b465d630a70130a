/**
 * The outside of bench/tools/heap-probe.mjs: the environment that preloads it into a server
 * process, and its readings.
 */
import { fileURLToPath } from 'node:url';
import { getFreePort } from './processes.mjs';

const PROBE = fileURLToPath(new URL('../tools/heap-probe.mjs', import.meta.url));

/**
 * @typedef {object} HeapProbe
 * @property {Record<string, string>} env Variables to give the server process.
 * @property {() => Promise<number>} heapUsed Bytes of V8 heap in use after full collections.
 * @property {(name: string) => Promise<string | null>} snapshot Writes a heap snapshot (when BENCH_HEAP_SNAPSHOT_DIR is set); its path.
 */

/** @returns {Promise<HeapProbe>} */
export async function heapProbe() {
  const port = await getFreePort();
  const base = `http://127.0.0.1:${port}`;
  /** @param {string} path */
  const get = async (path) => {
    const res = await fetch(`${base}${path}`);
    const body = await res.json();
    if (!res.ok) throw new Error(`heap probe ${path}: ${res.status} ${JSON.stringify(body)}`);
    return body;
  };
  return {
    env: {
      NODE_OPTIONS: [process.env.NODE_OPTIONS ?? '', '--expose-gc', `--import=${PROBE}`].join(' ').trim(),
      BENCH_HEAP_PROBE_PORT: String(port),
    },
    heapUsed: async () => (await get('/heap')).heapUsed,
    snapshot: async (name) => (process.env.BENCH_HEAP_SNAPSHOT_DIR ? (await get(`/snapshot?name=${encodeURIComponent(name)}`)).file : null),
  };
}
