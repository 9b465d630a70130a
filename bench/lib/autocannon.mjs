import autocannon from 'autocannon';
import { onCleanup } from './cleanup.mjs';
import { HarnessError } from './errors.mjs';

/**
 * @typedef {object} HttpLoad
 * @property {string} url Requested with GET on every connection, one request at a time (no pipelining).
 * @property {number} connections Concurrent connections.
 * @property {number} durationSeconds Length of the measured run.
 * @property {number} [warmupSeconds] Length of an unmeasured run just before it (default none).
 * @property {Record<string, string>} [headers] Sent with every request (a session cookie).
 */

/** @typedef {{ req_per_s: number, p50_ms: number, p99_ms: number }} HttpFigures */

/**
 * Loads `url` with autocannon and returns the average requests per second and the median and
 * 99th percentile latency. Any failed request (network error, timeout, non-2xx answer) fails the
 * measurement: autocannon counts them as requests but leaves them out of the latencies.
 * @param {HttpLoad} load
 * @returns {Promise<HttpFigures>}
 */
export async function measureHttp({ url, connections, durationSeconds, warmupSeconds = 0, headers = {} }) {
  if (warmupSeconds > 0) await runLoad(url, connections, warmupSeconds, headers);
  const result = await runLoad(url, connections, durationSeconds, headers);
  return {
    req_per_s: round(result.requests.average),
    p50_ms: round(result.latency.p50),
    p99_ms: round(result.latency.p99),
  };
}

/**
 * @param {string} url
 * @param {number} connections
 * @param {number} duration seconds
 * @param {Record<string, string>} headers
 */
async function runLoad(url, connections, duration, headers) {
  const instance = autocannon({ url, connections, duration, pipelining: 1, headers });
  // On ctrl-c the load stops first, so the server under test can shut down promptly.
  const release = onCleanup(async () => instance.stop());
  let result;
  try {
    result = await instance;
  } finally {
    release();
  }
  // autocannon counts a timeout both as an error and as a timeout.
  const failed = result.errors + result.non2xx;
  if (failed > 0) {
    const statuses = Object.entries(result.statusCodeStats)
      .filter(([status]) => !status.startsWith('2'))
      .map(([status, { count }]) => `HTTP ${status}: ${count}`);
    const details = [`errors: ${result.errors} (timeouts: ${result.timeouts})`, ...statuses].join(', ');
    throw new HarnessError(`${url}: ${failed} of ${result.requests.sent} requests failed (${details})`);
  }
  if (result.requests.total === 0) throw new HarnessError(`${url}: no request completed in ${duration} s`);
  return result;
}

/** @param {number} value */
function round(value) {
  return Math.round(value * 100) / 100;
}
