#!/usr/bin/env node
/**
 * The scripts a public page loads and their gzip sizes, and for each, the packages (or app
 * folders) its source map says it holds, by minified bytes: what to cut to shrink the `web`
 * benchmark's figure.   node bench/tools/web-scripts.mjs [path=/] [--top N]
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { createDatabase } from '../lib/clients.mjs';
import { startMuster } from '../lib/muster.mjs';

const path = process.argv.find((a, i) => i > 1 && a.startsWith('/')) ?? '/';
const topIndex = process.argv.indexOf('--top');
const top = topIndex > 0 ? Number(process.argv[topIndex + 1]) : 12;
const database = await createDatabase();
const server = await startMuster({ env: { DATABASE_URL: database.url, SEED_ON_EMPTY: 'true' } });
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const page = await browser.newPage();
  const scripts = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push(response.body().then((body) => ({ url: new URL(response.url()).pathname, body })));
  });
  await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });
  let total = 0;
  for (const { url, body } of await Promise.all(scripts)) {
    const gz = gzipSync(body).length;
    total += gz;
    console.log(`${(gz / 1024).toFixed(1).padStart(7)} KB  ${url}`);
    try {
      const map = JSON.parse(readFileSync(`web/dist${url}.map`, 'utf8'));
      const byPackage = new Map();
      map.sources.forEach((source, i) => {
        const m = source.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
        const key = m
          ? m[1]
          : source
              .replace(/^(\.\.\/)+/, '')
              .split('/')
              .slice(0, 3)
              .join('/');
        byPackage.set(key, (byPackage.get(key) ?? 0) + (map.sourcesContent?.[i]?.length ?? 0));
      });
      for (const [key, bytes] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, top)) {
        console.log(`            ${(bytes / 1024).toFixed(1).padStart(7)} KB source  ${key}`);
      }
    } catch {
      // No source map for this script.
    }
  }
  console.log(`${(total / 1024).toFixed(1).padStart(7)} KB  gzip in all`);
} finally {
  await browser.close();
  await server.stop();
  await database.drop();
}
