// The exact cells' part of `npm run bench:search` (issue 53, docs/decisions/085-exact-cells.md): which path each query
// takes, whether the cells give the row count's answer on every query, and the cells' size. Printed beside the timings.
import type { Database } from '../emulator/db/index';
import { EVAL_QUERIES } from './search-eval/queries';
import { NEW_BRANDS, UNUSED_WORDS, WRITTEN_QUERIES } from './search-eval/written/index';

type Queryable = Pick<Database, 'query' | 'exec' | 'transaction'>;

const CONDITIONS = ['pre_owned', 'new_with_tags', 'new_without_tags', 'new_with_imperfections'];
/** The identity gives up on a count after this long (the search functions' own statement timeout is shorter). */
const IDENTITY_TIMEOUT_MS = 30_000;

/** The evaluation sets' queries (generator set, hand-written sets A to D), by set. */
export function evalQuerySets(): Record<string, string[]> {
  return {
    'eval (generator)': EVAL_QUERIES.map((q) => q.query),
    'eval (hand-written)': WRITTEN_QUERIES.map((q) => q.query),
    'eval (set C, brands)': NEW_BRANDS.queries.map((q) => q.query),
    'eval (set D, unused words)': UNUSED_WORDS.map((q) => q.query),
  };
}

/** Whether the searches read the cells (market_cells_state.reads): off times the row path in the same run. */
export async function setCellReads(db: Queryable, on: boolean): Promise<void> {
  await db.query('update private.market_cells_state set reads = $1', [on]);
}

/** The path each query's reading takes with no narrowing, and why the rows when it does. */
export async function routeShare(db: Queryable, queries: string[]) {
  const why = new Map<string, number>();
  let cells = 0;
  for (const query of queries) {
    const { rows } = await db.query<{ r: { path: string; why?: string; words?: string[] } }>(
      `select private.market_cells_route(public.market_parse_query($1), '{}') as r`,
      [query],
    );
    if (rows[0].r.path === 'cells') cells++;
    else {
      const key = rows[0].r.why === 'words' ? `words: ${(rows[0].r.words ?? []).join(' ')}` : rows[0].r.why!;
      why.set(key, (why.get(key) ?? 0) + 1);
    }
  }
  return { cells, total: queries.length, why: [...why].sort((a, b) => b[1] - a[1]) };
}

/**
 * Every query in every condition, listed answer from the cells against the row count (the session's cells switched
 * off), every figure compared: the number that differ, which must be 0.
 */
export async function cellsIdentity(db: Queryable, queries: string[]) {
  let compared = 0;
  let fromCells = 0;
  const differ: string[] = [];
  // The sellers handed to the sold search: their keys (rows), or the cells' bitset of them, read back as keys.
  const sql = `select a.result - 'path' as result, a.result ->> 'path' as path,
      array(select k from unnest(coalesce(a.sellers, array(
        select o.seller_key from private.market_seller_ords o
        where o.ord < length(a.seller_bits) and get_bit(a.seller_bits, o.ord) = 1))) k order by 1)::text as sellers
    from private.market_available(public.market_parse_query($1), $2, 5, '{}') a`;
  const slow: string[] = [];
  for (const query of queries) {
    for (const condition of CONDITIONS) {
      // A count the function would give up on (its statement timeout) is named, not waited for.
      const both = await db
        .transaction(async (tx) => {
          await tx.exec(`set local statement_timeout = '${IDENTITY_TIMEOUT_MS}'`);
          const cells = (
            await tx.query<{ result: unknown; path: string; sellers: string }>(sql, [query, condition])
          ).rows[0];
          await tx.exec(`set local flipwise.market_cells = 'off'`);
          const rows = (
            await tx.query<{ result: unknown; path: string; sellers: string }>(sql, [query, condition])
          ).rows[0];
          return { cells, rows };
        })
        .catch((error: Error) => {
          slow.push(`${query} (${condition}): ${error.message}`);
          return undefined;
        });
      if (!both) continue;
      compared++;
      if (both.cells.path === 'cells') fromCells++;
      if (
        JSON.stringify(both.cells.result) !== JSON.stringify(both.rows.result) ||
        both.cells.sellers !== both.rows.sellers
      )
        differ.push(`${query} (${condition})`);
    }
  }
  return { compared, fromCells, differ, slow };
}

/**
 * Every query in every condition and each of the four windows, sold answer from the cells against the row count,
 * every figure compared (the path left out): the number that differ, which must be 0.
 */
export async function soldIdentity(db: Queryable, queries: string[], windows: number[] = [30, 90, 180, 365]) {
  let compared = 0;
  let fromCells = 0;
  const differ: string[] = [];
  const slow: string[] = [];
  const sql = `select r - 'path' as result, r ->> 'path' as path
    from public.market_count_sold($1, $2, $3, 5, '{}') r`;
  for (const query of queries) {
    for (const condition of CONDITIONS) {
      for (const days of windows) {
        const both = await db
          .transaction(async (tx) => {
            await tx.exec(`set local statement_timeout = '${IDENTITY_TIMEOUT_MS}'`);
            const cells = (await tx.query<{ result: unknown; path: string }>(sql, [query, condition, days]))
              .rows[0];
            await tx.exec(`set local flipwise.market_cells = 'off'`);
            const rows = (await tx.query<{ result: unknown; path: string }>(sql, [query, condition, days]))
              .rows[0];
            return { cells, rows };
          })
          .catch((error: Error) => {
            slow.push(`${query} (${condition}, ${days} days): ${error.message}`);
            return undefined;
          });
        if (!both) continue;
        compared++;
        if (both.cells.path === 'cells') fromCells++;
        if (JSON.stringify(both.cells.result) !== JSON.stringify(both.rows.result))
          differ.push(`${query} (${condition}, ${days} days)`);
      }
    }
  }
  return { compared, fromCells, differ, slow };
}

/** How many signatures, cells and (cell, seller) rows the cells hold, and their size on disk. */
export async function cellsFacts(db: Queryable) {
  const { rows } = await db.query<Record<string, string>>(`
    select (select count(*) from private.market_signatures)::text as signatures,
      (select count(*) from private.market_listed_cells where facet = '')::text as cells,
      (select count(*) from private.market_listed_cells where facet <> '')::text as facet_cells,
      (select count(*) from private.market_listed_cell_sellers)::text as cell_sellers,
      (select count(*) from private.market_listing_places)::text as places,
      pg_size_pretty(pg_total_relation_size('private.market_listed_cells')
        + pg_total_relation_size('private.market_listed_cell_sellers')
        + pg_total_relation_size('private.market_listing_places')
        + pg_total_relation_size('private.market_signatures')) as size,
      (select count(*) from private.market_sale_places)::text as sales,
      (select count(*) from private.market_sold_cells)::text as sold_cells,
      pg_size_pretty(pg_total_relation_size('private.market_sale_places')
        + pg_total_relation_size('private.market_sold_cells')) as sold_size`);
  return rows[0];
}

/** The bench's lines about the cells: signatures, share of queries from cells, and the identity's mismatch count. */
export async function printCells(
  db: Queryable,
  benchQueries: string[],
  options: { identity: boolean; soldWindows?: number[] },
) {
  const facts = await cellsFacts(db);
  console.log(
    `\nexact cells: ${Number(facts.signatures).toLocaleString('en-US')} signatures, ${Number(facts.cells).toLocaleString('en-US')} listed cells and ${Number(facts.facet_cells).toLocaleString('en-US')} facet cells, ${Number(facts.cell_sellers).toLocaleString('en-US')} (cell, seller) rows, ${Number(facts.places).toLocaleString('en-US')} listings placed; ${facts.size} in all`,
  );
  console.log(
    `  sold: ${Number(facts.sales).toLocaleString('en-US')} sales placed, ${Number(facts.sold_cells).toLocaleString('en-US')} sold-cell rows (a sale in its narrowest window's); ${facts.sold_size}`,
  );
  const sets: Record<string, string[]> = { 'bench queries': benchQueries, ...evalQuerySets() };
  let cells = 0;
  let total = 0;
  for (const [name, queries] of Object.entries(sets)) {
    const share = await routeShare(db, queries);
    cells += share.cells;
    total += share.total;
    const reasons = share.why
      .slice(0, 6)
      .map(([why, n]) => `${why} ${n}`)
      .join('; ');
    console.log(
      `  ${name.padEnd(28)} from cells ${share.cells} of ${share.total} (${((100 * share.cells) / share.total).toFixed(1)}%)${reasons ? `; rows: ${reasons}` : ''}`,
    );
  }
  console.log(`  all sets: from cells ${cells} of ${total} (${((100 * cells) / total).toFixed(1)}%)`);
  const written = await writtenSignatures();
  console.log(
    `  seller-written titles (eval sets A to C), listed: ${written.listings} listings, ${written.shapes} distinct keys, ${written.signatures} signatures`,
  );
  if (options.identity) {
    const all = [...new Set(Object.values(sets).flat())];
    const identity = await cellsIdentity(db, all);
    console.log(
      `  identity, listed answers of ${all.length} queries x 4 conditions: ${identity.compared} compared, ${identity.fromCells} from cells, mismatches ${identity.differ.length}${identity.differ.length ? `: ${identity.differ.slice(0, 10).join(', ')}` : ''}`,
    );
    if (identity.slow.length)
      console.log(
        `  not compared, a count over ${IDENTITY_TIMEOUT_MS / 1000} s: ${identity.slow.length}: ${identity.slow.slice(0, 8).join('; ')}`,
      );
    const sold = await soldIdentity(db, all, options.soldWindows);
    console.log(
      `  identity, sold answers of ${all.length} queries x 4 conditions x ${options.soldWindows?.length ?? 4} windows: ${sold.compared} compared, ${sold.fromCells} from cells, mismatches ${sold.differ.length}${sold.differ.length ? `: ${sold.differ.slice(0, 10).join(', ')}` : ''}`,
    );
    if (sold.slow.length)
      console.log(
        `  not compared, a sold count over ${IDENTITY_TIMEOUT_MS / 1000} s: ${sold.slow.length}: ${sold.slow.slice(0, 8).join('; ')}`,
      );
  }
}

/**
 * Signatures on titles sellers write (the hand-written eval sets' listings, sets A to C): the same cells built in a
 * database of their own, so the count says what real titles do where the bench's generator repeats its own.
 */
export async function writtenSignatures() {
  const { createDatabase } = await import('../emulator/db/index');
  const { prepareDatabase } = await import('../emulator/db/migrate');
  const { defaultSupabaseDir } = await import('../emulator/config');
  const { upsertListings, mergeCells } = await import('../emulator/seeds/data/market-data');
  const { ALL_WRITTEN_LISTINGS } = await import('./search-eval/written/index');
  const db = await createDatabase({ dataDir: 'memory' });
  try {
    await prepareDatabase(db, { supabaseDir: defaultSupabaseDir, seed: false });
    const listed = new Date(Date.now() - 30 * 86_400_000).toISOString();
    await upsertListings(
      db,
      ALL_WRITTEN_LISTINGS.map((l) => ({
        marketplace: l.marketplace,
        external_id: l.id,
        title: l.title,
        brand: l.brand ?? null,
        category: l.category ?? null,
        size: l.size ?? null,
        colour: null,
        condition: l.condition,
        status: 'available' as const,
        price: l.price ?? 10,
        currency: 'USD',
        listed_at: listed,
        sold_at: null,
        url: null,
        source: 'import',
      })),
    );
    await mergeCells(db);
    const { rows } = await db.query<{ listings: number; shapes: number; signatures: number }>(
      `select count(*)::int as listings, count(distinct l.terms)::int as shapes,
         count(distinct p.sig)::int as signatures
       from public.market_listings l join private.market_listing_places p on p.id = l.id`,
    );
    return rows[0];
  } finally {
    await db.close();
  }
}

/**
 * `--promote`: two bench users have searched every bench query (the rows the browser logs after a search), then the
 * cells' words are updated and every listing signed again, as the hourly upkeep would. Prints what it promoted.
 */
export async function promoteSearched(
  emu: { db: Queryable; url: string; serviceRoleKey: string; anonKey: string },
  queries: { itemName: string; condition: string }[],
) {
  const { signIn } = await import('./bench-search-load.ts');
  const t0 = performance.now();
  for (const who of ['bench-log-1', 'bench-log-2']) {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const client = await signIn(emu as any, `${who}@flipwise.local`, 'bench-password-2026');
    const { error } = await client.from('marketplace_search_logs').insert(
      queries.map((q) => ({
        search_term: q.itemName,
        condition: q.condition,
        search_type: 'available',
        result_count: 1,
        is_zero_result: false,
        api_success: true,
      })),
    );
    if (error) throw new Error(`search log: ${error.message}`);
  }
  const { rows } = await emu.db.query<{ r: { promoted: number } }>(
    'select private.market_cells_words_update() as r',
  );
  let looked = 0;
  let batches = 0;
  const t1 = performance.now();
  for (;;) {
    const { rows: done } = await emu.db.query<{ n: number }>('select private.market_cells_resign(5000) as n');
    if (done[0].n === 0) break;
    looked += done[0].n;
    batches++;
  }
  const { rows: words } = await emu.db.query<{ words: string[] }>(
    `select coalesce(array_agg(word order by word), '{}') as words from private.market_cell_words where source = 'promoted'`,
  );
  console.log(
    `promotion: ${rows[0].r.promoted} words promoted from the search log (${words[0].words.length} promoted in all: ${words[0].words.join(', ')}); listings signed again in ${batches} batches of 5,000 (${looked.toLocaleString('en-US')} looked at) in ${((performance.now() - t1) / 1000).toFixed(1)} s; ${((performance.now() - t0) / 1000).toFixed(1)} s in all`,
  );
}
