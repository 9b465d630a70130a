// `npm run dev`: the server recompiled and restarted on change (tsc --watch + node --watch)
// and the Vite dev server on :5173, which proxies /api and /socket.io to the server on :3000.
import { spawn, spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const bin = (name) => resolve(root, 'node_modules/.bin', name);

// Contracts and a first server build must exist before node --watch starts.
for (const project of ['contracts/tsconfig.json', 'server/tsconfig.build.json']) {
  const r = spawnSync(bin('tsc'), ['-p', project], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const children = [
  spawn(bin('tsc'), ['-p', 'contracts/tsconfig.json', '--watch', '--preserveWatchOutput'], { cwd: root, stdio: 'inherit' }),
  spawn(bin('tsc'), ['-p', 'server/tsconfig.build.json', '--watch', '--preserveWatchOutput'], { cwd: root, stdio: 'inherit' }),
  spawn(process.execPath, ['--watch-path=server/dist', '--watch-path=contracts/dist', 'server/dist/main.js'], {
    cwd: root,
    stdio: 'inherit',
  }),
  spawn(bin('vite'), ['--config', 'web/vite.config.ts', 'web'], { cwd: root, stdio: 'inherit' }),
];

const stop = () => children.forEach((c) => c.exitCode === null && c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => code && code !== 0 && stop());
