import type { BlogArticle } from '../schemas';

/** Words in a piece of text, ignoring HTML tags and **bold** markers. */
export function countWords(text: string): number {
  const plain = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\*\*/g, '')
    .replace(/&[a-z#0-9]+;/gi, ' ');
  return plain.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/** SPEC §2: the word count shown on the article combines intro, summary, takeaways and FAQ (questions and answers). */
export function articleWordCount(
  article: Pick<BlogArticle, 'intro' | 'summary' | 'key_takeaways' | 'faq'>,
): number {
  const parts = [
    article.intro,
    article.summary,
    ...article.key_takeaways,
    ...article.faq.flatMap((item) => [item.question, item.answer]),
  ];
  return parts.reduce((total, part) => total + countWords(part), 0);
}
