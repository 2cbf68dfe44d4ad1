// The blog's three reads (SPEC §7) and the publish script, through supabase-js against the emulator: what a
// visitor's browser and an editor's script actually receive.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startEmulator, type RunningEmulator } from '../emulator/server';
import { loadArticles, publishedOnly, sortArticles } from '../content/blog/index';
import { publishArticles } from '../scripts/blog-publish';
import { client, userToken } from './support/supabase';

const articles = loadArticles();
const published = sortArticles(publishedOnly(articles));
const draft = articles.find((a) => !a.published)!;

describe('blog reads on the seeded database', () => {
  let emulator: RunningEmulator;

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, dataDir: 'memory', log: false });
    // The SPA's fetchers read the build-time env through getSupabase(), a client made once per module registry; point
    // them at this emulator, and start a registry of this file's (its worker may have run another file before it).
    vi.resetModules();
    vi.stubEnv('VITE_SUPABASE_URL', emulator.url);
    vi.stubEnv('VITE_SUPABASE_ANON_KEY', emulator.anonKey);
    // Node 20 has no WebSocket; supabase-js only needs the constructor to exist (realtime is never opened here).
    vi.stubGlobal('WebSocket', class NoRealtime {});
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    vi.unstubAllGlobals();
    await emulator?.stop();
  });

  it('has every content file loaded by supabase/seed.sql, the draft included', async () => {
    const service = client(emulator.url, emulator.serviceRoleKey);
    const { data, error } = await service.from('blog_articles').select('slug, published');
    expect(error).toBeNull();
    expect(new Map(data!.map((r) => [r.slug, r.published]))).toEqual(
      new Map(articles.map((a) => [a.slug, a.published])),
    );
  });

  it('lists published articles, newest first, with all columns (getArticles)', async () => {
    const { getArticles } = await import('@/features/blog/api/get-articles');
    const list = await getArticles();
    expect(list.map((a) => a.slug)).toEqual(published.map((a) => a.slug));
    expect(list.map((a) => a.slug)).not.toContain(draft.slug);
    const first = list[0];
    const source = published[0];
    expect(first).toMatchObject({
      title: source.title,
      content: source.content,
      faq: source.faq,
      rows: source.rows,
      featured: source.featured,
    });
    expect(first.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('reads one published article by slug with its sections, takeaways and table (getArticle)', async () => {
    const { getArticle } = await import('@/features/blog/api/get-article');
    const source = published.find((a) => a.columns.length > 0)!;
    const article = await getArticle(source.slug);
    expect(article).toMatchObject({
      slug: source.slug,
      title: source.title,
      key_takeaways: source.key_takeaways,
      columns: source.columns,
      rows: source.rows,
      published: true,
    });
    expect(Date.parse(article.created_at)).toBe(Date.parse(source.created_at));
  });

  it('answers "not found" for the draft and for an unknown slug', async () => {
    const { getArticle } = await import('@/features/blog/api/get-article');
    const { ArticleNotFoundError } = await import('@/features/blog/api/errors');
    await expect(getArticle(draft.slug)).rejects.toBeInstanceOf(ArticleNotFoundError);
    await expect(getArticle('no-such-article')).rejects.toBeInstanceOf(ArticleNotFoundError);
  });

  it('gives two related published articles, never the current one or the draft (getRelatedArticles)', async () => {
    const { getRelatedArticles } = await import('@/features/blog/api/get-related-articles');
    for (const article of published) {
      const related = await getRelatedArticles(article.slug);
      expect(related).toHaveLength(2);
      for (const other of related) {
        expect(Object.keys(other).sort()).toEqual(['created_at', 'intro', 'read_time', 'slug', 'title']);
        expect(other.slug).not.toBe(article.slug);
        expect(other.slug).not.toBe(draft.slug);
      }
    }
  });

  it('keeps drafts from signed-in users too, and refuses their writes', async () => {
    const user = client(
      emulator.url,
      emulator.anonKey,
      await userToken('6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f'),
    );
    const read = await user.from('blog_articles').select('slug').eq('slug', draft.slug);
    expect(read.data).toEqual([]);
    const write = await user
      .from('blog_articles')
      .update({ published: true })
      .eq('slug', draft.slug)
      .select();
    expect(write.error?.code).toBe('42501');
    const anon = client(emulator.url, emulator.anonKey);
    const insert = await anon.from('blog_articles').insert({ ...published[0], slug: 'anon-insert' });
    expect(insert.error?.code).toBe('42501');
  });
});

describe('npm run blog:publish', () => {
  let emulator: RunningEmulator;

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, dataDir: 'memory', seed: false, log: false });
  });
  afterAll(async () => {
    await emulator?.stop();
  });

  it('creates every article on an empty project, then updates them in place on a second run', async () => {
    const lines: string[] = [];
    const first = await publishArticles({
      url: emulator.url,
      serviceRoleKey: emulator.serviceRoleKey,
      articles,
      log: (l) => lines.push(l),
    });
    expect(first.map((r) => r.action)).toEqual(articles.map(() => 'created'));
    expect(lines.some((l) => l.includes(`/blog/${draft.slug}`) && l.includes('draft'))).toBe(true);
    expect(lines.at(-1)).toBe(
      `${articles.length} articles upserted into ${emulator.url} (${published.length} published, 1 draft).`,
    );

    const anon = client(emulator.url, emulator.anonKey);
    const visible = await anon.from('blog_articles').select('slug').order('created_at', { ascending: false });
    expect(visible.data!.map((r) => r.slug)).toEqual(published.map((a) => a.slug));

    const edited = articles.map((a) =>
      a.slug === published[0].slug ? { ...a, title: 'Retitled by the editor' } : a,
    );
    const second = await publishArticles({
      url: emulator.url,
      serviceRoleKey: emulator.serviceRoleKey,
      articles: edited,
      log: () => {},
    });
    expect(second.map((r) => r.action)).toEqual(articles.map(() => 'updated'));
    const service = client(emulator.url, emulator.serviceRoleKey);
    const all = await service.from('blog_articles').select('slug, title');
    expect(all.data).toHaveLength(articles.length);
    expect(all.data!.find((r) => r.slug === published[0].slug)?.title).toBe('Retitled by the editor');
  });

  it('leaves an article edited in the dashboard after its last publish alone, unless --force', async () => {
    const service = client(emulator.url, emulator.serviceRoleKey);
    const publish = async (force = false) => {
      const lines: string[] = [];
      const result = await publishArticles({
        url: emulator.url,
        serviceRoleKey: emulator.serviceRoleKey,
        articles,
        force,
        log: (l) => lines.push(l),
      });
      return { result, lines };
    };
    const titleOf = async (slug: string) =>
      (await service.from('blog_articles').select('title').eq('slug', slug).single()).data?.title;
    const target = published[1];
    await publish();

    // What the dashboard's table editor does: an update through the API with the service key.
    const edit = await service
      .from('blog_articles')
      .update({ title: 'Fixed in the dashboard' })
      .eq('slug', target.slug);
    expect(edit.error).toBeNull();
    // An article an editor created in the dashboard under a slug that content/blog also has.
    const newcomer = articles.find((a) => a.slug !== target.slug && a.published)!;
    await service.from('blog_articles').delete().eq('slug', newcomer.slug);
    await service.from('blog_articles').insert({ ...newcomer, title: 'Written in the dashboard' });

    const kept = await publish();
    expect(kept.result.filter((r) => r.action === 'skipped').map((r) => r.slug)).toEqual(
      [newcomer.slug, target.slug].sort(),
    );
    expect(kept.result.filter((r) => r.action === 'updated')).toHaveLength(articles.length - 2);
    expect(kept.lines).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^skipped published /blog/${target.slug}: edited in the dashboard \\(.+\\) after its last publish \\(.+\\); ` +
            'content/blog was not written over it\\. Copy the edit into content/blog, or rerun with --force to overwrite it\\.$',
        ),
      ),
    );
    expect(kept.lines).toContainEqual(
      expect.stringContaining(`/blog/${newcomer.slug}: edited in the dashboard (`),
    );
    expect(kept.lines.at(-1)).toBe(
      `${articles.length - 2} articles upserted into ${emulator.url} (${published.length - 2} published, 1 draft); ` +
        '2 skipped: edited in the dashboard since the last publish.',
    );
    expect(await titleOf(target.slug)).toBe('Fixed in the dashboard');
    expect(await titleOf(newcomer.slug)).toBe('Written in the dashboard');

    const forced = await publish(true);
    expect(forced.result.map((r) => r.action)).toEqual(articles.map(() => 'updated'));
    expect(await titleOf(target.slug)).toBe(target.title);
    expect(await titleOf(newcomer.slug)).toBe(newcomer.title);

    // Once overwritten, the rows are in step with content/blog again: a plain publish updates them.
    const after = await publish();
    expect(after.result.map((r) => r.action)).toEqual(articles.map(() => 'updated'));
  });

  it('fails loudly with the anon key, which may not write', async () => {
    await expect(
      publishArticles({ url: emulator.url, serviceRoleKey: emulator.anonKey, articles, log: () => {} }),
    ).rejects.toThrow(/Could not upsert blog_articles/);
  });
});
