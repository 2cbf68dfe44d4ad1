// @vitest-environment node
// `npm run build` refuses to build a site that cannot reach Supabase (issue 13): without VITE_SUPABASE_URL and
// VITE_SUPABASE_ANON_KEY it stops with a clear message instead of shipping a site that fails in every browser.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { projectRoot } from '../emulator/config';
import { keepSupabaseEnv, setEnv } from './build-test-env';

afterEach(keepSupabaseEnv());

const buildWith = (env: Record<string, string | undefined>) => {
  setEnv(env);
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
