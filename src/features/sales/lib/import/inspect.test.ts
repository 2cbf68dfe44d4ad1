import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatPresets } from './formats';
import { buildLoaded, loadFile } from './inspect';
import { UnreadableFileError } from './read';
import { guessMapping, type ImportPlan } from './rows';

const dir = path.resolve(import.meta.dirname, '../../../../../tests/fixtures/sales');
const load = (name: string) => loadFile(new Uint8Array(readFileSync(path.join(dir, name))), name);
const bytes = (text: string) => new TextEncoder().encode(text);

describe('recognising an export by its header row', () => {
  it.each(formatPresets.map((p) => [p.id]))('%s', (id) => {
    const loaded = load(`${id}.csv`);
    expect(loaded.inspection.preset?.id).toBe(id);
    const built = buildLoaded(loaded, loaded.inspection.plan!);
    expect(built.rows.length).toBeGreaterThanOrEqual(4);
    // Every fixture with titles holds a Levi's 501, so one search can find rows of every export (Etsy's orders file
    // names orders, not items).
    if (id !== 'etsy-sold-orders') expect(built.rows.some((r) => /levi.?s 501/i.test(r.title))).toBe(true);
    expect(built.rows.every((r) => r.status !== 'sold' || r.sold_at)).toBe(true);
    // Every record of the file ends in exactly one place, and no two lines share a key.
    expect(built.rows.length + built.rejected.length + built.skipped.length).toBe(built.records);
    expect(new Set(built.rows.map((r) => r.external_id)).size).toBe(built.rows.length);
  });

  it('lists what is not an item apart: lines above the header, padding rows, order summaries, footers, totals', () => {
    const posh = load('poshmark-sales.csv');
    expect(posh.inspection.header[0]).toBe('Listing Date');
    const ebay = load('ebay-orders.csv');
    const built = buildLoaded(ebay, ebay.inspection.plan!);
    expect(built.rejected).toEqual([]);
    expect(built.skipped.map((s) => [s.line, s.kind])).toEqual([
      [1, 'above'],
      [3, 'empty'],
      [11, 'summary'],
      [14, 'note'],
      [15, 'note'],
    ]);
    expect(built.skipped.map((s) => s.text).slice(3)).toEqual([
      expect.stringContaining('record(s) downloaded'),
      'Seller ID : threadandthrift_oh',
    ]);
    const mercari = buildLoaded(load('mercari-sales.csv'), load('mercari-sales.csv').inspection.plan!);
    expect(mercari.skipped).toEqual([
      expect.objectContaining({ kind: 'note', text: expect.stringMatching(/^Totals:/) }),
    ]);
    const listings = buildLoaded(
      load('ebay-active-listings.csv'),
      load('ebay-active-listings.csv').inspection.plan!,
    );
    expect(listings.skipped.map((s) => s.kind)).toEqual(['summary', 'empty']);
  });

  it('keys each line of a multi-item order by order, item and transaction, with its quantity and unit price', () => {
    const ebay = load('ebay-orders.csv');
    const rows = buildLoaded(ebay, ebay.inspection.plan!).rows.filter((r) => r.order_id === '27-14710-66204');
    expect(rows.map((r) => [r.external_id, r.quantity, r.price, r.previous_external_id])).toEqual([
      ['27-14710-66204:336106811044:2451345978011', 2, 24, '1009'],
      ['27-14710-66204:336106823390:2451345978012', 1, 14, '1010'],
    ]);
    expect(rows[0].sold_at).toBe('2026-11-12T14:05:11.000Z');
  });

  it('reads what became of a sale, and money as the export gives it', () => {
    const mercari = buildLoaded(load('mercari-sales.csv'), load('mercari-sales.csv').inspection.plan!).rows;
    expect(mercari.map((r) => r.sale_status)).toEqual([
      ...Array(7).fill('completed'),
      'cancelled',
      'in_progress',
    ]);
    expect(mercari[0]).toMatchObject({ shipping: 0, fees: 5.14, net: 23.41 });
    const depop = buildLoaded(load('depop-sales.csv'), load('depop-sales.csv').inspection.plan!).rows;
    expect(depop.filter((r) => r.sale_status === 'refunded').map((r) => r.title)).toEqual([
      'Free People Adella Slip Dress Size S Ivory',
    ]);
    // Depop's three seller fee columns add up ($0.00 + $1.69 + $0.00); the buyer's marketplace fee is not the seller's.
    expect(depop[0]).toMatchObject({ fees: 1.69, shipping: 7.99 });
    expect(depop[2]).toMatchObject({ fees: 2.9 });
    const posh = buildLoaded(load('poshmark-sales.csv'), load('poshmark-sales.csv').inspection.plan!).rows;
    // NWT "Y" is new with tags; "N" says nothing.
    expect(posh.filter((r) => r.condition).map((r) => [r.title.slice(0, 12), r.condition])).toEqual([
      ['Coach Leathe', 'new_with_tags'],
    ]);
    expect(posh[0]).toMatchObject({ cost: 8, net: 33.6, previous_external_id: '695f1c2ab7d04e1a93c2f810' });
    // A bundle: two lines of one order, each with its own key.
    const bundle = posh.filter((r) => r.order_id === '6b5f0a13c8e27d94b1a6f402');
    expect(bundle).toHaveLength(2);
    expect(new Set(bundle.map((r) => r.external_id)).size).toBe(2);
  });

  it('reads Etsy orders as order rows standing for their items, and item lines keyed by transaction', () => {
    const orders = buildLoaded(
      load('etsy-sold-orders.csv'),
      load('etsy-sold-orders.csv').inspection.plan!,
    ).rows;
    expect(
      orders.map((r) => [r.external_id, r.record_kind, r.quantity, r.price, r.sale_status, r.net]),
    ).toEqual([
      ['order:3412000701', 'order', 1, 32, 'completed', 36.07],
      ['order:3412000702', 'order', 3, 20, null, 64.69],
      ['order:3412000703', 'order', 1, 45, 'refunded', 0],
      ['order:3412000704', 'order', 1, 15, 'cancelled', 0],
    ]);
    const items = buildLoaded(
      load('etsy-sold-order-items.csv'),
      load('etsy-sold-order-items.csv').inspection.plan!,
    ).rows;
    expect(items.map((r) => [r.external_id, r.order_id, r.quantity, r.price])).toContainEqual([
      '3412000702:4100000002',
      '3412000702',
      2,
      18,
    ]);
    const listings = buildLoaded(load('etsy-listings.csv'), load('etsy-listings.csv').inspection.plan!).rows;
    expect(listings.map((r) => [r.status, r.quantity])).toEqual([
      ['available', 1],
      ['available', 4],
      ['available', 2],
      ['available', 1],
    ]);
  });

  it('gives rows without an id one from their content, the same on every read', () => {
    const first = buildLoaded(load('depop-sales.csv'), load('depop-sales.csv').inspection.plan!);
    const second = buildLoaded(load('depop-sales.csv'), load('depop-sales.csv').inspection.plan!);
    expect(first.rows.map((r) => r.external_id)).toEqual(second.rows.map((r) => r.external_id));
    expect(new Set(first.rows.map((r) => r.external_id)).size).toBe(first.rows.length);
  });

  it('reads a crosslister row from the fallback columns when the first is empty', () => {
    const loaded = load('vendoo-inventory.csv');
    const built = buildLoaded(loaded, loaded.inspection.plan!);
    const listed = built.rows.filter((r) => r.status === 'available');
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((r) => r.price != null && r.marketplace)).toBe(true);
  });

  it('reports a bad row by line with its reason and keeps the others', () => {
    const loaded = load('flipwise.csv');
    const built = buildLoaded(loaded, loaded.inspection.plan!);
    expect(built.rows).toHaveLength(6);
    expect(built.rejected).toEqual([
      expect.objectContaining({ line: 7, reasons: ['price “abc” is not a number'] }),
    ]);
  });

  it('refuses a date before 2000, after tomorrow or unreadable, by line, with a reason, and keeps the others (issue 49)', () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const later = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const file = [
      'marketplace,external_id,title,condition,status,price,listed_at,sold_at',
      "ebay,a1,Levi's 501 jeans,pre_owned,sold,40,2026-01-02,9999-12-31T10:00:00Z",
      "ebay,a2,Levi's 501 jeans,pre_owned,sold,40,0001-01-01,2026-01-03",
      "ebay,a3,Levi's 501 jeans,pre_owned,sold,40,2026-01-02,1999-12-31",
      `ebay,a4,Levi's 501 jeans,pre_owned,sold,40,2026-01-02,${later}`,
      `ebay,a5,Levi's 501 jeans,pre_owned,sold,40,2026-01-02,${tomorrow}`,
      "ebay,a6,Levi's 501 jeans,pre_owned,available,40,2000-01-01,",
    ].join('\n');
    const loaded = loadFile(bytes(file), 'dates.csv');
    const built = buildLoaded(loaded, loaded.inspection.plan!);
    expect(built.rows.map((r) => r.external_id)).toEqual(['a5', 'a6']);
    expect(built.rejected).toEqual([
      expect.objectContaining({
        line: 2,
        reasons: ["the sale date 9999-12-31 is after tomorrow: check the file's date column"],
      }),
      expect.objectContaining({
        line: 3,
        reasons: ['listing date “0001-01-01” is not a date we can read (for example 2026-03-05)'],
      }),
      expect.objectContaining({
        line: 4,
        reasons: [
          "the sale date 1999-12-31 is before 2000: check the file's date column",
          'the sale date is before the listing date',
        ],
      }),
      expect.objectContaining({
        line: 5,
        reasons: [`the sale date ${later} is after tomorrow: check the file's date column`],
      }),
    ]);
  });

  it('leaves an unknown file to the mapping step, with a first guess', () => {
    const loaded = load('unknown-format.csv');
    expect(loaded.inspection.preset).toBeNull();
    expect(guessMapping(loaded.inspection.header)).toMatchObject({ title: 'Item', price: 'Sold price' });
  });
});

describe('files the import refuses, with a reason', () => {
  it('a workbook, binary data, another encoding, no header', () => {
    expect(() => loadFile(bytes('PK\u0003\u0004rest'), 'sales.xlsx')).toThrow(/workbook/);
    expect(() => loadFile(new Uint8Array([1, 0, 2, 0, 3]), 'x.csv')).toThrow(/binary data/);
    expect(() =>
      loadFile(new Uint8Array([0x74, 0x69, 0x74, 0x6c, 0x65, 0x0a, 0xe9, 0x74, 0xe9]), 'x.csv'),
    ).toThrow(/UTF-8/);
    expect(() => loadFile(bytes('\n\n'), 'empty.csv')).toThrow(UnreadableFileError);
  });

  it('reads UTF-16 with its byte-order mark (Excel “Unicode text”)', () => {
    const text = 'title,price,sold on\nCafé jacket,10,2026-01-02\n';
    const utf16 = new Uint8Array(2 + text.length * 2);
    utf16.set([0xff, 0xfe]);
    for (let i = 0; i < text.length; i++) utf16[2 + i * 2] = text.charCodeAt(i);
    expect(loadFile(utf16, 'x.csv').inspection.sample[0][0]).toBe('Café jacket');
  });

  it('imports a title that looks like a formula as the seller wrote it (the downloads escape it)', () => {
    const csv = `title,price,sold_at\n"=HYPERLINK(""http://evil.example"",""click"")",10,2026-01-02\n`;
    const loaded = loadFile(bytes(csv), 'x.csv');
    const built = buildLoaded(loaded, {
      format: 'mapped',
      formatName: 'mapped',
      mapping: { title: 'title', price: 'price', sold_at: 'sold_at' },
      marketplace: 'ebay',
      status: null,
      dayFirst: false,
    });
    expect(built.rejected).toEqual([]);
    expect(built.rows[0].title).toBe('=HYPERLINK("http://evil.example","click")');
  });
});

describe('a file mapped by hand', () => {
  const mapped = (csv: string, plan: Partial<ImportPlan>) => {
    const loaded = loadFile(bytes(csv), 'mine.csv');
    return {
      loaded,
      built: buildLoaded(loaded, {
        format: 'mapped',
        formatName: 'mapped',
        mapping: {},
        marketplace: null,
        status: null,
        dayFirst: false,
        ...plan,
      }),
    };
  };

  it('uses the whole-file marketplace and condition where the mapped columns are empty', () => {
    const { loaded, built } = mapped(
      'Item,Where,Cond,Sold,Price\nJeans,eBay,,2026-01-02,10\nShirt,,NWT,2026-01-03,12\n',
      {
        mapping: { title: 'Item', marketplace: 'Where', condition: 'Cond', sold_at: 'Sold', price: 'Price' },
        marketplace: 'poshmark',
        condition: 'pre_owned',
      },
    );
    expect(loaded.inspection.emptyCells).toEqual([0, 1, 1, 0, 0]);
    expect(built.rows.map((r) => [r.marketplace, r.condition])).toEqual([
      ['ebay', 'pre_owned'],
      ['poshmark', 'new_with_tags'],
    ]);
  });

  it('refuses a row whose marketplace cell is empty when no whole-file marketplace is chosen, saying so', () => {
    const { built } = mapped('Item,Where,Sold\nJeans,,2026-01-02\n', {
      mapping: { title: 'Item', marketplace: 'Where', sold_at: 'Sold' },
    });
    expect(built.rejected[0].reasons).toEqual([
      'the marketplace cell is empty: choose a marketplace for the rows that do not say',
    ]);
  });

  it('reads cost of goods, quantity and order id, and tolerates a missing or an empty trailing cell', () => {
    const { built } = mapped(
      'Order,Item,Qty,Price,Cost,Sold\nA1,Jeans,2,$10,$3,01/02/2026,\nA1,Belt,1,$5,,01/02/2026\nA2,Hat,1,$4,$1\n',
      {
        mapping: {
          order_id: 'Order',
          title: 'Item',
          quantity: 'Qty',
          price: 'Price',
          cost: 'Cost',
          sold_at: 'Sold',
        },
        marketplace: 'depop',
      },
    );
    expect(built.rows.map((r) => [r.order_id, r.quantity, r.price, r.cost, r.status])).toEqual([
      ['A1', 2, 10, 3, 'sold'],
      ['A1', 1, 5, null, 'sold'],
      ['A2', 1, 4, 1, 'available'],
    ]);
    expect(new Set(built.rows.map((r) => r.external_id)).size).toBe(3);
  });

  it('finds the header of an unknown report under a title line of two cells', () => {
    const loaded = loadFile(
      bytes('Sales report for:,@closet\nItem,Sold on,Price,Notes\nJeans,2026-01-02,10,\n'),
      'r.csv',
    );
    expect(loaded.inspection.header).toEqual(['Item', 'Sold on', 'Price', 'Notes']);
    expect(loaded.inspection.records).toBe(2);
  });

  it('refuses a row with more filled cells than the header, which means a comma lost its quotes', () => {
    const { built } = mapped('Item,Sold\nJeans, blue,2026-01-02\n', {
      mapping: { title: 'Item', sold_at: 'Sold' },
      marketplace: 'ebay',
    });
    expect(built.rejected[0].reasons[0]).toMatch(/3 cells and the header 2/);
  });
});
