// Every marketplace export the import knows, end to end in Chromium (issue 51): each fixture of tests/fixtures/sales
// (built from the public sources its README names, with its export's framing: lines above the header, padding rows,
// a multi-item order's summary row, footers and totals, quantities, refunded, cancelled and in-progress sales) is
// recognised, previewed and imported through the screens, and the preview's counts and the result line equal what a
// small reader in this file finds in the file itself. Then the figures of Your sales (units sold and listed,
// sell-through, median price and days, net earnings and profit) equal figures this reader computes from the files,
// not from the stored rows. Two files imported again add nothing. The reader is deliberately separate from the app's
// import code: it knows each export's column names and its rules, nothing more.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import { formatCount, formatDays, formatMoney, formatPercent } from '../src/features/sales/lib/format';
import { formatPresets } from '../src/features/sales/lib/import/formats';
import { expect, test } from './support/fixtures';
import {
  expectPreview,
  fixtures,
  importAnother,
  importShown,
  newSeller,
  openImport,
  pick,
  type Fixture,
} from './support/sales-import';

/** One line of a file as the figures see it. */
type Line = {
  kind: 'item' | 'order';
  marketplace: string;
  order: string | null;
  sold: boolean;
  /** Cancelled, refunded or returned: kept, not counted. */
  gone: boolean;
  qty: number;
  price: number | null;
  currency: string;
  listedAt: number | null;
  soldAt: number | null;
  net: number | null;
  cost: number | null;
};
type Cell = (name: string) => string;
type Reader = {
  file: string;
  preset: string;
  /** A column only this export's header has. */
  header: string;
  /** The line a data row is, or null when the row is not an item (a summary, a footer, a totals row). */
  line: (get: Cell, all: Cell[]) => Line | null;
};

const money = (text: string): number | null => {
  const t = text.replace(/[$,\s]/g, '');
  return t === '' || /^(n\/a|-+)$/i.test(t) ? null : Number(t);
};
/** MM/DD/YYYY, MM/DD/YY or YYYY-MM-DD, as UTC midnight. */
const day = (text: string): number | null => {
  let m = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(text.trim());
  if (m) return Date.UTC(Number(m[3].length === 2 ? `20${m[3]}` : m[3]), Number(m[1]) - 1, Number(m[2]));
  m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  return m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : null;
};
const base = {
  kind: 'item' as const,
  order: null,
  gone: false,
  qty: 1,
  currency: 'USD',
  net: null,
  cost: null,
};
const gone = (status: string) => /cancel|refund|return/i.test(status);

const readers: Reader[] = [
  {
    file: 'ebay-orders.csv',
    preset: 'ebay-orders',
    header: 'Sales Record Number',
    line: (get) =>
      get('Item Title')
        ? {
            ...base,
            marketplace: 'ebay',
            order: get('Order Number'),
            sold: true,
            qty: Number(get('Quantity')),
            price: money(get('Sold For')),
            listedAt: null,
            soldAt: null,
          }
        : null,
  },
  {
    file: 'ebay-active-listings.csv',
    preset: 'ebay-active-listings',
    header: 'Item number',
    // A listing with variations: its variation rows are the items, its parent row is not.
    line: (get, all) =>
      get('Item number') &&
      (get('Variation details') ||
        !all.some((o) => o('Item number') === get('Item number') && o('Variation details')))
        ? {
            ...base,
            marketplace: 'ebay',
            sold: false,
            qty: Number(get('Available quantity')),
            price: money(get('Current price')),
            listedAt: null,
            soldAt: null,
          }
        : null,
  },
  {
    file: 'poshmark-sales.csv',
    preset: 'poshmark-sales',
    header: 'Listing Title',
    line: (get) =>
      get('Listing Title')
        ? {
            ...base,
            marketplace: 'poshmark',
            order: get('Order Id'),
            sold: true,
            price: money(get('Order Price')),
            listedAt: day(get('Listing Date')),
            soldAt: day(get('Order Date')),
            net: money(get('Your Earnings')),
            cost: money(get('Cost Price')),
          }
        : null,
  },
  {
    file: 'depop-sales.csv',
    preset: 'depop-sales',
    header: 'Date of sale',
    line: (get) => ({
      ...base,
      marketplace: 'depop',
      sold: true,
      gone: (money(get('Refunded to buyer amount')) ?? 0) >= (money(get('Item price')) ?? Infinity),
      price: money(get('Item price')),
      listedAt: day(get('Date of listing')),
      soldAt: day(get('Date of sale')),
    }),
  },
  {
    file: 'mercari-sales.csv',
    preset: 'mercari-sales',
    header: 'Item Id',
    line: (get) =>
      get('Item Title')
        ? {
            ...base,
            marketplace: 'mercari',
            sold: true,
            gone: gone(get('Order Status')),
            price: money(get('Item Price')),
            listedAt: null,
            soldAt: day(get('Sold Date')),
            net: money(get('Net Seller Proceeds')),
          }
        : null,
  },
  {
    file: 'vendoo-inventory.csv',
    preset: 'vendoo-inventory',
    header: 'Sold Platform',
    line: (get) => {
      const sold = get('Status') === 'Sold';
      return {
        ...base,
        marketplace: (get('Sold Platform') || get('Listing Platforms')).toLowerCase(),
        sold,
        qty: Number(sold ? get('Quantity Sold') : get('Quantity Left')),
        price: money(get('Price Sold') || get('Price')),
        listedAt: day(get('Listed Date')),
        soldAt: day(get('Sold Date')),
        cost: money(get('Cost of Goods')),
      };
    },
  },
  {
    file: 'etsy-sold-orders.csv',
    preset: 'etsy-sold-orders',
    header: 'Number of Items',
    line: (get) => {
      const qty = Number(get('Number of Items'));
      return {
        ...base,
        kind: 'order',
        marketplace: 'etsy',
        order: get('Order ID'),
        sold: true,
        gone: gone(get('Status')),
        qty,
        price: Math.round(((money(get('Order Value')) ?? 0) / qty) * 100) / 100,
        listedAt: null,
        soldAt: day(get('Sale Date')),
        net: money(get('Adjusted Net Order Amount') || get('Order Net')),
      };
    },
  },
  {
    file: 'etsy-sold-order-items.csv',
    preset: 'etsy-sold-order-items',
    header: 'Transaction ID',
    line: (get) => ({
      ...base,
      marketplace: 'etsy',
      order: get('Order ID'),
      sold: true,
      qty: Number(get('Quantity')),
      price: money(get('Price')),
      listedAt: null,
      soldAt: day(get('Sale Date')),
    }),
  },
  {
    file: 'etsy-listings.csv',
    preset: 'etsy-listings',
    header: 'CURRENCY_CODE',
    line: (get) => ({
      ...base,
      marketplace: 'etsy',
      sold: false,
      qty: Number(get('QUANTITY')),
      price: money(get('PRICE')),
      listedAt: null,
      soldAt: null,
    }),
  },
  {
    file: 'flipwise.csv',
    preset: 'flipwise',
    header: 'external_id',
    line: (get) => ({
      ...base,
      marketplace: get('marketplace'),
      sold: get('status') === 'sold',
      price: money(get('price')),
      currency: get('currency'),
      listedAt: day(get('listed_at')),
      soldAt: day(get('sold_at')),
    }),
  },
];

type Read = { fixture: Fixture; lines: Line[] };

/** A CSV fixture read by its reader: its records (blank lines are not records; the header is not one), its lines. */
function readCsv(reader: Reader): Read {
  const text = readFileSync(path.join(fixtures, reader.file), 'utf8').replace(/^\uFEFF/, '');
  const table = Papa.parse<string[]>(text, { skipEmptyLines: false }).data.filter(
    (row) => !(row.length === 1 && row[0].trim() === ''),
  );
  const at = table.findIndex((row) => row.includes(reader.header));
  const header = table[at];
  const cells =
    (row: string[]): Cell =>
    (name) =>
      (row[header.indexOf(name)] ?? '').trim();
  const body = table.slice(at + 1).map(cells);
  const lines: Line[] = [];
  let problems = 0;
  for (const get of body) {
    const line = reader.line(get, body);
    if (!line) continue;
    // The one refused row of the fixtures: flipwise.csv's price "abc".
    if (line.price !== null && Number.isNaN(line.price)) problems++;
    else lines.push(line);
  }
  const records = table.length - 1;
  return {
    fixture: {
      file: reader.file,
      preset: reader.preset,
      records,
      ready: lines.length,
      problems,
      notItems: records - lines.length - problems,
    },
    lines,
  };
}

/** Our own JSON Lines: one object a line, every one an item. */
function readJsonl(): Read {
  const objects = readFileSync(path.join(fixtures, 'flipwise.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Record<string, string | number>);
  const lines = objects.map((o): Line => ({
    ...base,
    marketplace: String(o.marketplace),
    sold: o.status === 'sold',
    price: Number(o.price),
    currency: String(o.currency),
    listedAt: day(String(o.listed_at ?? '')),
    soldAt: day(String(o.sold_at ?? '')),
  }));
  return {
    fixture: {
      file: 'flipwise.jsonl',
      preset: 'flipwise',
      records: objects.length,
      ready: lines.length,
      problems: 0,
      notItems: 0,
    },
    lines,
  };
}

const median = (values: number[]) => {
  const v = [...values].sort((a, b) => a - b);
  const mid = (v.length - 1) / 2;
  return v.length ? v[Math.floor(mid)] + (v[Math.ceil(mid)] - v[Math.floor(mid)]) * (mid % 1) : null;
};

/** The figures of Your sales from the lines of every file, by the rules of decision 078. */
function figures(lines: Line[]) {
  const key = (l: Line) => `${l.marketplace}|${l.order}`;
  const itemOrders = new Set(lines.filter((l) => l.kind === 'item' && l.order).map(key));
  const goneOrders = new Set(lines.filter((l) => l.kind === 'order' && l.gone).map(key));
  const counts = (l: Line) =>
    !l.gone &&
    !(l.kind === 'order' && itemOrders.has(key(l))) &&
    !(l.kind === 'item' && l.order && goneOrders.has(key(l)));
  const sold = lines.filter((l) => l.sold && counts(l));
  const currencies = sold.filter((l) => l.price !== null).map((l) => l.currency);
  const currency = currencies.sort(
    (a, b) => currencies.filter((c) => c === b).length - currencies.filter((c) => c === a).length,
  )[0];
  const units = (list: Line[], value: (l: Line) => number) =>
    list.flatMap((l) => Array<number>(l.qty).fill(value(l)));
  // An order record whose items are imported still brings its order's money (its net), unless it is gone.
  const money = lines.filter(
    (l) => l.sold && l.currency === currency && (counts(l) || (l.kind === 'order' && !l.gone)),
  );
  const cents = (values: number[]) => values.reduce((n, v) => n + Math.round(v * 100), 0) / 100;
  const unitsSold = sold.reduce((n, l) => n + l.qty, 0);
  const unitsListed = lines.filter((l) => !l.sold).reduce((n, l) => n + l.qty, 0);
  return {
    currency,
    unitsSold,
    unitsListed,
    sellThrough: Math.round((unitsSold * 100) / unitsListed),
    medianPrice: median(
      units(
        sold.filter((l) => l.price !== null && l.currency === currency),
        (l) => l.price!,
      ),
    ),
    medianDays: median(
      units(
        sold.filter((l) => l.listedAt !== null),
        (l) => (l.soldAt! - l.listedAt!) / 86_400_000,
      ),
    ),
    net: cents(money.filter((l) => l.net !== null).map((l) => l.net!)),
    profit: cents(money.filter((l) => l.net !== null && l.cost !== null).map((l) => l.net! - l.cost!)),
  };
}

test.describe('every export the import knows', () => {
  test('is recognised and imported with counts that add up, and Your sales shows the figures of the files', async ({
    newPage,
  }) => {
    test.setTimeout(180_000);
    const files = [...readers.map(readCsv), readJsonl()];
    // Every preset has a fixture here: a new preset without one fails this test instead of going untested.
    expect(new Set(files.map((f) => f.fixture.preset))).toEqual(new Set(formatPresets.map((p) => p.id)));
    // The framing the fixtures must reproduce is there to be read.
    const all = files.flatMap((f) => f.lines);
    expect(all.some((l) => l.qty === 2 && l.sold)).toBe(true);
    expect(files.reduce((n, f) => n + f.fixture.notItems, 0)).toBeGreaterThanOrEqual(8);

    const { email } = await newSeller();
    const page = await openImport(newPage, email);
    for (const { fixture } of files)
      await test.step(fixture.file, async () => {
        await pick(page, fixture.file);
        await expectPreview(page, fixture);
        await importShown(page, fixture, fixture.ready);
        await importAnother(page);
      });

    await test.step('the same files again add nothing', async () => {
      for (const { fixture } of files.filter((f) =>
        /^(ebay-orders|etsy-sold-orders)\.csv$/.test(f.fixture.file),
      )) {
        await pick(page, fixture.file);
        await expectPreview(page, fixture);
        await importShown(page, fixture, 0, 0, fixture.ready);
        await importAnother(page);
      }
    });

    const f = figures(all);
    expect(f.currency).toBe('USD');
    await page.goto('/account/sales');
    await expect(page.getByTestId('sales-units-sold')).toHaveText(formatCount(f.unitsSold));
    await expect(page.getByTestId('sales-units-listed')).toHaveText(formatCount(f.unitsListed));
    await expect(page.getByTestId('sales-sell-through')).toHaveText(formatPercent(f.sellThrough));
    await expect(page.getByTestId('sales-median-price')).toHaveText(formatMoney(f.medianPrice!, f.currency));
    await expect(page.getByTestId('sales-median-days')).toHaveText(formatDays(f.medianDays!));
    await expect(page.getByTestId('sales-net')).toHaveText(formatMoney(f.net, f.currency));
    await expect(page.getByTestId('sales-profit')).toHaveText(formatMoney(f.profit, f.currency));
  });
});
