import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { onCleanup } from './cleanup.mjs';
import { HarnessError } from './errors.mjs';

const READY_TIMEOUT_MS = Number(process.env.BENCH_READY_TIMEOUT_MS ?? 60_000);
const READY_POLL_MS = 250;
const READY_REQUEST_TIMEOUT_MS = 2_000;
const STOP_GRACE_MS = 10_000;
const OUTPUT_TAIL_LINES = 30;

/**
 * Children still running: killed outright if the harness exits without having stopped them.
 * @type {Set<import('node:child_process').ChildProcess>}
 */
const running = new Set();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * A TCP port that was free a moment ago on `host` (the OS picks it).
 * @param {string} [host]
 * @returns {Promise<number>}
 */
export async function getFreePort(host = '127.0.0.1') {
  const server = createServer();
  server.listen(0, host);
  await once(server, 'listening');
  const address = server.address();
  server.close();
  await once(server, 'close');
  if (!address || typeof address === 'string') throw new Error('Could not read the address of a probe server');
  return address.port;
}

/**
 * @typedef {object} ServerOptions
 * @property {string} name Label of the server in its forwarded output and in errors.
 * @property {string} script Path of the Node.js script to run.
 * @property {NodeJS.ProcessEnv} env Complete environment of the child.
 * @property {string} [cwd]
 * @property {string} readyUrl Polled with GET until it answers 200, for up to 60 s.
 */

/**
 * @typedef {object} ServerProcess
 * @property {Promise<void>} ready Resolves once readyUrl answered 200; rejects when the child exits first or the timeout passes.
 * @property {() => Promise<void>} stop SIGTERM, then SIGKILL after 10 s. Idempotent; also run on ctrl-c.
 * @property {number | undefined} pid The child's process id (for reading its CPU time).
 */

/**
 * Starts a Node.js server as a child process. Its output is forwarded to stderr, prefixed with
 * its name, so stdout stays the benchmark's own; the last lines are kept for error messages.
 * @param {ServerOptions} options
 * @returns {ServerProcess}
 */
export function spawnServer({ name, script, env, cwd, readyUrl }) {
  // BENCH_PROFILE_DIR: every server writes a V8 CPU profile there when it stops (for finding where the time goes).
  const profile = process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [];
  const child = spawn(process.execPath, [...profile, script], { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);

  /** @type {string[]} */
  const tail = [];
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => {
      process.stderr.write(`[${name}] ${line}\n`);
      tail.push(line);
      if (tail.length > OUTPUT_TAIL_LINES) tail.shift();
    });
  }

  /** @type {Error | undefined} */
  let spawnError;
  const exited = /** @type {Promise<void>} */ (
    new Promise((resolve) => {
      // 'close' comes after 'exit' once the output streams are drained, so `tail` is complete.
      child.once('close', () => resolve(undefined));
      child.once('error', (err) => {
        spawnError = err;
        resolve(undefined);
      });
    })
  ).finally(() => running.delete(child));
  const isRunning = () => running.has(child);

  let stopping = false;
  /** @type {Promise<void> | undefined} */
  let stopped;
  const stop = () => {
    stopped ??= (async () => {
      stopping = true;
      release();
      if (!isRunning()) return;
      child.kill('SIGTERM');
      const exitedInTime = await Promise.race([exited.then(() => true), sleep(STOP_GRACE_MS, false, { ref: false })]);
      if (!exitedInTime) {
        console.error(`${name} did not stop within ${STOP_GRACE_MS / 1000} s of SIGTERM, sending SIGKILL`);
        child.kill('SIGKILL');
        await exited;
      }
    })();
    return stopped;
  };
  const release = onCleanup(stop);

  const ready = (async () => {
    const deadline = Date.now() + READY_TIMEOUT_MS;
    let lastAnswer = 'no answer';
    for (;;) {
      if (stopping) throw new HarnessError(`${name} was stopped before it was ready`);
      if (!isRunning()) {
        const reason = spawnError ? spawnError.message : `exit code ${child.exitCode ?? child.signalCode}`;
        throw new HarnessError(`${name} exited before it was ready (${reason}). Its last output:\n${tail.join('\n') || '(none)'}`);
      }
      try {
        const response = await fetch(readyUrl, { signal: AbortSignal.timeout(READY_REQUEST_TIMEOUT_MS) });
        await response.body?.cancel();
        if (response.status === 200) return;
        lastAnswer = `HTTP ${response.status}`;
      } catch (err) {
        lastAnswer = err instanceof Error ? err.message : String(err);
      }
      if (Date.now() >= deadline) {
        throw new HarnessError(`${name} did not answer 200 at ${readyUrl} within ${READY_TIMEOUT_MS / 1000} s (last: ${lastAnswer})`);
      }
      await sleep(READY_POLL_MS);
    }
  })();
  // The caller awaits `ready`; this only keeps an early rejection from counting as unhandled.
  ready.catch(() => undefined);

  return { ready, stop, pid: child.pid };
}

/**
 * Spawns a server and waits until it is ready; stops it again if it never gets there.
 * @param {ServerOptions} options
 * @returns {Promise<ServerProcess>}
 */
export async function startServer(options) {
  const server = spawnServer(options);
  try {
    await server.ready;
  } catch (err) {
    await server.stop();
    throw err;
  }
  return server;
}
