import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ROLE_RANKS } from '@muster/contracts';
import { ROUTES } from './route-table';

interface SpecRoutes {
  ranks: Record<string, number>;
  routes: { path: string; layout: string; minRole: string | null }[];
}

const vendored = resolve(process.cwd(), 'web/src/app/spec/routes.json');
const spec = JSON.parse(readFileSync(vendored, 'utf8')) as SpecRoutes;

describe('route table', () => {
  it('holds exactly the routes of spec/routes.json, with their layouts and minimum roles, in order', () => {
    expect(ROUTES.filter((route) => !route.beyondSpec).map(({ path, layout, minRole }) => ({ path, layout, minRole }))).toEqual(
      spec.routes.map(({ path, layout, minRole }) => ({ path, layout, minRole })),
    );
  });

  it('adds only routes of its own that the spec does not have, and says so', () => {
    const specPaths = new Set(spec.routes.map((route) => route.path));
    for (const route of ROUTES.filter((r) => r.beyondSpec)) expect(specPaths.has(route.path)).toBe(false);
    expect(ROUTES.filter((r) => r.beyondSpec).map((r) => r.path)).toContain('/invite/:token');
  });

  it('uses the ranks of the spec', () => {
    expect(ROLE_RANKS).toEqual(spec.ranks);
  });

  it('has a loader and a page id for every route', () => {
    for (const route of ROUTES) {
      expect(typeof route.load).toBe('function');
      expect(route.pageId).toMatch(/^[a-zA-Z]+$/);
    }
  });

  // The team's copy of the spec lives beside the project; the vendored copy must not drift.
  const shared = resolve(process.cwd(), '../shared/spec/routes.json');
  (existsSync(shared) ? it : it.skip)('matches the shared spec file', () => {
    expect(JSON.parse(readFileSync(shared, 'utf8'))).toEqual(spec);
  });
});
