import type { BlogArticle } from '../schemas';

/**
 * A blog list row as a prerendered /blog hands it to the app (src/entry-server.tsx): without the article's body,
 * which the list page never shows. The list read itself still selects every column (SPEC §7); only the copy inlined in
 * the page is trimmed, so the document stays small on a slow connection (about half of /blog's HTML was this JSON).
 * blog-list-page.test.tsx renders the list from both forms and expects the same page.
 */
export function listHandover(article: BlogArticle): BlogArticle {
  return { ...article, content: [], faq: [], summary: '', key_takeaways: [], columns: [], rows: [] };
}
