// Each edge function deploys from its own folder: its deno.json is the import map the Supabase CLI bundles with, and
// its committed deno.lock pins every package (and every package's packages) by version and integrity hash. Deno runs
// each one from that folder with --frozen, so a lock that no longer matches the imports fails here, not at deploy.
import type { ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bootUnderDeno, functionDir } from './support/deno';

const functionsDir = path.resolve(import.meta.dirname, '..', 'supabase', 'functions');
const names = readdirSync(functionsDir, { withFileTypes: true })
  .filter((d) => d.isDirectory() && !d.name.startsWith('_'))
  .map((d) => d.name);

type DenoJson = { imports: Record<string, string> };
type DenoLock = { specifiers: Record<string, string>; npm: Record<string, { integrity: string }> };
const read = <T>(file: string) => JSON.parse(readFileSync(file, 'utf8')) as T;

let child: ChildProcess | undefined;
afterEach(() => {
  child?.kill('SIGTERM');
  child = undefined;
});

describe('edge function dependencies', () => {
  it('finds the functions (contact, market-sources, search-available, search-listed, search-sold) and no shared import map', () => {
    expect(names).toEqual(['contact', 'market-sources', 'search-available', 'search-listed', 'search-sold']);
    expect(existsSync(path.join(functionsDir, 'deno.json'))).toBe(false);
  });

  it.each(names)('%s: deno.json names exact versions and deno.lock pins each with its whole tree', (name) => {
    const { imports } = read<DenoJson>(path.join(functionDir(name), 'deno.json'));
    const lock = read<DenoLock>(path.join(functionDir(name), 'deno.lock'));
    for (const specifier of Object.values(imports)) {
      expect(specifier).toMatch(/^npm:(@[\w.-]+\/)?[\w.-]+@\d+\.\d+\.\d+$/);
      expect(lock.specifiers[specifier]).toBe(specifier.replace(/^npm:(@?[^@]+)@/, ''));
    }
    const packages = Object.entries(lock.npm);
    expect(packages.length).toBeGreaterThan(Object.keys(imports).length);
    for (const [, entry] of packages) expect(entry.integrity).toMatch(/^sha512-/);
  });

  it.each(names)(
    '%s boots under deno run --frozen from its own folder',
    async (name) => {
      const booted = await bootUnderDeno(name);
      child = booted.child;
      expect(booted.preflight?.status).toBe(200);
      expect(booted.preflight?.headers.get('access-control-allow-origin')).toBe('*');
    },
    90_000,
  );
});
