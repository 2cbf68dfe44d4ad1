// The index conditions a query becomes (public.market_groups_sql, migration 20261126120000_search_one_probe.sql): one
// per group of alternatives, and the rows a query matches are exactly those of the full expansion of its groups.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../emulator/db/index';
import { demoMarketDatabase } from './support/database';

let db: Database;

beforeAll(async () => {
  db = await demoMarketDatabase(4_000);
}, 120_000);
afterAll(() => db?.close());

type Parsed = { clauses: { groups: { any: string[][] }[] }[] };

async function parse(text: string): Promise<Parsed> {
  const { rows } = await db.query<{ p: Parsed }>('select public.market_parse_query($1) as p', [text]);
  return rows[0].p;
}

/** The probes of the generated WHERE clause, each as its sorted terms. */
async function probes(text: string): Promise<string[]> {
  const { rows } = await db.query<{ s: string }>(
    `select public.market_match_sql(public.market_parse_query($1), 'available') as s`,
    [text],
  );
  return [...rows[0].s.matchAll(/@> '\{([^}]*)\}'::text\[\]/g)].map((m) => m[1]!);
}

/** Every combination of one alternative per group, unpruned: what the probes must add up to. */
function fullExpansion(parsed: Parsed): string[][] {
  return parsed.clauses.flatMap((clause) =>
    clause.groups.reduce<string[][]>(
      (combos, group) => combos.flatMap((combo) => group.any.map((alt) => [...combo, ...alt])),
      [[]],
    ),
  );
}

async function ids(where: string, params: unknown[]): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `select l.id from public.market_listings l where ${where} order by l.id`,
    params,
  );
  return rows.map((r) => Number(r.id));
}

const terms = 'l.terms';

describe('market probes', () => {
  it("asks the index one condition per group: levi's jeans is Levi's names overlapping and the names jeans stand for overlapping", async () => {
    const parsed = await parse("levi's jeans");
    // Levi's names (with its company words) times the names jeans stand for (issue 24: its cuts and Levi's 501, 505...).
    expect(fullExpansion(parsed).length).toBeGreaterThan(40);
    const { rows } = await db.query<{ s: string }>(
      `select public.market_match_sql(public.market_parse_query($1), 'available') as s`,
      ["levi's jeans"],
    );
    const overlaps = [...rows[0].s.matchAll(/l\.terms && '\{([^}]*)\}'::text\[\]/g)].map((m) => m[1]!.split(','));
    expect(overlaps).toContainEqual(['levi', 'levis']);
    // The jeans group: its single names, and for each phrase ("boot cut") one of its words.
    expect(overlaps.some((o) => o.includes('jeans') && o.includes('501') && o.includes('bootcut'))).toBe(true);
    // Phrases are the only combinations still tested whole, on the rows the index found.
    expect(await probes("levi's jeans")).toEqual(expect.not.arrayContaining(['jeans,levi', '501,levi']));
  });

  it.each([
    "levi's jeans",
    'lululemon scuba hoodie',
    'doc martens 1460 boots',
    'north face nuptse jacket',
    'jean jacket',
    'nike air max sneakers',
    'patagonia better sweater fleece',
    'nike shoes',
    'coach leather bag',
  ])('matches exactly the rows of the full expansion for %s', async (text) => {
    const expanded = fullExpansion(await parse(text));
    const full = await ids(
      `l.status = 'available' and (${expanded.map((_, i) => `${terms} @> $${i + 1}::text[]`).join(' or ')})`,
      expanded,
    );
    const { rows } = await db.query<{ s: string }>(
      `select public.market_match_sql(public.market_parse_query($1), 'available') as s`,
      [text],
    );
    const pruned = await ids(rows[0].s, []);
    expect(full.length).toBeGreaterThan(0);
    expect(pruned).toEqual(full);
  });
});
