import type { BlogArticle } from '../schemas';

/** Words in a piece of text, ignoring HTML tags and **bold** markers. */
export function countWords(text: string): number {
  const plain = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\*\*/g, '')
    .replace(/&[a-z#0-9]+;/gi, ' ');
  return plain.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/**
 * The words of the whole article as a reader meets them: intro, sections (headings and bodies), the table, key
 * takeaways, summary and FAQ. SPEC §2 computes the byline's count from intro, summary, takeaways and FAQ only, which
 * put '534 words' beside '7 min read'; decision 043 counts the article instead, so the two figures agree.
 */
export function articleWordCount(
  article: Pick<
    BlogArticle,
    'intro' | 'content' | 'summary' | 'key_takeaways' | 'faq' | 'columns' | 'rows' | 'table_title'
  >,
): number {
  const parts = [
    article.intro,
    ...article.content.flatMap((section) => [section.heading, section.content]),
    ...(article.columns.length > 0
      ? [article.table_title ?? '', ...article.columns, ...article.rows.flat()]
      : []),
    ...article.key_takeaways,
    article.summary,
    ...article.faq.flatMap((item) => [item.question, item.answer]),
  ];
  return parts.reduce((total, part) => total + countWords(part), 0);
}
