// The blog's source of truth: one reviewable JSON file per article in this folder. Everything that needs the
// articles outside the database reads them through here: the seed generator (supabase/seed.sql), the publish script,
// the sitemap and the RSS feed. The SPA itself reads the database.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { articleFieldsSchema, type ArticleFields } from '../../src/features/blog/schemas.ts';

export type { ArticleFields } from '../../src/features/blog/schemas.ts';

/** This folder. Build tools that bundle this module pass their own path instead. */
export const contentDir = path.dirname(fileURLToPath(import.meta.url));

const READ_TIME = /^\d+ min read$/;

/**
 * A content file: exactly the database fields minus id and updated_at, plus editorial rules the database cannot
 * check cheaply (read time wording, ISO dates, table rows as wide as the header).
 */
export const articleFileSchema = z.strictObject(articleFieldsSchema.shape).superRefine((article, ctx) => {
  if (!READ_TIME.test(article.read_time)) {
    ctx.addIssue({ code: 'custom', path: ['read_time'], message: 'Write the read time as "<n> min read"' });
  }
  if (!z.iso.datetime({ offset: true }).safeParse(article.created_at).success) {
    ctx.addIssue({ code: 'custom', path: ['created_at'], message: 'Use an ISO date-time such as 2025-03-04T09:00:00Z' });
  }
  article.rows.forEach((row, index) => {
    if (row.length !== article.columns.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['rows', index],
        message: `Row has ${row.length} cells but the table has ${article.columns.length} columns`,
      });
    }
  });
  if (article.rows.length > 0 && article.columns.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['columns'], message: 'A table with rows needs column headings' });
  }
});

export class ContentError extends Error {
  constructor(readonly problems: string[]) {
    super(`The blog content is invalid:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ContentError';
  }
}

/** Checks a set of parsed files (file name -> JSON value); throws one error listing every problem found. */
export function validateArticles(files: { file: string; data: unknown }[]): ArticleFields[] {
  const problems: string[] = [];
  const articles: ArticleFields[] = [];
  const seen = new Map<string, string>();
  for (const { file, data } of files) {
    const parsed = articleFileSchema.safeParse(data);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) problems.push(`${file}: ${issue.path.join('.') || '(file)'}: ${issue.message}`);
      continue;
    }
    const article = parsed.data;
    // The file name is the article's address, so a reviewer can find /blog/<slug> by its file.
    if (file !== `${article.slug}.json`) problems.push(`${file}: the file must be named ${article.slug}.json after its slug`);
    const other = seen.get(article.slug);
    if (other) problems.push(`${file}: slug "${article.slug}" is already used by ${other}`);
    seen.set(article.slug, file);
    articles.push(article);
  }
  if (problems.length > 0) throw new ContentError(problems);
  return sortArticles(articles);
}

/** Newest first, as the blog lists them; ties by slug so every generated file is stable. */
export function sortArticles<T extends Pick<ArticleFields, 'created_at' | 'slug'>>(articles: T[]): T[] {
  return [...articles].sort(
    (a, b) => Date.parse(b.created_at) - Date.parse(a.created_at) || a.slug.localeCompare(b.slug),
  );
}

/** Every article file in `dir`, validated, newest first. Drafts included: callers decide what to show. */
export function loadArticles(dir: string = contentDir): ArticleFields[] {
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((file) => {
      const text = readFileSync(path.join(dir, file), 'utf8');
      try {
        return { file, data: JSON.parse(text) as unknown };
      } catch (error) {
        throw new ContentError([`${file}: not valid JSON (${(error as Error).message})`]);
      }
    });
  return validateArticles(files);
}

/** What the public may see: the sitemap and the feed use this, so a draft never leaks through them. */
export function publishedOnly<T extends Pick<ArticleFields, 'published'>>(articles: T[]): T[] {
  return articles.filter((article) => article.published);
}
