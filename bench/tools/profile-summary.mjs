#!/usr/bin/env node
/**
 * Summarises a V8 CPU profile written by `BENCH_PROFILE_DIR=… npm run bench -- <name>`:
 * self and inclusive time per function (name, file:line) over the samples that were not idle,
 * so a change can be judged by where the time of a request goes.
 *
 *   node bench/tools/profile-summary.mjs <file.cpuprofile> [--top 40] [--filter text] [--from s] [--to s]
 *
 * --from/--to keep only the samples taken between those seconds after the profile started (for
 * a server profiled from its start: skip the boot and the seeding, keep the measured load).
 */
import { readFileSync } from 'node:fs';

const args = process.argv.slice(2);
const file = args[0];
if (!file) {
  console.error('usage: profile-summary.mjs <file.cpuprofile> [--top N] [--filter text]');
  process.exit(2);
}
const top = Number(args[args.indexOf('--top') + 1] || 40) || 40;
const filterAt = args.indexOf('--filter');
const filter = filterAt >= 0 ? args[filterAt + 1] : undefined;
const secondsArg = (name, fallback) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const from = secondsArg('--from', 0) * 1e6;
const to = secondsArg('--to', Infinity) * 1e6;

const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const label = (n) => {
  const f = n.callFrame;
  const url = f.url ? f.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/(server|contracts)\//, '$1/') : '';
  return `${f.functionName || '(anonymous)'} ${url}${url ? `:${f.lineNumber + 1}` : ''}`;
};

const self = new Map();
const inclusive = new Map();
let total = 0;
let idle = 0;
const { samples, timeDeltas } = profile;
let at = 0;
for (let i = 0; i < samples.length; i++) {
  at += timeDeltas[i] ?? 0;
  const dt = timeDeltas[i + 1] ?? 0;
  if (at < from || at > to) continue;
  const node = byId.get(samples[i]);
  const name = node.callFrame.functionName;
  if (name === '(idle)') {
    idle += dt;
    continue;
  }
  total += dt;
  const l = label(node);
  self.set(l, (self.get(l) ?? 0) + dt);
  const seen = new Set();
  for (let id = node.id; id !== undefined; id = parent.get(id)) {
    const k = label(byId.get(id));
    if (seen.has(k)) continue;
    seen.add(k);
    inclusive.set(k, (inclusive.get(k) ?? 0) + dt);
  }
}
const pct = (v) => `${((100 * v) / total).toFixed(1).padStart(5)} %`;
console.log(`busy ${(total / 1e6).toFixed(2)} s, idle ${(idle / 1e6).toFixed(2)} s`);
const show = (title, map) => {
  console.log(`\n${title}`);
  [...map.entries()]
    .filter(([k]) => !filter || k.includes(filter))
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .forEach(([k, v]) => console.log(`${pct(v)}  ${k}`));
};
show('self', self);
show('inclusive', inclusive);
