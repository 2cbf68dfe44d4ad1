// Runs the labelled search-quality set (queries.ts) against a demo market in the real matching SQL: for each query,
// the rows the index matches (available and sold, any condition) against the rows the generator says it means.
// The market is loaded either as demo rows or as seller panel comps: the same listings imported by their synthetic
// sellers into Your sales and shared, so the comps come out of the panel's own trigger path (issue 22).
import type { Queryable } from '../../emulator/context';
import {
  generateLabelledListings,
  mergeCells,
  upsertListings,
  type LabelledListing,
} from '../../emulator/seeds/data/market-data';
import { EVAL_QUERIES, truthOf, type EvalQuery, type Truth } from './queries';
import type { WrittenListing, WrittenQuery } from './written/types';

export type QueryScore = {
  query: string;
  /** The generator set's kind of query, or the hand-written set's theme. */
  kind: string;
  expected: number;
  matched: number;
  correct: number;
  precision: number;
  recall: number;
};

export type MarketShape = 'demo' | 'panel';

/**
 * Loads `count` labelled rows and returns what each row truly is, by the external id of the row the search reads:
 * demo rows as generated, or (`panel`) the comps of their synthetic sellers' shared imports.
 */
export async function loadLabelledMarket(
  db: Queryable,
  count: number,
  seed = 11,
  shape: MarketShape = 'demo',
): Promise<Map<string, Truth>> {
  const labelled = [...generateLabelledListings({ count, seed })];
  await db.query(`delete from public.market_listings where source in ('demo', 'panel')`);
  if (shape === 'demo') {
    await upsertListings(
      db,
      labelled.map((l) => l.row),
    );
    await refreshAfterLoad(db);
    return new Map(labelled.map((l) => [l.row.external_id, truthOf(l)]));
  }
  const truths = await shareAsPanel(db, labelled);
  await refreshAfterLoad(db);
  return truths;
}

/**
 * What a seed or an import does after a bulk load: the exact cells merged, the vocabulary, and the planner's
 * statistics. Without the last two the planner counts a sold search's rows through the small sold_at index and
 * computes every sale's terms again (a second a query at 4,000 rows) instead of probing the GIN index; PGlite has no
 * autovacuum to gather them later.
 */
async function refreshAfterLoad(db: Queryable) {
  await mergeCells(db);
  await db.query('select public.market_refresh_vocabulary()');
  await db.query('analyze public.market_listings');
}

/** Each synthetic seller signs up, imports their rows into Your sales and shares them with the panel. */
async function shareAsPanel(db: Queryable, labelled: LabelledListing[]): Promise<Map<string, Truth>> {
  const rows = labelled.map((l) => ({ ...l.row, user_id: l.row.seller_key }));
  const users = [...new Set(rows.map((r) => r.user_id))];
  await db.query(
    `insert into auth.users (id, email) select u::uuid, 'eval-' || u || '@example.com' from unnest($1::text[]) u
     on conflict do nothing`,
    [users],
  );
  await db.query(
    `insert into public.panel_members (user_id) select u::uuid from unnest($1::text[]) u
    on conflict do nothing`,
    [users],
  );
  for (let i = 0; i < rows.length; i += 5000) {
    await db.query(
      `insert into public.seller_items (user_id, marketplace, external_id, title, brand, category, size, condition,
         status, price, currency, listed_at, sold_at)
       select user_id, marketplace, external_id, title, brand, category, size, condition, status, price, currency,
         listed_at, sold_at
       from jsonb_to_recordset($1::jsonb) as x(user_id uuid, marketplace text, external_id text, title text, brand text,
         category text, size text, condition text, status text, price numeric, currency text, listed_at timestamptz,
         sold_at timestamptz)`,
      [JSON.stringify(rows.slice(i, i + 5000))],
    );
  }
  const truthByImport = new Map(labelled.map((l) => [l.row.external_id, truthOf(l)]));
  const { rows: comps } = await db.query<{ comp: string; imported: string }>(
    `select l.external_id as comp, s.external_id as imported
     from public.market_listings l join public.seller_items s on l.external_id = 'panel-' || s.id
     where l.source = 'panel'`,
  );
  if (comps.length !== labelled.length) {
    throw new Error(`${labelled.length} rows shared, but the panel holds ${comps.length} comps`);
  }
  return new Map(comps.map((c) => [c.comp, truthByImport.get(c.imported)!]));
}

/** The WHERE clauses the search functions use for `query`, listed and sold: the query is read once, as they read it. */
export async function matchClauses(db: Queryable, query: string): Promise<string[]> {
  const { rows } = await db.query<{ available: string; sold: string }>(
    `with p as materialized (select public.market_parse_query($1) as parsed)
     select public.market_match_sql(p.parsed, 'available') as available,
       public.market_match_sql(p.parsed, 'sold') as sold
     from p`,
    [query],
  );
  return [rows[0].available, rows[0].sold];
}

/** The rows the search functions would count for `query`, listed and sold: sold at any time, or in the last `days`. */
async function matchedIds(db: Queryable, query: string, days?: number): Promise<Set<string>> {
  const ids = new Set<string>();
  const window =
    days === undefined
      ? ''
      : ` and (l.sold_at is null or l.sold_at >= now() - make_interval(days => ${days}))`;
  for (const where of await matchClauses(db, query)) {
    const found = await db.query<{ external_id: string }>(
      `select l.external_id from public.market_listings l where ${where}${window}`,
    );
    for (const row of found.rows) ids.add(row.external_id);
  }
  return ids;
}

/** Precision and recall of one query; nothing matched when nothing should is perfect on both counts. */
function scoreOf(query: string, kind: string, expected: Set<string>, matched: Set<string>): QueryScore {
  const correct = [...expected].filter((id) => matched.has(id)).length;
  return {
    query,
    kind,
    expected: expected.size,
    matched: matched.size,
    correct,
    precision: matched.size === 0 ? (expected.size === 0 ? 1 : 0) : correct / matched.size,
    recall: expected.size === 0 ? (matched.size === 0 ? 1 : 0) : correct / expected.size,
  };
}

export async function evaluate(
  db: Queryable,
  truths: Map<string, Truth>,
  queries: EvalQuery[] = EVAL_QUERIES,
): Promise<QueryScore[]> {
  const scores: QueryScore[] = [];
  for (const q of queries) {
    const expected = new Set([...truths].filter(([, t]) => q.truth(t)).map(([id]) => id));
    scores.push(scoreOf(q.query, q.kind, expected, await matchedIds(db, q.query)));
  }
  return scores;
}

/** Macro averages: every query weighs the same, so a rare miss on a small line is not hidden by big ones. */
export function overall(scores: QueryScore[]): { precision: number; recall: number } {
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  return { precision: mean(scores.map((s) => s.precision)), recall: mean(scores.map((s) => s.recall)) };
}

/**
 * Loads the hand-written listings (scripts/search-eval/written) as imported rows: sold dates counted back from now, so
 * a sale 91 days ago is outside the 90-day window exactly as on the screen. Replaces every demo, panel and import row.
 */
export async function loadWrittenMarket(db: Queryable, listings: WrittenListing[]): Promise<void> {
  await db.query(`delete from public.market_listings where source in ('demo', 'panel', 'import')`);
  const rows = listings.map((l) => ({
    marketplace: l.marketplace,
    external_id: l.id,
    title: l.title,
    brand: l.brand ?? null,
    category: l.category ?? null,
    size: l.size ?? null,
    condition: l.condition,
    status: l.status,
    price: l.price,
    days: l.status === 'sold' ? (l.soldDaysAgo ?? 0) : null,
  }));
  await db.query(
    `insert into public.market_listings (marketplace, external_id, title, brand, category, size, condition, status,
       price, listed_at, sold_at, source)
     select marketplace, external_id, title, brand, category, size, condition, status, price,
       now() - make_interval(days => coalesce(days, 0) + 20),
       -- an hour into the day it sold, so "sold 90 days ago" is inside the 90-day window as the seller means it
       now() - make_interval(days => days) + interval '1 hour', 'import'
     from jsonb_to_recordset($1::jsonb) as x(marketplace text, external_id text, title text, brand text,
       category text, size text, condition text, status text, price numeric, days int)`,
    [JSON.stringify(rows)],
  );
  await refreshAfterLoad(db);
}

export type WrittenScore = QueryScore & { missed: string[]; extra: string[] };

/** Scores each hand-labelled query: its comps against what the search counts. */
export async function evaluateWritten(db: Queryable, queries: WrittenQuery[]): Promise<WrittenScore[]> {
  const scores: WrittenScore[] = [];
  for (const q of queries) {
    // Listed now, or sold in the 90-day window the search uses (any condition).
    const matched = await matchedIds(db, q.query, 90);
    const expected = new Set(q.comps);
    scores.push({
      ...scoreOf(q.query, q.theme, expected, matched),
      missed: [...expected].filter((id) => !matched.has(id)),
      extra: [...matched].filter((id) => !expected.has(id)),
    });
  }
  return scores;
}

export type FollowedScore = WrittenScore & {
  /** The search counted: the query's own, or when it found nothing, the first "did you mean" it was offered. */
  searched: string;
  /** The words the answer said it could not use (market_suggestions), and whether they are the labelled ones. */
  unused: string[];
  unusedAsLabelled: boolean;
};

/**
 * Scores each query of set D (issue 54) as a reseller meets it: when the query finds nothing, listed now or sold in the
 * 90-day window, the answer offers the search without the words no listing of the item uses first, and the reseller
 * follows it. The comps are labelled against that item.
 */
export async function evaluateFollowed(db: Queryable, queries: WrittenQuery[]): Promise<FollowedScore[]> {
  const scores: FollowedScore[] = [];
  for (const q of queries) {
    let searched = q.query;
    let matched = await matchedIds(db, q.query, 90);
    let unused: string[] = [];
    if (matched.size === 0) {
      const { rows } = await db.query<{ s: { suggestions: string[]; unused: string[] } }>(
        'select public.market_suggestions($1, 3) as s',
        [q.query],
      );
      unused = rows[0].s.unused;
      const first = rows[0].s.suggestions[0];
      if (first !== undefined) {
        searched = first;
        matched = await matchedIds(db, first, 90);
      }
    }
    const expected = new Set(q.comps);
    scores.push({
      ...scoreOf(q.query, q.theme, expected, matched),
      missed: [...expected].filter((id) => !matched.has(id)),
      extra: [...matched].filter((id) => !expected.has(id)),
      searched,
      unused,
      unusedAsLabelled: JSON.stringify(unused) === JSON.stringify(q.unused ?? []),
    });
  }
  return scores;
}

/** Issue 54's bar for sets C and D: at least 80% of the queries find their item (recall 80% or more), precision 95%. */
export function findsItsItem(scores: QueryScore[]): {
  found: number;
  share: number;
  precision: number;
  met: boolean;
} {
  const found = scores.filter((s) => s.recall >= 0.8).length;
  const { precision } = overall(scores);
  const share = found / scores.length;
  return { found, share, precision, met: share >= 0.8 && precision >= 0.95 };
}
