/**
 * `web`: what the public site costs a visitor. The gzip size of the JavaScript that `/` loads,
 * and Lighthouse's performance and accessibility scores (0–100, its default mobile profile with
 * simulated throttling) for `/` and `/pricing`, in Debian's Chromium. There is no bare baseline:
 * the figures are printed beside their goals.
 */
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { onCleanup } from './lib/cleanup.mjs';
import { startMuster } from './lib/muster.mjs';

export const description = 'JavaScript loaded by / (gzip) and Lighthouse scores of / and /pricing in Chromium, against goals';

/** Not a timed load: BENCH_DURATION does not apply. */
export const timed = false;

/** @type {import('./lib/report.mjs').MetricSpecs} */
export const metrics = {
  js_gzip_kb: { unit: 'KB', better: 'lower' },
  lh_perf_home: { unit: 'pts', better: 'higher' },
  lh_perf_pricing: { unit: 'pts', better: 'higher' },
  lh_a11y_home: { unit: 'pts', better: 'higher' },
  lh_a11y_pricing: { unit: 'pts', better: 'higher' },
};

/** @type {import('./lib/report.mjs').Figures} */
export const goals = { js_gzip_kb: 170, lh_perf_home: 95, lh_perf_pricing: 95, lh_a11y_home: 95, lh_a11y_pricing: 95 };

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** Lighthouse runs per page; the median score counts (performance varies from run to run). */
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

/**
 * Sums the gzip size (zlib's default level, as Vite reports it) of every script `/` loads until
 * the network is idle.
 * @param {string} url
 */
async function javascriptOf(url) {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS.slice(1) });
  try {
    const page = await browser.newPage();
    /** @type {Promise<number>[]} */
    const sizes = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      sizes.push(
        response.body().then(
          (body) => gzipSync(body).length,
          () => 0,
        ),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    const bytes = (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
    return { kb: Math.round((bytes / 1024) * 10) / 10, scripts: sizes.length };
  } finally {
    await browser.close();
  }
}

/** @param {number[]} values */
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * @param {string} url
 * @param {number} port
 */
async function lighthouseScores(url, port) {
  const perf = [];
  const a11y = [];
  for (let i = 0; i < RUNS; i++) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
    const { categories, audits } = result.lhr;
    perf.push(Math.round((categories.performance.score ?? 0) * 100));
    a11y.push(Math.round((categories.accessibility.score ?? 0) * 100));
    if (i === 0) {
      const ms = (id) => Math.round(audits[id]?.numericValue ?? 0);
      console.log(
        `   ${new URL(url).pathname}: FCP ${ms('first-contentful-paint')} ms, LCP ${ms('largest-contentful-paint')} ms, TBT ${ms('total-blocking-time')} ms, CLS ${(audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)}`,
      );
    }
  }
  return { perf: median(perf), a11y: median(a11y), runs: perf };
}

/** @param {import('./lib/benchmark.mjs').BenchContext} ctx */
export default async function run(ctx) {
  const muster = await startMuster();
  try {
    const home = `${muster.url}/?lng=en`;
    const pricing = `${muster.url}/pricing?lng=en`;
    const js = await javascriptOf(home);
    ctx.log(`/ loads ${js.scripts} scripts, ${js.kb} KB gzip`);

    const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
    const release = onCleanup(async () => {
      chrome.kill();
    });
    try {
      const homeScores = await lighthouseScores(home, chrome.port);
      ctx.log(`/ performance runs: ${homeScores.runs.join(', ')}`);
      const pricingScores = await lighthouseScores(pricing, chrome.port);
      ctx.log(`/pricing performance runs: ${pricingScores.runs.join(', ')}`);
      return {
        ours: {
          js_gzip_kb: js.kb,
          lh_perf_home: homeScores.perf,
          lh_perf_pricing: pricingScores.perf,
          lh_a11y_home: homeScores.a11y,
          lh_a11y_pricing: pricingScores.a11y,
        },
        baseline: null,
      };
    } finally {
      release();
      chrome.kill();
    }
  } finally {
    await muster.stop();
  }
}
