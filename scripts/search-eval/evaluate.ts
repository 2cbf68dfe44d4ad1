// Runs the labelled search-quality set (queries.ts) against a demo market in the real matching SQL: for each query,
// the rows the index matches (available and sold, any condition) against the rows the generator says it means.
import type { Queryable } from '../../emulator/context';
import { generateLabelledListings, upsertListings } from '../market-data';
import { EVAL_QUERIES, truthOf, type EvalQuery, type Truth } from './queries';

export type QueryScore = {
  query: string;
  kind: EvalQuery['kind'];
  expected: number;
  matched: number;
  correct: number;
  precision: number;
  recall: number;
};

/** Loads `count` labelled demo rows and returns what each row truly is, by external id. */
export async function loadLabelledMarket(
  db: Queryable,
  count: number,
  seed = 11,
): Promise<Map<string, Truth>> {
  const labelled = [...generateLabelledListings({ count, seed })];
  await db.query(`delete from public.market_listings where source = 'demo'`);
  await upsertListings(
    db,
    labelled.map((l) => l.row),
  );
  await db.query('select public.market_refresh_vocabulary()');
  return new Map(labelled.map((l) => [l.row.external_id, truthOf(l)]));
}

async function matchedIds(db: Queryable, query: string): Promise<Set<string>> {
  const ids = new Set<string>();
  for (const status of ['available', 'sold']) {
    const { rows } = await db.query<{ sql: string }>(
      'select public.market_match_sql(public.market_parse_query($1), $2) as sql',
      [query, status],
    );
    const found = await db.query<{ external_id: string }>(
      `select l.external_id from public.market_listings l where ${rows[0].sql}`,
    );
    for (const row of found.rows) ids.add(row.external_id);
  }
  return ids;
}

export async function evaluate(
  db: Queryable,
  truths: Map<string, Truth>,
  queries: EvalQuery[] = EVAL_QUERIES,
): Promise<QueryScore[]> {
  const scores: QueryScore[] = [];
  for (const q of queries) {
    const matched = await matchedIds(db, q.query);
    const expected = [...truths].filter(([, t]) => q.truth(t)).map(([id]) => id);
    const correct = expected.filter((id) => matched.has(id)).length;
    scores.push({
      query: q.query,
      kind: q.kind,
      expected: expected.length,
      matched: matched.size,
      correct,
      // Nothing matched when nothing should: perfect on both counts.
      precision: matched.size === 0 ? (expected.length === 0 ? 1 : 0) : correct / matched.size,
      recall: expected.length === 0 ? (matched.size === 0 ? 1 : 0) : correct / expected.length,
    });
  }
  return scores;
}

/** Macro averages: every query weighs the same, so a rare miss on a small line is not hidden by big ones. */
export function overall(scores: QueryScore[]): { precision: number; recall: number } {
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  return { precision: mean(scores.map((s) => s.precision)), recall: mean(scores.map((s) => s.recall)) };
}
