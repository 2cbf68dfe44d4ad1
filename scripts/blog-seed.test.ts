import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadArticles } from '../content/blog/index.ts';
import { renderSeedSql, sqlString } from './blog-seed-sql.ts';

describe('supabase/seed.sql', () => {
  it('is up to date with content/blog (run `npm run blog:seed` after editing an article)', () => {
    const onDisk = readFileSync(path.resolve(import.meta.dirname, '../supabase/seed.sql'), 'utf8');
    expect(onDisk).toBe(renderSeedSql(loadArticles()));
  });

  it('loads every article, the draft included, as an upsert on slug', () => {
    const articles = loadArticles();
    const sql = renderSeedSql(articles);
    for (const article of articles) expect(sql).toContain(sqlString(article.slug));
    expect(articles.some((a) => !a.published)).toBe(true);
    expect(sql).toMatch(/on conflict \(slug\) do update set/);
  });
});

describe('sqlString', () => {
  it('doubles single quotes so text cannot end the literal early', () => {
    expect(sqlString("Levi's 501'); drop table x; --")).toBe("'Levi''s 501''); drop table x; --'");
  });
});
