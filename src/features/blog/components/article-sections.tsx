import { useMemo, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@/components/ui/accordion';
import { paths } from '@/config/paths';
import { usePrefetchArticle } from '../api/prefetch-article';
import { renderSectionHtml, headingId, splitParagraphs } from '../lib/article-html';
import { blogMessages } from '../messages';
import type { BlogArticle, FaqItem, RelatedArticle } from '../schemas';
import { ArticleDate, ReadTime } from './article-meta';
import { ArrowDownIcon, CheckIcon } from '@/components/ui/icons';

/** Anchors of the sections the 'In This Article' card links to (SPEC §2). */
export const sectionAnchors = {
  toolComparison: 'tool-comparison',
  keyTakeaways: 'key-takeaways',
  summary: 'summary',
  faq: 'faq',
} as const;

const sectionHeading = 'scroll-mt-24 text-2xl font-bold tracking-tight sm:text-[1.75rem]';

/**
 * The intro (the standfirst), then `afterIntro` (the article page puts its cover and key takeaways there, so a phone's
 * first screen is the headline and the opening words: docs/decisions/050), then the sections.
 */
export function ArticleBody({
  article,
  afterIntro,
}: {
  article: Pick<BlogArticle, 'intro' | 'content'>;
  afterIntro?: ReactNode;
}) {
  const sections = useMemo(
    () =>
      article.content.map((section, index) => ({
        id: headingId(section.heading, index),
        heading: section.heading,
        html: renderSectionHtml(section.content),
      })),
    [article.content],
  );
  return (
    <div>
      <div className="space-y-4 text-lg leading-8 text-foreground sm:text-xl sm:leading-9">
        {splitParagraphs(article.intro).map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
      </div>
      {afterIntro}
      {sections.map((section) => (
        <section key={section.id} aria-labelledby={section.id} className="mt-10">
          <h2 id={section.id} className={sectionHeading}>
            {section.heading}
          </h2>
          {/* The section's markup is styled from its container: `.article-prose` in src/index.css. */}
          <div className="article-prose mt-3" dangerouslySetInnerHTML={{ __html: section.html }} />
        </section>
      ))}
    </div>
  );
}

/** The table's heading: its own title, or 'At a Glance' for an article published without one. */
export function tableTitle(article: Pick<BlogArticle, 'table_title'>): string {
  return article.table_title?.trim() || blogMessages.tableFallbackTitle;
}

/**
 * The contents card, before the body: the body's own sections, then the table, takeaways, summary and FAQ that follow
 * it (SPEC §2 lists those four; a card placed before the body also leads to the sections in between).
 */
export function InThisArticle({
  article,
}: {
  article: Pick<BlogArticle, 'content' | 'columns' | 'key_takeaways' | 'summary' | 'faq' | 'table_title'>;
}) {
  const links: { href: string; label: string; show: boolean }[] = [
    ...article.content.map((section, index) => ({
      href: headingId(section.heading, index),
      label: section.heading,
      show: true,
    })),
    {
      href: sectionAnchors.toolComparison,
      label: tableTitle(article),
      show: article.columns.length > 0,
    },
    {
      href: sectionAnchors.keyTakeaways,
      label: blogMessages.keyTakeaways,
      show: article.key_takeaways.length > 0,
    },
    { href: sectionAnchors.summary, label: blogMessages.summary, show: article.summary.trim() !== '' },
    { href: sectionAnchors.faq, label: blogMessages.faq, show: article.faq.length > 0 },
  ].filter((link) => link.show);
  return (
    <nav aria-labelledby="in-this-article" className="rounded-xl border bg-secondary/60 p-5 sm:p-6">
      <h2
        id="in-this-article"
        className="text-sm font-semibold uppercase tracking-wider text-secondary-foreground"
      >
        {blogMessages.inThisArticle}
      </h2>
      <ul className="mt-3 gap-x-6 sm:columns-2">
        {links.map((link) => (
          <li key={link.href} className="break-inside-avoid">
            <a
              href={`#${link.href}`}
              className="flex items-center gap-2 rounded-md px-2 py-1.5 font-medium text-foreground transition-colors hover:bg-background hover:text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <ArrowDownIcon className="text-primary" />
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function ComparisonTable({
  columns,
  rows,
  heading,
}: {
  columns: string[];
  rows: string[][];
  /** What the table compares (tableTitle()); also names its scrolling region. */
  heading: string;
}) {
  return (
    <section aria-labelledby={sectionAnchors.toolComparison}>
      <h2 id={sectionAnchors.toolComparison} className={sectionHeading}>
        {heading}
      </h2>
      {/* The table keeps its width and scrolls inside this box on narrow screens; focusable so keyboards can scroll it. */}
      <div
        role="region"
        aria-label={`Table: ${heading}`}
        tabIndex={0}
        className="mt-4 overflow-x-auto rounded-xl border focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <table className="w-full min-w-[40rem] border-collapse text-left text-sm">
          <thead className="bg-muted/70">
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col" className="px-4 py-3 font-semibold text-foreground">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, rowIndex) => (
              <tr key={rowIndex} className="border-t align-top even:bg-muted/30">
                {row.map((cell, cellIndex) =>
                  cellIndex === 0 ? (
                    <th key={cellIndex} scope="row" className="px-4 py-3 font-semibold text-foreground">
                      {cell}
                    </th>
                  ) : (
                    <td key={cellIndex} className="px-4 py-3 text-muted-foreground">
                      {cell}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {columns.length > 2 && (
        <p className="mt-2 text-xs text-muted-foreground md:hidden" aria-hidden="true">
          Swipe sideways to see every column.
        </p>
      )}
    </section>
  );
}

export function KeyTakeaways({ items }: { items: string[] }) {
  return (
    <section
      aria-labelledby={sectionAnchors.keyTakeaways}
      className="rounded-xl border border-primary/20 bg-secondary/40 p-6 sm:p-8"
    >
      <h2 id={sectionAnchors.keyTakeaways} className={sectionHeading}>
        {blogMessages.keyTakeaways}
      </h2>
      <ul className="mt-5 space-y-3">
        {items.map((item, index) => (
          <li key={index} className="flex gap-3 leading-7">
            <CheckIcon size={20} strokeWidth="2.5" className="mt-1 shrink-0 text-primary" />
            <span>{item}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function ArticleSummary({ summary }: { summary: string }) {
  return (
    <section aria-labelledby={sectionAnchors.summary}>
      <h2 id={sectionAnchors.summary} className={sectionHeading}>
        {blogMessages.summary}
      </h2>
      <div className="mt-4 space-y-4 border-l-4 border-primary pl-5 text-[1.0625rem] leading-8">
        {splitParagraphs(summary).map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
      </div>
    </section>
  );
}

/** One question open at a time; clicking the open one closes it (SPEC §4). */
export function ArticleFaq({ items }: { items: FaqItem[] }) {
  return (
    <section aria-labelledby={sectionAnchors.faq}>
      <h2 id={sectionAnchors.faq} className={sectionHeading}>
        {blogMessages.faq}
      </h2>
      <Accordion type="single" collapsible className="mt-4 rounded-xl border px-5">
        {items.map((item, index) => (
          <AccordionItem key={index} value={`faq-${index}`} className="last:border-b-0">
            <AccordionTrigger className="text-base hover:no-underline hover:text-primary">
              {item.question}
            </AccordionTrigger>
            <AccordionContent className="text-[0.975rem] leading-7 text-muted-foreground">
              {splitParagraphs(item.answer).map((paragraph, i) => (
                <p key={i} className="mt-2 first:mt-0">
                  {paragraph}
                </p>
              ))}
            </AccordionContent>
          </AccordionItem>
        ))}
      </Accordion>
    </section>
  );
}

export function RelatedArticles({ articles }: { articles: RelatedArticle[] }) {
  const prefetch = usePrefetchArticle();
  return (
    <section aria-labelledby="related-heading">
      <h2 id="related-heading" className="text-2xl font-bold tracking-tight">
        {blogMessages.related}
      </h2>
      <ul className="mt-5 grid gap-5 sm:grid-cols-2">
        {articles.map((article) => (
          <li key={article.slug}>
            <article className="group relative flex h-full flex-col rounded-xl border bg-card p-5 shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md">
              <h3 className="text-lg font-semibold leading-snug group-hover:text-primary">
                <Link
                  to={paths.article(article.slug)}
                  onMouseEnter={() => prefetch(article.slug)}
                  onFocus={() => prefetch(article.slug)}
                  className="after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none"
                >
                  {article.title}
                </Link>
              </h3>
              <p className="mt-2 line-clamp-3 text-sm text-muted-foreground">{article.intro}</p>
              <div className="mt-auto flex flex-wrap gap-x-4 gap-y-1 pt-4 text-xs text-muted-foreground">
                <ArticleDate value={article.created_at} />
                <ReadTime value={article.read_time} />
              </div>
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}

const resources = [
  { to: paths.blog, label: 'Blog', description: 'More guides on pricing, sourcing and selling' },
  { to: paths.faqs, label: 'FAQs', description: 'Answers about the Flipwise app and your account' },
  {
    to: paths.search,
    label: 'Thrifting Explorer',
    description: 'Check the sell-through rate of an item before you buy',
  },
  { to: paths.contact, label: 'Contact', description: 'Questions or ideas? Get in touch with the team' },
];

export function ExploreMore() {
  return (
    <nav aria-labelledby="explore-heading" className="rounded-xl bg-muted/60 p-6 sm:p-8">
      <h2 id="explore-heading" className="text-xl font-bold tracking-tight">
        {blogMessages.exploreMore}
      </h2>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2">
        {resources.map((resource) => (
          <li key={resource.to}>
            <Link
              to={resource.to}
              className="block h-full rounded-lg border bg-background p-4 transition-colors hover:border-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <span className="font-semibold text-primary">{resource.label}</span>
              <span className="mt-1 block text-sm text-muted-foreground">{resource.description}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
