// `npm run blog:seed`: regenerates supabase/seed.sql from content/blog/*.json (drafts included).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadArticles } from '../content/blog/index.ts';
import { renderSeedSql } from './blog-seed-sql.ts';

export const seedPath = path.resolve(import.meta.dirname, '../supabase/seed.sql');

const articles = loadArticles();
writeFileSync(seedPath, renderSeedSql(articles));
const drafts = articles.filter((a) => !a.published).length;
console.log(
  `supabase/seed.sql: ${articles.length} articles (${articles.length - drafts} published, ${drafts} draft${drafts === 1 ? '' : 's'})`,
);
