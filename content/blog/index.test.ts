import { describe, expect, it } from 'vitest';
import { ContentError, loadArticles, publishedOnly, validateArticles } from './index.ts';

const valid = {
  slug: 'pricing-basics',
  title: 'Pricing basics',
  intro: 'Intro.',
  content: [{ heading: 'One', content: 'Body' }],
  faq: [{ question: 'Q?', answer: 'A.' }],
  summary: 'Summary.',
  meta_description: 'Meta.',
  category: 'Pricing & Data',
  read_time: '5 min read',
  created_at: '2025-03-04T09:00:00Z',
  featured: false,
  published: true,
  key_takeaways: ['One'],
  columns: ['A', 'B'],
  rows: [['1', '2']],
};

const problemsOf = (files: { file: string; data: unknown }[]) => {
  try {
    validateArticles(files);
    return [];
  } catch (error) {
    expect(error).toBeInstanceOf(ContentError);
    return (error as ContentError).problems;
  }
};

describe('the blog content files', () => {
  const articles = loadArticles();

  it('are all valid, with at least 8 published articles in at least 3 categories and a draft', () => {
    const published = publishedOnly(articles);
    expect(published.length).toBeGreaterThanOrEqual(8);
    expect(new Set(published.map((a) => a.category)).size).toBeGreaterThanOrEqual(3);
    expect(articles.some((a) => !a.published)).toBe(true);
  });

  it('include a published sell-through article for the Featured Article section', () => {
    expect(publishedOnly(articles).some((a) => /sell[\s-]?(through|rate)/i.test(`${a.slug} ${a.title}`))).toBe(true);
  });

  it('are sorted newest first', () => {
    const times = articles.map((a) => Date.parse(a.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });
});

describe('validateArticles', () => {
  it('accepts a well-formed file named after its slug', () => {
    expect(problemsOf([{ file: 'pricing-basics.json', data: valid }])).toEqual([]);
  });

  it('reports every problem with its file and field', () => {
    const problems = problemsOf([
      { file: 'x.json', data: { ...valid, slug: 'Bad Slug', read_time: 'five minutes', created_at: 'March', rows: [['1']], extra: 1 } },
    ]);
    expect(problems.join('\n')).toMatch(/x\.json: slug/);
    expect(problems.join('\n')).toMatch(/x\.json: (\(file\)|extra)/);
    expect(problems.join('\n')).toMatch(/read_time: Write the read time/);
    expect(problems.join('\n')).toMatch(/created_at: Use an ISO date-time/);
    expect(problems.join('\n')).toMatch(/rows\.0: Row has 1 cells but the table has 2 columns/);
  });

  it('requires the file name to match the slug and slugs to be unique', () => {
    const problems = problemsOf([
      { file: 'other.json', data: valid },
      { file: 'pricing-basics.json', data: valid },
    ]);
    expect(problems).toContain('other.json: the file must be named pricing-basics.json after its slug');
    expect(problems).toContain('pricing-basics.json: slug "pricing-basics" is already used by other.json');
  });
});
