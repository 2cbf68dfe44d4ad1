// `npm run blog:publish [-- --force]`: upserts every article in content/blog into a Supabase project, drafts included
// (they stay hidden by RLS until published is true). Needs SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY: writes are
// reserved to the service role. Articles that exist only in the database (written in the dashboard) are left alone,
// and so is an article whose row was edited in the dashboard after its last publish (updated_at later than
// source_synced_at, or never published from here): it is listed as skipped unless --force says to overwrite it.
import { createClient } from '@supabase/supabase-js';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { loadArticles, type ArticleFields } from '../content/blog/index.ts';

class NoRealtime {
  constructor() {
    throw new Error('blog:publish does not use realtime');
  }
}

export type PublishResult = {
  slug: string;
  published: boolean;
  action: 'created' | 'updated' | 'skipped';
}[];

const keyMessage = 'SUPABASE_SERVICE_ROLE_KEY must be the service-role key of that project (Settings > API)';
const envSchema = z.object({
  SUPABASE_URL: z.url({
    error: 'SUPABASE_URL must be the URL of the Supabase project, e.g. https://abcd.supabase.co',
  }),
  SUPABASE_SERVICE_ROLE_KEY: z.string({ error: keyMessage }).min(20, keyMessage),
});

export async function publishArticles(options: {
  url: string;
  serviceRoleKey: string;
  articles: ArticleFields[];
  /** Overwrite rows edited in the dashboard since their last publish too. */
  force?: boolean;
  log?: (line: string) => void;
}): Promise<PublishResult> {
  const log = options.log ?? console.log;
  const supabase = createClient(options.url, options.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    // Node 20 has no global WebSocket and supabase-js builds a realtime client up front; this script never uses it.
    realtime: { transport: NoRealtime as never },
  });
  const slugs = options.articles.map((a) => a.slug);
  if (slugs.length === 0) {
    log('No articles in content/blog: nothing to publish.');
    return [];
  }

  // Who wrote each row last: the trigger stamps updated_at on every write and source_synced_at (with the same clock
  // reading) only on writes from content/blog, so they differ once someone edited the row elsewhere.
  const existing = await supabase
    .from('blog_articles')
    .select('slug, published, updated_at, source_synced_at')
    .in('slug', slugs);
  if (existing.error) throw new Error(`Could not read blog_articles: ${existing.error.message}`);
  type Row = { slug: string; published: boolean; updated_at: string; source_synced_at: string | null };
  const before = new Map(((existing.data ?? []) as Row[]).map((row) => [row.slug, row]));
  const editedElsewhere = (row: Row) =>
    row.source_synced_at === null || row.updated_at !== row.source_synced_at;
  const skipped = options.force
    ? []
    : [...before.values()].filter(editedElsewhere).sort((a, b) => a.slug.localeCompare(b.slug));
  const skip = new Set(skipped.map((row) => row.slug));
  const writes = options.articles
    .filter((article) => !skip.has(article.slug))
    // Any new value: the trigger replaces it with the server's clock.
    .map((article) => ({ ...article, source_synced_at: new Date().toISOString() }));

  let written: { slug: string; published: boolean }[] = [];
  if (writes.length > 0) {
    const { data, error } = await supabase
      .from('blog_articles')
      .upsert(writes, { onConflict: 'slug' })
      .select('slug, published');
    if (error) throw new Error(`Could not upsert blog_articles: ${error.message}`);
    written = (data ?? []) as typeof written;
  }

  const result: PublishResult = [
    ...written.map((row) => ({
      slug: row.slug,
      published: row.published,
      action: before.has(row.slug) ? ('updated' as const) : ('created' as const),
    })),
    ...skipped.map((row) => ({ slug: row.slug, published: row.published, action: 'skipped' as const })),
  ];
  for (const row of result) {
    const line = `${row.action.padEnd(7)} ${row.published ? 'published' : 'draft    '} /blog/${row.slug}`;
    const previous = before.get(row.slug);
    if (row.action !== 'skipped' || !previous) log(line);
    else
      log(
        `${line}: edited in the dashboard (${previous.updated_at}) ${
          previous.source_synced_at
            ? `after its last publish (${previous.source_synced_at})`
            : 'and never published from content/blog'
        }; content/blog was not written over it. Copy the edit into content/blog, or rerun with --force to overwrite it.`,
      );
  }
  const upserted = result.filter((r) => r.action !== 'skipped');
  const drafts = upserted.filter((r) => !r.published).length;
  log(
    `${upserted.length} articles upserted into ${options.url} (${upserted.length - drafts} published, ${drafts} draft${drafts === 1 ? '' : 's'})` +
      (skipped.length ? `; ${skipped.length} skipped: edited in the dashboard since the last publish.` : '.'),
  );
  return result;
}

async function main() {
  const { values } = parseArgs({ options: { force: { type: 'boolean', default: false } } });
  const env = envSchema.safeParse(process.env);
  if (!env.success) {
    console.error(`blog:publish: ${env.error.issues.map((i) => i.message).join('; ')}`);
    process.exit(1);
  }
  await publishArticles({
    url: env.data.SUPABASE_URL,
    serviceRoleKey: env.data.SUPABASE_SERVICE_ROLE_KEY,
    articles: loadArticles(),
    force: values.force,
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(`blog:publish failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
