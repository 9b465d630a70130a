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
