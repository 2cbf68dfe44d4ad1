// `npm run blog:publish`: upserts every article in content/blog into a Supabase project, drafts included (they stay
// hidden by RLS until published is true). Needs SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY: writes are reserved to
// the service role. Articles that exist only in the database (written in the dashboard) are left alone.
import { createClient } from '@supabase/supabase-js';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { loadArticles, type ArticleFields } from '../content/blog/index.ts';

class NoRealtime {
  constructor() {
    throw new Error('blog:publish does not use realtime');
  }
}

export type PublishResult = { slug: string; published: boolean; action: 'created' | 'updated' }[];

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

  // Read first only to report created vs updated; the upsert itself is idempotent either way.
  const existing = await supabase.from('blog_articles').select('slug').in('slug', slugs);
  if (existing.error) throw new Error(`Could not read blog_articles: ${existing.error.message}`);
  const before = new Set((existing.data ?? []).map((row) => row.slug as string));

  const { data, error } = await supabase
    .from('blog_articles')
    .upsert(options.articles, { onConflict: 'slug' })
    .select('slug, published');
  if (error) throw new Error(`Could not upsert blog_articles: ${error.message}`);

  const result: PublishResult = (data ?? []).map((row) => ({
    slug: row.slug as string,
    published: row.published as boolean,
    action: before.has(row.slug as string) ? 'updated' : 'created',
  }));
  for (const row of result)
    log(`${row.action.padEnd(7)} ${row.published ? 'published' : 'draft    '} /blog/${row.slug}`);
  const drafts = result.filter((r) => !r.published).length;
  log(
    `${result.length} articles upserted into ${options.url} (${result.length - drafts} published, ${drafts} draft${drafts === 1 ? '' : 's'}).`,
  );
  return result;
}

async function main() {
  const env = envSchema.safeParse(process.env);
  if (!env.success) {
    console.error(`blog:publish: ${env.error.issues.map((i) => i.message).join('; ')}`);
    process.exit(1);
  }
  await publishArticles({
    url: env.data.SUPABASE_URL,
    serviceRoleKey: env.data.SUPABASE_SERVICE_ROLE_KEY,
    articles: loadArticles(),
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(`blog:publish failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
