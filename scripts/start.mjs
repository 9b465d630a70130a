// `npm start`: builds what changed since the last build (nothing, usually), then runs Muster in
// this process (api and workers, MUSTER_ROLE=all by default), so signals reach it directly.
import { build } from './build.mjs';

if (!build(undefined, { ifStale: true })) process.exit(1);
await import('../server/dist/main.js');
