/**
 * Benchmark runner: `npm run bench` runs every bench/<name>.bench.mjs, `npm run bench -- <name>…`
 * the named ones, one after the other. Each prints its figures and, as its last line, one JSON
 * object. Exits 1 when a benchmark fails or a name is unknown. See bench/README.md.
 */
import { constants } from 'node:os';
import { listBenchmarks, loadBenchmark } from './lib/benchmark.mjs';
import { runCleanups } from './lib/cleanup.mjs';
import { HarnessError } from './lib/errors.mjs';
import { printReport } from './lib/report.mjs';

const DEFAULT_DURATION_SECONDS = 10;
const WARMUP_SECONDS = 2;

handleSignals();
process.exitCode = await main(process.argv.slice(2));

/**
 * @param {string[]} names
 * @returns {Promise<number>} the exit code
 */
async function main(names) {
  const available = listBenchmarks();
  const unknown = names.filter((name) => !available.includes(name));
  if (unknown.length) {
    console.error(`Unknown benchmark${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`);
    console.error(`Available: ${available.join(', ') || '(none)'}`);
    return 1;
  }
  const requested = names.length ? names : available;
  if (!requested.length) {
    console.error('No benchmarks found (bench/<name>.bench.mjs).');
    return 1;
  }

  let durationSeconds;
  try {
    durationSeconds = readDuration(process.env.BENCH_DURATION);
  } catch (err) {
    printError(err);
    return 1;
  }

  /** @type {string[]} */
  const failed = [];
  for (const [index, name] of requested.entries()) {
    if (index > 0) console.log('');
    try {
      await runBenchmark(name, durationSeconds);
    } catch (err) {
      console.error(`Benchmark ${name} failed:`);
      printError(err);
      failed.push(name);
    }
  }
  if (failed.length) {
    console.error(`\n${failed.length} of ${requested.length} benchmarks failed: ${failed.join(', ')}`);
    return 1;
  }
  return 0;
}

/**
 * @param {string} name
 * @param {number} durationSeconds
 */
async function runBenchmark(name, durationSeconds) {
  const bench = await loadBenchmark(name);
  console.log(`== ${name}: ${bench.description}`);
  if (bench.timed) console.log(`   ${durationSeconds} s measured after a ${WARMUP_SECONDS} s warm-up, for each side`);
  let result;
  try {
    result = await bench.run({
      name,
      durationSeconds,
      warmupSeconds: WARMUP_SECONDS,
      log: (message) => console.log(`   ${message}`),
    });
  } finally {
    // Whatever the benchmark left running is stopped before its report, so the JSON stays last.
    await runCleanups();
  }
  printReport({ bench: name, metrics: bench.metrics, ours: result.ours, baseline: result.baseline, goals: bench.goals });
}

/**
 * @param {string | undefined} value
 * @returns {number}
 */
function readDuration(value) {
  if (value === undefined || value === '') return DEFAULT_DURATION_SECONDS;
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds <= 0) {
    throw new HarnessError(`BENCH_DURATION must be a positive number of seconds, got "${value}"`);
  }
  return seconds;
}

/** @param {unknown} err */
function printError(err) {
  if (err instanceof HarnessError) console.error(err.message);
  else console.error(err);
}

/** On ctrl-c or SIGTERM: stop the servers and delete their Redis keys, then exit; a second signal exits at once. */
function handleSignals() {
  let interrupted = false;
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
    process.on(signal, () => {
      const code = 128 + constants.signals[signal];
      if (interrupted) process.exit(code);
      interrupted = true;
      console.error(`\n${signal} received, stopping the servers…`);
      void runCleanups().finally(() => process.exit(code));
    });
  }
}
