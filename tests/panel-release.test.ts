// The seller panel's released cells under attack (issue 52, docs/decisions/082-panel-release.md): what an attacker
// with throwaway accounts and ordinary queries learns of one victim. Sybil accounts lifting a rare item, differencing
// (an extra word, another window, another condition, before and after the victim joins), repeated queries, and a
// dominant seller's extreme prices. The deterministic attacks run the real release and reading; the statistical ones
// run the release's own noise (private.panel_noise) over many seeded keys, as Google's stochastic tester runs a
// mechanism over many seeds, and check that the attacker's view with and without the victim differs by no more than
// epsilon allows. On PGlite, and on PostgreSQL 15 when DATABASE_URL is set.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../emulator/db/index';
import { suiteDatabase } from './support/database';

let db: Database;
const day = 86_400_000;
let seq = 0;

type Sale = {
  seller: string;
  title?: string;
  price?: number;
  daysAgo: number;
  condition?: string;
  status?: string;
};

/** Shared rows as the sharing switch writes them: one panel key per account. */
async function share(rows: Sale[]) {
  for (const r of rows) {
    const at = new Date(Date.now() - r.daysAgo * day).toISOString();
    const sold = (r.status ?? 'sold') === 'sold';
    await db.query(
      `insert into public.market_listings (marketplace, external_id, title, brand, category, condition, status, price,
         currency, listed_at, sold_at, source, seller_key)
       values ('poshmark', $1, $2, 'Patagonia', 'Jackets', $3, $4, $5, 'USD', $6::timestamptz - interval '9 days',
         $7, 'panel', $8)`,
      [
        `panel-${++seq}`,
        r.title ?? 'Patagonia Retro Pile Jacket',
        r.condition ?? 'pre_owned',
        sold ? 'sold' : 'available',
        r.price ?? 400,
        at,
        sold ? at : null,
        r.seller,
      ],
    );
  }
}

const uuid = (name: string) => {
  const h = createHash('sha256').update(name).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

async function release() {
  await db.query('select public.panel_release_run()');
}

async function figures(query: string, condition = 'pre_owned', windowDays = 90) {
  const { rows } = await db.query<{ f: Record<string, unknown> | null }>(
    `select private.panel_figures(public.market_parse_query($1), $1, $2, $3) as f`,
    [query, condition, windowDays],
  );
  return rows[0].f;
}

async function cells() {
  const { rows } = await db.query<{ c: string }>(
    `select coalesce(json_agg(c order by week, release, brand, garment, condition)::text, '[]') as c
     from private.panel_cells c`,
  );
  return rows[0].c;
}

beforeAll(async () => {
  db = await suiteDatabase();
  // A seeded key: every noisy figure of this file is the same on every run.
  await db.query(
    `insert into private.panel_noise_key (key) values (extensions.digest('panel-release-test-52', 'sha256'))`,
  );
});

afterAll(async () => {
  await db?.close();
});

describe('a rare item with Sybil accounts around it', () => {
  it('never shows the victim: not with 4 fake accounts, not with 50, and no figure is a victim price', async () => {
    const victim = uuid('victim');
    // The victim: three sales of a rare jacket at prices no one else uses.
    await share([
      { seller: victim, price: 123.45, daysAgo: 20 },
      { seller: victim, price: 234.56, daysAgo: 30 },
      { seller: victim, price: 345.67, daysAgo: 40 },
    ]);
    // k - 1 = 4 accounts, each one made-up sale, at $1 and $999,999 to steer the quartiles onto the victim's.
    for (let s = 0; s < 4; s++)
      await share([{ seller: uuid(`sybil${s}`), price: s % 2 ? 999_999 : 1, daysAgo: 25 }]);
    await release();
    const four = await figures('patagonia retro pile jacket');
    expect(four).toMatchObject({ shown: false, weeks: 13 });
    // 50 accounts: the noisy gate may now pass, but every figure is a noisy sum, prices a noisy histogram's.
    for (let s = 4; s < 50; s++)
      await share([{ seller: uuid(`sybil${s}`), price: s % 2 ? 999_999 : 1, daysAgo: 20 + (s % 50) }]);
    await db.query('delete from private.panel_releases');
    await release();
    const fifty = JSON.stringify(await figures('patagonia retro pile jacket'));
    for (const price of ['123.45', '234.56', '345.67', '999999', '999,999'])
      expect(fifty).not.toContain(price);
  });
});

describe('differencing', () => {
  it('an extra word, a typo and a repeated query read the same released cells, so give the same figures', async () => {
    const base = await figures('patagonia jacket');
    const extra = await figures('patagonia jacket zqxv');
    expect({ ...extra, unusedWords: undefined }).toEqual({ ...base, unusedWords: undefined });
    expect(extra?.unusedWords).toEqual(['zqxv']);
    expect(await figures('patagonia jacket')).toEqual(base);
  });

  it('a seller joining or leaving after a release moves no released number', async () => {
    const before = await cells();
    const answer = await figures('patagonia jacket', 'pre_owned', 365);
    const joiner = uuid('joiner');
    await share([
      { seller: joiner, daysAgo: 22 },
      { seller: joiner, daysAgo: 23 },
    ]);
    await db.query(`delete from public.market_listings where seller_key = $1`, [uuid('sybil7')]);
    await release();
    expect(await cells()).toBe(before);
    expect(await figures('patagonia jacket', 'pre_owned', 365)).toEqual(answer);
  });

  it('a withheld answer is the same whether or not the victim sold the item', async () => {
    const rare = 'patagonia baggies shorts';
    const without = await figures(rare);
    await share([{ seller: uuid('denim-victim'), title: 'Patagonia Baggies Shorts', daysAgo: 30 }]);
    await db.query('delete from private.panel_releases');
    await release();
    const withVictim = await figures(rare);
    expect({ ...withVictim, releasedAt: undefined }).toEqual({ ...without, releasedAt: undefined });
    expect(withVictim).toMatchObject({ shown: false });
  });
});

describe('noise alone', () => {
  it('is never shown as sales: brands nobody shared read as not released, in every condition', async () => {
    // A release of weeks that hold only a Patagonia sale (or whatever the tests before shared).
    await share([{ seller: uuid('noise-only'), daysAgo: 30 }]);
    await release();
    const { rows } = await db.query<{ label: string }>(
      `select distinct x.label from public.market_lexicon x where x.kind = 'brand' and x.label not like 'Patagonia%'
       order by x.label limit 40`,
    );
    expect(rows.length).toBe(40);
    for (const { label } of rows)
      for (const condition of ['pre_owned', 'new_with_tags']) {
        const answer = await figures(label.toLowerCase(), condition);
        expect(answer?.shown, `${label} ${condition}`).toBe(false);
      }
  });
});

describe('what a search reads of the release', () => {
  it('is the sum of the released cells, week by week and over the window, with the error of that many cells', async () => {
    // 40 sellers, two sales a week each of one leaf over ten weeks: enough to clear the gate.
    for (let s = 0; s < 40; s++)
      await share(
        Array.from({ length: 20 }, (_, i) => ({
          seller: uuid(`steady${s}`),
          title: 'Patagonia Synchilla Fleece Pullover',
          price: 40 + (i % 20),
          daysAgo: 15 + Math.floor(i / 2) * 7 + (i % 2),
        })),
      );
    await db.query('delete from private.panel_releases');
    await release();
    const answer = (await figures('patagonia synchilla fleece pullover')) as {
      shown: boolean;
      sold: { value: number; error: number };
      weekly: { week: string; sold: { value: number; error: number } | null }[];
    };
    expect(answer.shown).toBe(true);
    const { rows } = await db.query<{ week: string; sold: number }>(
      `select w.week::text, coalesce(c.sold, e.sold) as sold
       from private.panel_window(90) w
         cross join lateral (select (private.panel_leaf(public.market_listing_terms('Patagonia',
           'Patagonia Synchilla Fleece Pullover', 'Jackets', null))).*) lf
         left join private.panel_cells c on c.week = w.week and c.release = w.release and c.brand = lf.brand
           and c.garment = lf.garment and c.condition = 'pre_owned'
         cross join lateral private.panel_empty_cell(private.panel_key(), w.week, w.release, lf.brand, lf.garment,
           'pre_owned', '{}') e
       order by w.week`,
    );
    // The reading of the query is the one leaf of the item (no other leaf of the catalogue is read).
    const { rows: leaves } = await db.query<{ n: number }>(
      `select jsonb_array_length((private.panel_reading(public.market_parse_query($1), $1)).leaves) as n`,
      ['patagonia synchilla fleece pullover'],
    );
    expect(leaves[0].n).toBe(1);
    expect(answer.sold.value).toBe(
      Math.max(
        0,
        rows.reduce((n, r) => n + r.sold, 0),
      ),
    );
    // 13 cells of sold noise of scale 3 / 0.6: 1.96 standard deviations of their sum.
    const a = Math.exp(-0.6 / 3);
    expect(answer.sold.error).toBe(Math.ceil(1.96 * Math.sqrt((13 * 2 * a) / (1 - a) ** 2)));
    expect(answer.weekly.map((w) => w.week)).toEqual(rows.map((r) => r.week));
    for (const [i, w] of answer.weekly.entries())
      if (w.sold) expect(w.sold.value).toBe(Math.max(0, rows[i].sold));
    expect(answer.weekly.some((w) => w.sold !== null)).toBe(true);
  });
});

describe('a dominant seller', () => {
  it('counts at most 3 sales and 1 price per week, its prices clamped to the garment family band', async () => {
    const { rows: before } = await db.query<{ t: string }>(
      `select private.panel_leaf(public.market_listing_terms('Patagonia', 'Patagonia Down Coat', 'Coats', null))::text as t`,
    );
    expect(before[0].t).toMatch(/Patagonia/);
    const whale = uuid('whale');
    // 60 sales in one week at $999,999 each (listed 9 days before: the week before holds its listings only).
    await share(
      Array.from({ length: 60 }, () => ({
        seller: whale,
        title: 'Patagonia Down Coat',
        price: 999_999,
        daysAgo: 24,
      })),
    );
    await db.query('delete from private.panel_releases');
    await release();
    // The true cell, noise taken away with the same key: the whale is 1 seller, 3 sales, 1 price in the top bin.
    const { rows } = await db.query<{ sellers: number; sold: number; clamped: boolean; total: number }>(
      `select c.sellers - n.sellers as sellers, c.sold - n.sold as sold,
         c.prices[private.panel_price_bin((private.panel_price_band(c.garment)).high) + 1]
           - n.prices[private.panel_price_bin((private.panel_price_band(c.garment)).high) + 1] = 1 as clamped,
         (select sum(a - b) from unnest(c.prices, n.prices) z(a, b))::int as total
       from private.panel_cells c,
         lateral private.panel_empty_cell(private.panel_key(), c.week, c.release, c.brand, c.garment, c.condition,
           '{listed,prices,days,markets}') n
       where c.brand = 'Patagonia' and c.garment = (select (private.panel_leaf(public.market_listing_terms(
           'Patagonia', 'Patagonia Down Coat', 'Coats', null))).garment)
         and c.condition = 'pre_owned' and c.sold - n.sold > 0`,
    );
    expect(rows).toEqual([{ sellers: 1, sold: 3, clamped: true, total: 1 }]);
  });
});

// The mechanism itself, over many seeded keys: the attacker sees a window's noisy sum of 13 weekly cells, with the
// victim's unit (1 seller, 3 sales) in one of them or not. For every outcome seen often enough, the likelihood ratio
// of the two worlds stays within e^epsilon of that figure (gate 0.65, sold 0.6), with a sampling slack; and averaging
// the repeated query does not help, since a repeated query is the same sample.
describe('the noise, as a stochastic tester checks it', () => {
  async function sums(scale: number, victim: number, trials: number, cells: number) {
    const { rows } = await db.query<{ v: number; n: number }>(
      `select s.v, count(*)::int as n from (
         select t, (select sum(x) from unnest(private.panel_noise(
             extensions.digest('seed-52-' || t, 'sha256'), 'window', $4, $1)) x)::int + $2 as v
         from generate_series(1, $3) t) s
       group by s.v`,
      [scale, victim, trials, cells],
    );
    return new Map(rows.map((r) => [r.v, r.n]));
  }

  for (const [figure, epsilon, delta, cells, view] of [
    ['sold', 0.6, 3, 13, 'a 13-week window'],
    ['sold', 0.6, 3, 9, 'the 13-week window less the 4-week one (differencing by window)'],
    ['sellers', 0.65, 1, 1, 'one condition of one week (differencing by split)'],
  ] as const) {
    it(`the ${figure} figure of ${view} moves the odds of any outcome by at most e^${epsilon}`, async () => {
      const trials = 5_000;
      const scale = delta / epsilon;
      const without = await sums(scale, 0, trials, cells);
      const withVictim = await sums(scale, delta, trials, cells);
      // Outcomes pooled in bins a third of the sum's noise scale wide, each with at least 150 samples in both worlds; the slack is 4.5
      // standard errors of the log ratio, so a correct mechanism fails about once in 100,000 bins.
      const width = Math.max(1, Math.round((scale * Math.sqrt(cells)) / 3));
      const pool = (m: Map<number, number>) => {
        const bins = new Map<number, number>();
        for (const [v, n] of m) bins.set(Math.floor(v / width), (bins.get(Math.floor(v / width)) ?? 0) + n);
        return bins;
      };
      const a = pool(without);
      const b = pool(withVictim);
      let checked = 0;
      let worst = 0;
      for (const [bin, na] of a) {
        const nb = b.get(bin) ?? 0;
        if (na < 150 || nb < 150) continue;
        checked++;
        const ratio = Math.abs(Math.log(na / nb));
        const slack = 4.5 * Math.sqrt(1 / na + 1 / nb);
        worst = Math.max(worst, ratio - slack);
        expect(ratio, `bin ${bin}`).toBeLessThanOrEqual(epsilon + slack);
      }
      expect(checked).toBeGreaterThan(5);
      // And the mechanism is not trivially private: the victim does shift the outcome's mean by its own size.
      const mean = (m: Map<number, number>) => [...m].reduce((s, [v, n]) => s + v * n, 0) / trials;
      expect(mean(withVictim) - mean(without)).toBeGreaterThan(delta * 0.5);
      expect(worst).toBeLessThanOrEqual(epsilon);
    });
  }
});
