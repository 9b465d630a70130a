/**
 * @typedef {object} MetricSpec
 * @property {string} unit Shown next to the values, e.g. "req/s" or "ms".
 * @property {'higher' | 'lower'} better Which way is an improvement.
 */

/** @typedef {Record<string, MetricSpec>} MetricSpecs */

/** Figures of one side, by metric name. */
/** @typedef {Record<string, number>} Figures */

/**
 * @typedef {object} Report
 * @property {string} bench
 * @property {MetricSpecs} metrics
 * @property {Figures} ours
 * @property {Figures | null} baseline null for a benchmark measured against goals rather than a bare baseline (`web`)
 * @property {Figures} [goals] targets per metric, printed beside our figures
 */

/**
 * Prints the table of both sides with the ratio ours/baseline per metric, then, as the very
 * last line, the machine-readable result: {"bench":…,"ours":{…},"baseline":{…}}.
 * @param {Report} report
 */
export function printReport({ bench, metrics, ours, baseline, goals }) {
  checkFigures(metrics, ours, 'ours');
  if (baseline === null) {
    printGoals(bench, metrics, ours, goals ?? {});
    return;
  }
  checkFigures(metrics, baseline, 'baseline');

  const rows = [
    ['metric', 'ours', 'baseline', 'ours/baseline', ''],
    ...Object.entries(metrics).map(([name, { unit, better }]) => [
      name,
      `${format(ours[name])} ${unit}`,
      `${format(baseline[name])} ${unit}`,
      baseline[name] === 0 ? 'n/a' : (ours[name] / baseline[name]).toFixed(2),
      `(${better} is better)`,
    ]),
  ];
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  const numeric = new Set([1, 2, 3]);
  console.log('');
  for (const row of rows) {
    const cells = row.map((cell, column) => (numeric.has(column) ? cell.padStart(widths[column]) : cell.padEnd(widths[column])));
    console.log(`  ${cells.join('   ').trimEnd()}`);
  }
  console.log('');
  console.log(JSON.stringify({ bench, ours: pick(metrics, ours), baseline: pick(metrics, baseline) }));
}

/**
 * @param {MetricSpecs} metrics
 * @param {Figures} figures
 * @param {string} side
 */
function checkFigures(metrics, figures, side) {
  const expected = Object.keys(metrics);
  const actual = Object.keys(figures ?? {});
  const missing = expected.filter((name) => !actual.includes(name));
  const unknown = actual.filter((name) => !expected.includes(name));
  if (missing.length || unknown.length) {
    throw new Error(
      `The ${side} figures do not match the metrics (missing: ${missing.join(', ') || 'none'}; unknown: ${unknown.join(', ') || 'none'})`,
    );
  }
  for (const name of expected) {
    if (!Number.isFinite(figures[name])) throw new Error(`The ${side} figure ${name} is not a finite number: ${figures[name]}`);
  }
}

/**
 * The figures in the order of the metrics.
 * @param {MetricSpecs} metrics
 * @param {Figures} figures
 */
function pick(metrics, figures) {
  return Object.fromEntries(Object.keys(metrics).map((name) => [name, figures[name]]));
}

/** @param {number} value */
function format(value) {
  return value.toLocaleString('en-US', { maximumFractionDigits: 2 });
}

/**
 * The report of a benchmark without a baseline: our figure beside its goal, whether it meets
 * it, and the JSON line with `"baseline": null`.
 * @param {string} bench
 * @param {MetricSpecs} metrics
 * @param {Figures} ours
 * @param {Figures} goals
 */
function printGoals(bench, metrics, ours, goals) {
  const rows = [
    ['metric', 'ours', 'goal', 'met', ''],
    ...Object.entries(metrics).map(([name, { unit, better }]) => {
      const goal = goals[name];
      const met = goal === undefined ? '' : (better === 'higher' ? ours[name] >= goal : ours[name] <= goal) ? 'yes' : 'no';
      return [
        name,
        `${format(ours[name])} ${unit}`,
        goal === undefined ? '' : `${better === 'higher' ? '≥' : '≤'} ${format(goal)} ${unit}`,
        met,
        `(${better} is better)`,
      ];
    }),
  ];
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  console.log('');
  for (const row of rows) {
    const cells = row.map((cell, column) => (column === 1 || column === 2 ? cell.padStart(widths[column]) : cell.padEnd(widths[column])));
    console.log(`  ${cells.join('   ').trimEnd()}`);
  }
  console.log('');
  console.log(JSON.stringify({ bench, ours: pick(metrics, ours), baseline: null }));
}
