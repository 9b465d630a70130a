// `npm run build` builds contracts, server and web app; `node scripts/build.mjs --check` names the
// stale parts without building (exit 1 when any is); `node scripts/build.mjs --if-stale [part…]`
// (what `npm start` and `npm run seed` use) builds only the parts whose sources changed since
// their last build. Each build leaves a stamp in its output: a hash of its sources, its
// configuration and the lockfile, so a checkout, a pull or an `npm ci` that changes nothing
// the part is made of costs nothing.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(import.meta.dirname, '..');
const bin = (name) => resolve(root, 'node_modules/.bin', name);
const shared = ['package-lock.json', 'tsconfig.base.json'];

/** What each part is made of, how it is built and where its stamp lives. Order matters: contracts first. */
export const PARTS = {
  contracts: {
    inputs: [...shared, 'contracts/src', 'contracts/package.json', 'contracts/tsconfig.json'],
    build: [bin('tsc'), ['-p', 'contracts/tsconfig.json']],
    stamp: 'contracts/dist/.build-stamp',
  },
  server: {
    inputs: [...shared, 'contracts/src', 'server/src', 'server/package.json', 'server/tsconfig.json', 'server/tsconfig.build.json'],
    build: [bin('tsc'), ['-p', 'server/tsconfig.build.json']],
    stamp: 'server/dist/.build-stamp',
  },
  web: {
    inputs: [
      ...shared,
      'contracts/src',
      'web/src',
      'web/public',
      'web/index.html',
      'web/package.json',
      'web/tsconfig.json',
      'web/vite.config.ts',
    ],
    build: [bin('vite'), ['build', '--logLevel', 'warn'], 'web'],
    stamp: 'web/dist/.build-stamp',
  },
};

function files(path) {
  const abs = join(root, path);
  if (!existsSync(abs)) return [];
  if (!statSync(abs).isDirectory()) return [path];
  return readdirSync(abs, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && !e.name.endsWith('.spec.ts') && !e.name.endsWith('.spec.tsx'))
    .map((e) => relative(root, join(e.parentPath, e.name)));
}

/** The hash of everything a part is made of (paths and contents). */
export function sourceHash(part) {
  const hash = createHash('sha256');
  for (const file of PARTS[part].inputs.flatMap(files).sort()) {
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(join(root, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

function isFresh(part, hash) {
  try {
    return readFileSync(join(root, PARTS[part].stamp), 'utf8').trim() === hash;
  } catch {
    return false;
  }
}

/** The named parts (all when none) whose sources changed since their last build. */
export function staleParts(parts = Object.keys(PARTS)) {
  return Object.keys(PARTS).filter((p) => parts.includes(p) && !isFresh(p, sourceHash(p)));
}

/** Builds the named parts (all when none), only the stale ones with `ifStale`. False when a build failed. */
export function build(parts = Object.keys(PARTS), { ifStale = false } = {}) {
  for (const part of Object.keys(PARTS).filter((p) => parts.includes(p))) {
    const hash = sourceHash(part);
    if (ifStale && isFresh(part, hash)) continue;
    const [command, args, cwd = '.'] = PARTS[part].build;
    console.log(`Building ${part}…`);
    const result = spawnSync(command, args, { cwd: join(root, cwd), stdio: 'inherit' });
    if (result.status !== 0) return false;
    writeFileSync(join(root, PARTS[part].stamp), `${hash}\n`);
  }
  return true;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const ifStale = args.includes('--if-stale');
  const named = args.filter((a) => !a.startsWith('--'));
  const unknown = named.filter((p) => !(p in PARTS));
  if (unknown.length) {
    console.error(`Unknown part: ${unknown.join(', ')} (known: ${Object.keys(PARTS).join(', ')})`);
    process.exit(2);
  }
  if (args.includes('--check')) {
    const stale = staleParts(named.length ? named : undefined);
    console.log(stale.length ? `Stale: ${stale.join(', ')}` : 'Up to date');
    process.exit(stale.length ? 1 : 0);
  }
  process.exit(build(named.length ? named : undefined, { ifStale }) ? 0 : 1);
}
