// @vitest-environment node
// `npm run build` refuses to build a site that cannot reach Supabase (issue 13): without VITE_SUPABASE_URL and
// VITE_SUPABASE_ANON_KEY it stops with a clear message instead of shipping a site that fails in every browser.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { projectRoot } from '../emulator/config';

const saved = { url: process.env.VITE_SUPABASE_URL, key: process.env.VITE_SUPABASE_ANON_KEY };
afterEach(() => {
  for (const [name, value] of [
    ['VITE_SUPABASE_URL', saved.url],
    ['VITE_SUPABASE_ANON_KEY', saved.key],
  ] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

const buildWith = (env: Record<string, string | undefined>) => {
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  return build({
    configFile: path.join(projectRoot, 'vite.config.ts'),
    // No .env files: only what this test sets.
    envDir: mkdtempSync(path.join(tmpdir(), 'flipwise-env-')),
    logLevel: 'silent',
    build: { write: false, outDir: mkdtempSync(path.join(tmpdir(), 'flipwise-build-')) },
  });
};

describe('the production build and the Supabase variables', () => {
  it('fails with a clear message when both are missing', async () => {
    await expect(
      buildWith({ VITE_SUPABASE_URL: undefined, VITE_SUPABASE_ANON_KEY: undefined }),
    ).rejects.toThrow(
      /Cannot build Flipwise without VITE_SUPABASE_URL .* and VITE_SUPABASE_ANON_KEY .*see \.env\.example/,
    );
  });

  it('names the one that is missing', async () => {
    await expect(
      buildWith({ VITE_SUPABASE_URL: 'https://abcd.supabase.co', VITE_SUPABASE_ANON_KEY: undefined }),
    ).rejects.toThrow(/without VITE_SUPABASE_ANON_KEY/);
  });
});
