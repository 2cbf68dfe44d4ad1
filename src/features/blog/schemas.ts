import * as z from 'zod/mini';

// The shape of a blog article, shared by the SPA (it parses what the REST API returns) and by the content tooling
// (content/blog/index.ts validates the files editors write). The database enforces the same rules with CHECKs.
// Written with zod/mini: the blog pages are public and prerendered, and the full zod API added ~40 KB of gzipped
// JavaScript to every blog visit for the same checks (issue 11).

/** A trimmed string of min..max characters (the database CHECKs use char_length(btrim(...)) alike). */
const text = (min: number, max?: number, message?: string) =>
  z.string().check(z.trim(), z.minLength(min, message), ...(max === undefined ? [] : [z.maxLength(max)]));

/** URL-safe slug: lowercase words joined by single hyphens, as the database CHECK requires. */
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export const sectionSchema = z.object({
  heading: text(1, undefined, 'A section needs a heading'),
  /** Body text; may carry the HTML of SPEC §5 and **bold** markers. Sanitised before display. */
  content: text(1, undefined, 'A section needs content'),
});

export const faqItemSchema = z.object({
  question: text(1, undefined, 'A question cannot be empty'),
  answer: text(1, undefined, 'An answer cannot be empty'),
});

/** Every column of blog_articles except the ones the database owns (id, updated_at). */
export const articleFieldsSchema = z.object({
  slug: z
    .string()
    .check(z.maxLength(120), z.regex(SLUG_PATTERN, 'Use lowercase letters, digits and single hyphens')),
  title: text(1, 200),
  intro: text(1, 2000),
  content: z.array(sectionSchema),
  faq: z.array(faqItemSchema),
  summary: z.string().check(z.maxLength(4000)),
  meta_description: text(1, 300),
  category: text(1, 60),
  read_time: text(1, 30),
  created_at: z.string().check(z.minLength(1)),
  featured: z.boolean(),
  published: z.boolean(),
  key_takeaways: z.array(z.string()),
  columns: z.array(z.string()),
  rows: z.array(z.array(z.string())),
});

/** A row as the article and list reads return it (updated_at, when present, is dropped). */
export const articleSchema = z.extend(articleFieldsSchema, { id: z.string() });

/** The columns of the related-articles read (SPEC §7). */
export const relatedArticleSchema = z.pick(articleFieldsSchema, {
  title: true,
  slug: true,
  intro: true,
  read_time: true,
  created_at: true,
});

export type ArticleFields = z.infer<typeof articleFieldsSchema>;
export type BlogArticle = z.infer<typeof articleSchema>;
export type RelatedArticle = z.infer<typeof relatedArticleSchema>;
export type ArticleSection = z.infer<typeof sectionSchema>;
export type FaqItem = z.infer<typeof faqItemSchema>;
