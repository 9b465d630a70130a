import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const SRC = fileURLToPath(new URL('../', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.spec\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/**
 * The route table imports every page (lazily) and the guards; a page that imported them back would
 * tie the features to the app's wiring. Pages take `PageProps` from `lib/page` and the session from
 * `features/auth/signed-in-session`.
 */
describe('the features', () => {
  it('import neither the route table, nor the router, nor the guards', () => {
    const offenders = sources(join(SRC, 'features'))
      .filter((file) => /from '(\.\.\/)+app\/(route-table|router|guards)'/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(SRC, file));
    expect(offenders).toEqual([]);
  });
});

/**
 * The source files `entry` reaches through its imports, resolved from relative paths: static ones
 * (`import … from './x'`, `export … from`, `import './x'`: the same chunk) and, with `dynamic`,
 * `import('./x')` too (everything that may render inside it). Type-only imports vanish.
 */
function importGraph(entry: string, dynamic = false, seen = new Set<string>()): Set<string> {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  const text = readFileSync(entry, 'utf8');
  const targets = [...text.matchAll(/^(?:import|export)\s+(type\s+)?(?:[^;']*?from\s+)?'(\.[^']+)'/gms)]
    .filter(([, typeOnly]) => !typeOnly)
    .map(([, , target]) => target!);
  if (dynamic) targets.push(...[...text.matchAll(/import\(\s*'(\.[^']+)'/g)].map(([, target]) => target!));
  for (const target of targets) {
    const base = join(entry, '..', target);
    const file = ['.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => base + ext).find((f) => exists(f));
    if (file) importGraph(file, dynamic, seen);
  }
  return seen;
}

function exists(file: string): boolean {
  try {
    readFileSync(file);
    return true;
  } catch {
    return false;
  }
}

/**
 * What every public page loads before anything else (issue 23: at most 170 KB of gzip JavaScript
 * on `/`). Whatever only a signed-in user needs is loaded when it is needed.
 */
describe('the entry chunk', () => {
  it('leaves out the session lock, the signed-in layouts and the pages', () => {
    const reached = [...importGraph(join(SRC, 'main.tsx'))].map((file) => relative(SRC, file));
    expect(reached).toContain('features/session-lock/SessionLockGate.tsx');
    expect(
      reached.filter((file) =>
        /session-lock\/(SessionLock\.tsx|lock-store|LockOverlay)|shell\/(AppLayout|AuditorLayout)|Page\.tsx$/.test(file),
      ),
    ).toEqual([]);
  });
});

const usesQueries = (file: string) => /from '@tanstack\/react-query'/.test(readFileSync(file, 'utf8'));

/**
 * TanStack Query comes with the screens that call the API (`WithQueries`, the signed-in area):
 * a component that used it outside them would fail to render ("No QueryClient set").
 */
describe('TanStack Query', () => {
  it('is not in the entry chunk', () => {
    const offenders = [...importGraph(join(SRC, 'main.tsx'))].filter(usesQueries).map((file) => relative(SRC, file));
    expect(offenders).toEqual([]);
  });

  it('is used by none of the pages that render without it, nor by anything they load', async () => {
    const { PAGES_WITHOUT_QUERIES } = await import('./route-table');
    // Each loader is `() => import('../features/…/Page')`: its module, from its own source.
    const pages = [...PAGES_WITHOUT_QUERIES].map((load) => /import\(\s*['"]([^'"]+)['"]/.exec(load.toString())![1]!);
    expect(pages).toContain('../features/site/HomePage');
    const offenders = pages
      .flatMap((page) => [...importGraph(join(SRC, 'app', `${page}.tsx`), true)].filter(usesQueries))
      .map((file) => relative(SRC, file));
    expect(offenders).toEqual([]);
  });
});
