import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { join } from 'node:path';

/**
 * A benchmark is a file bench/<name>.bench.mjs exporting:
 * - `description`: one line saying what is measured against what;
 * - `metrics`: the metric names with their unit and direction (see report.mjs);
 * - a default `async function run(ctx)` returning `{ ours, baseline }`, each with exactly
 *   those metrics. It stops everything it started before returning or throwing; the runner
 *   prints the report.
 */

/**
 * @typedef {object} BenchContext
 * @property {string} name The benchmark's name.
 * @property {number} durationSeconds Length of each measured run (env BENCH_DURATION, default 10).
 * @property {number} warmupSeconds Length of the unmeasured run before each measured one.
 * @property {(message: string) => void} log Prints a progress line.
 */

/**
 * @typedef {object} BenchResult
 * @property {import('./report.mjs').Figures} ours
 * @property {import('./report.mjs').Figures | null} baseline null when measured against goals (`goals` export) instead of a bare baseline
 */

/**
 * @typedef {object} Benchmark
 * @property {string} name
 * @property {string} description
 * @property {import('./report.mjs').MetricSpecs} metrics
 * @property {(ctx: BenchContext) => Promise<BenchResult>} run
 */

const BENCH_DIR = fileURLToPath(new URL('../', import.meta.url));
const SUFFIX = '.bench.mjs';

/** Names of the benchmarks in bench/, sorted. */
export function listBenchmarks() {
  return readdirSync(BENCH_DIR)
    .filter((file) => file.endsWith(SUFFIX))
    .map((file) => file.slice(0, -SUFFIX.length))
    .sort();
}

/**
 * @param {string} name
 * @returns {Promise<Benchmark>}
 */
export async function loadBenchmark(name) {
  const file = join(BENCH_DIR, `${name}${SUFFIX}`);
  const module = await import(pathToFileURL(file).href);
  if (typeof module.default !== 'function') throw new Error(`${file} has no default export function run(ctx)`);
  if (typeof module.description !== 'string') throw new Error(`${file} does not export a description string`);
  if (typeof module.metrics !== 'object' || module.metrics === null) throw new Error(`${file} does not export its metrics`);
  return {
    name,
    description: module.description,
    metrics: module.metrics,
    goals: module.goals,
    timed: module.timed !== false,
    run: module.default,
  };
}
