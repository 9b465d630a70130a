// `npm test`: builds the product, then runs the three tiers — jest unit and web tests, jest
// integration tests against real PostgreSQL/Redis/server processes (with a pool of 4
// connections, and the request-heavy files again with a pool of 1), Playwright end-to-end tests in Chromium — and ends with one summary
// line "tests: N passed, N failed".
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const out = resolve(root, '.tmp/test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

const jest = ['--experimental-vm-modules', 'node_modules/jest/bin/jest.js'];
// Integration files on both cores (each starts its own server processes, which mostly wait on the
// database and Redis). --forceExit: a test that failed by timing out may leave a connection open,
// and jest would then wait for it after printing its verdict, until CI's time ran out; the verdict
// is already written, so the run ends with it.
const INTEGRATION_FLAGS = ['--maxWorkers=2', '--forceExit'];
const tiers = [];
if (!run('build', 'npm', ['run', 'build'])) {
  console.error('The build failed; no tests were run.');
  console.log('tests: 0 passed, 1 failed');
  process.exit(1);
}
tiers.push([
  'unit and web',
  run('unit and web tests (jest)', process.execPath, [
    ...jest,
    '--selectProjects',
    'unit',
    'web',
    // Both cores: jest's default leaves one of two idle.
    '--maxWorkers=2',
    '--json',
    `--outputFile=${out}/unit.json`,
  ]),
]);
tiers.push([
  'integration',
  run('integration tests (jest, real PostgreSQL, Redis and processes)', process.execPath, [
    ...jest,
    '--selectProjects',
    'integration',
    ...INTEGRATION_FLAGS,
    '--json',
    `--outputFile=${out}/integration.json`,
  ]),
]);
// Request-heavy files again with one database connection per server process: a request that
// waited for a second connection while its transaction holds the first would hang here (as it
// would on a busy pool). MusterDataSource sends every query made inside a transaction through its
// connection, and database.test.ts proves that on a pool of one; this pass checks the modules'
// real request paths. The whole suite on a pool of one is `npm run test:integration:pool-1`.
const POOL_ONE_FILES = ['members', 'live-chat', 'account-controls', 'tickets', 'recovery', 'evidence-requests', 'knowledge', 'drills'];
tiers.push([
  'integration, pool of one connection',
  run(
    'integration tests with DATABASE_POOL_SIZE=1 (request-heavy modules)',
    process.execPath,
    [
      ...jest,
      '--selectProjects',
      'integration',
      '--testPathPatterns',
      `server/test/(${POOL_ONE_FILES.join('|')})\\.test\\.ts$`,
      ...INTEGRATION_FLAGS,
      '--json',
      `--outputFile=${out}/integration-pool-1.json`,
    ],
    { TEST_DATABASE_POOL_SIZE: '1' },
  ),
]);
tiers.push([
  'end-to-end',
  run('end-to-end tests (Playwright, Chromium)', 'npx', ['playwright', 'test', '-c', 'test/playwright.config.ts', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: `${out}/e2e.json`,
  }),
]);

let passed = 0;
let failed = 0;
for (const file of ['unit.json', 'integration.json', 'integration-pool-1.json']) {
  try {
    const r = JSON.parse(readFileSync(`${out}/${file}`, 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0);
  } catch {
    failed += 1;
  }
}
try {
  const r = JSON.parse(readFileSync(`${out}/e2e.json`, 'utf8'));
  passed += r.stats.expected;
  // No retries are configured, so a "flaky" test can only be a failure worth reporting.
  failed += r.stats.unexpected + (r.stats.flaky ?? 0);
} catch {
  failed += 1;
}
const failedTiers = tiers.filter(([, ok]) => !ok).map(([name]) => name);
if (failedTiers.length) console.error(`\nFailed tiers: ${failedTiers.join(', ')}`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failedTiers.length ? 1 : 0);
