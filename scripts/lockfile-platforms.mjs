#!/usr/bin/env node
// Adds lock entries for optional, platform-specific packages (other OSes and CPUs) that this machine's npm
// registry mirror does not carry. npm install skips them silently, but npm ci then refuses the lock as out of sync.
// The entries only describe packages npm will never install here (their os/cpu do not match), so nothing is fetched.
// Run after `npm install` changes package-lock.json: node scripts/lockfile-platforms.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const path = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(path, 'utf8'));
const packages = lock.packages;

function platformOf(name) {
  const id = name.split('/').pop();
  const os =
    [
      'darwin',
      'win32',
      'linux',
      'android',
      'freebsd',
      'openharmony',
      'netbsd',
      'openbsd',
      'sunos',
      'aix',
    ].find((o) => id.includes(o)) ?? (id.includes('windows') ? 'win32' : undefined);
  const cpu = [
    'arm64',
    'x64',
    'ia32',
    'arm',
    'loong64',
    'ppc64',
    'riscv64',
    's390x',
    'mips64el',
    'wasm32',
  ].find((c) => id.includes(c));
  const libc = id.includes('musl')
    ? 'musl'
    : id.includes('gnu') || id.includes('glibc')
      ? 'glibc'
      : undefined;
  return { os, cpu, libc };
}

let added = 0;
for (const [key, entry] of Object.entries(packages)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${key}/node_modules/${dep}`;
    if (packages[nested] || packages[`node_modules/${dep}`]) continue;
    const { os, cpu, libc } = platformOf(dep);
    if (!os || (os === 'linux' && cpu === 'x64' && libc !== 'musl')) continue; // ours must come from the registry
    packages[`node_modules/${dep}`] = {
      version,
      ...(cpu && { cpu: [cpu] }),
      ...(entry.dev && { dev: true }),
      ...(libc && { libc: [libc] }),
      optional: true,
      os: [os],
    };
    added++;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`lockfile-platforms: added ${added} foreign-platform entries`);
