// Completes package-lock.json with the platform binaries that the registry reachable here does
// not serve (darwin, win32, android, … builds of @swc/core and unrs-resolver). npm records an
// optional dependency only when it can read its manifest, and `npm ci` refuses a lockfile that
// lacks any optional dependency of a locked package — on every machine. Each added entry names
// its os/cpu/libc (from the package name, the scheme these packages use), so `npm ci` skips it
// on any other platform, exactly as it does for the entries npm wrote itself.
// Run after `npm install` changes the lockfile:  node scripts/complete-lockfile.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

const file = resolve(import.meta.dirname, '../package-lock.json');
const lock = JSON.parse(readFileSync(file, 'utf8'));
const packages = lock.packages;

const OS = ['darwin', 'win32', 'linux', 'android', 'freebsd', 'openharmony', 'sunos', 'aix', 'netbsd', 'openbsd'];
const CPU = ['arm64', 'x64', 'arm', 'ia32', 'ppc64', 's390x', 'loong64', 'riscv64', 'mips64el', 'wasm32'];

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.find((p) => CPU.includes(p));
  if (!os || !cpu) return null;
  const libc = parts.some((p) => p.startsWith('musl')) ? 'musl' : parts.some((p) => p.startsWith('gnu')) && os === 'linux' ? 'glibc' : null;
  return { os: [os], cpu: [cpu], ...(libc ? { libc: [libc] } : {}) };
}

let added = 0;
for (const [path, meta] of Object.entries(packages)) {
  for (const [dep, version] of Object.entries(meta.optionalDependencies ?? {})) {
    const target = `node_modules/${dep}`;
    if (packages[target] || packages[`${path}/${target}`]) continue;
    const platform = platformOf(dep);
    if (!platform || !/^\d+\.\d+\.\d+/.test(version)) continue;
    packages[target] = { version, ...platform, optional: true, ...(meta.dev ? { dev: true } : {}) };
    added += 1;
  }
}

writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(added ? `Added ${added} platform entries to package-lock.json` : 'package-lock.json already lists every platform binary');
