// @vitest-environment node
// An article published in the dashboard reaches the next build (issue 13, point 4): inserted through REST with the
// service key, as the dashboard would, it appears in the built sitemap and RSS feed; a draft does not.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../emulator/config';
import { startEmulator, type RunningEmulator } from '../emulator/server';
import { client } from '../tests/support/supabase';
import { keepSupabaseEnv } from './build-test-env';

let emu: RunningEmulator;
const slug = `dashboard-article-${Date.now()}`;
const draft = `${slug}-draft`;
const restoreEnv = keepSupabaseEnv();

beforeAll(async () => {
  emu = await startEmulator({ port: 0, dataDir: 'memory', testing: true, log: false });
  for (const [s, published] of [
    [slug, true],
    [draft, false],
  ] as const) {
    const { status } = await client(emu.url, emu.serviceRoleKey).from('blog_articles').insert({
      title: 'Written in the dashboard',
      slug: s,
      intro: 'An article an editor published after the last deploy.',
      meta_description: 'An article an editor published after the last deploy.',
      category: 'Selling',
      read_time: '3 min read',
      published,
    });
    expect(status).toBe(201);
  }
}, 60_000);
afterAll(async () => {
  restoreEnv();
  await emu?.stop();
});

describe('the build reads the published articles from the database', () => {
  it('lists an article inserted through REST in the sitemap and the feed, and not a draft', async () => {
    process.env.VITE_SUPABASE_URL = emu.url;
    process.env.VITE_SUPABASE_ANON_KEY = emu.anonKey;
    const outDir = mkdtempSync(path.join(tmpdir(), 'flipwise-build-articles-'));
    await build({
      configFile: path.join(projectRoot, 'vite.config.ts'),
      envDir: mkdtempSync(path.join(tmpdir(), 'flipwise-env-')),
      logLevel: 'silent',
      build: { outDir, emptyOutDir: true },
    });
    const sitemap = readFileSync(path.join(outDir, 'sitemap.xml'), 'utf8');
    const feed = readFileSync(path.join(outDir, 'blog', 'feed.xml'), 'utf8');
    expect(sitemap).toContain(`/blog/${slug}</loc>`);
    expect(feed).toContain(`/blog/${slug}</link>`);
    expect(feed).toContain('<title>Written in the dashboard</title>');
    expect(sitemap).not.toContain(draft);
    expect(feed).not.toContain(draft);
  }, 180_000);
});
