// SPEC §2: the Featured Article section holds the articles whose slug or title mentions sell rate or sell-through,
// in any of the ways people write it ('sell-through', 'sell through', 'sell rate', 'sell-rate'; any case).
const SELL_RATE = /sell[\s-]?(?:through|rate)/i;

export function isFeaturedOnList(article: { slug: string; title: string }): boolean {
  return SELL_RATE.test(article.slug) || SELL_RATE.test(article.title);
}

/** Splits the (already filtered) list into the Featured section and the Latest grid, keeping order. */
export function splitFeatured<T extends { slug: string; title: string }>(
  articles: T[],
): { featured: T[]; latest: T[] } {
  const featured: T[] = [];
  const latest: T[] = [];
  for (const article of articles) (isFeaturedOnList(article) ? featured : latest).push(article);
  return { featured, latest };
}

export const ALL_CATEGORIES = 'All';

/** 'All' then each distinct category in the order it first appears (newest article first). */
export function categoriesOf(articles: { category: string }[]): string[] {
  return [ALL_CATEGORIES, ...new Set(articles.map((a) => a.category))];
}

export function filterByCategory<T extends { category: string }>(articles: T[], category: string): T[] {
  return category === ALL_CATEGORIES ? articles : articles.filter((a) => a.category === category);
}

/** How the first card of the Latest grid spreads so no row ends with one card alone (issue 14, point 6). */
export type GridLead = {
  /** Two columns (md): the first card takes both when the count is odd. */
  wideMd: boolean;
  /** Three columns (lg): the first card takes 1, 2 or 3 columns so the rest fill whole rows. */
  lgSpan: 1 | 2 | 3;
};

export function gridLead(count: number): GridLead {
  const rest = count % 3;
  return { wideMd: count % 2 === 1, lgSpan: rest === 1 ? 3 : rest === 2 ? 2 : 1 };
}
