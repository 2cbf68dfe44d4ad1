// Random files in the layout of a known export, for the property tests of the import (rows.property.test.ts) and its
// check through the database (tests/sales-import-files.test.ts). Test support only: nothing in the app imports it.
import type { FormatPreset, ImportField, SaleRow } from '../types';
import { headerKey } from '../values';

/** mulberry32: a small seeded PRNG, the same on every machine. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Kind = ImportField | 'flag' | 'refund' | 'line' | 'other';

/** The export's columns, each with the kind of value it holds; a few columns the import does not read. */
function layout(preset: FormatPreset): { name: string; kind: Kind }[] {
  const columns: { name: string; kind: Kind }[] = [];
  const add = (name: string, kind: Kind) => {
    const first = name.split('|')[0];
    if (!columns.some((c) => headerKey(c.name) === headerKey(first))) columns.push({ name: first, kind });
  };
  for (const [field, names] of Object.entries(preset.columns) as [ImportField, string[]][])
    for (const name of names) add(name, field);
  for (const [field, names] of Object.entries(preset.sums ?? {}))
    for (const name of names) add(name, field as Kind);
  if (preset.conditionFlag) add(preset.conditionFlag.column, 'flag');
  if (preset.refunded) add(preset.refunded, 'refund');
  for (const name of preset.listedQuantity ?? []) add(name, 'quantity');
  for (const name of [...(preset.lineId ?? []), ...(preset.previousKey ?? [])]) add(name, 'line');
  for (const name of preset.identity ?? []) add(name, 'title');
  for (const name of preset.signature) add(name, 'other');
  add('Notes', 'other');
  add('Buyer Zip', 'other');
  return columns;
}

const TITLES = [
  "Levi's 501 Original Fit Jeans W32 L30",
  'Lululemon Align Pant 25" Size 6',
  'Coach Tabby Shoulder Bag, Black',
  'Nike Air Max 90\nsecond line of a description',
  '=HYPERLINK("http://evil.example","click")',
  'Patagonia Better Sweater',
  '',
];
const STATUSES = [
  'Completed',
  'Sold',
  'Shipped',
  'In Progress',
  'Canceled',
  'Refunded',
  'Returned',
  'Active',
  'Draft',
  '',
];
const DATES = [
  '01/14/2026',
  '3/5/26',
  'Mar-05-26',
  'Jun-29-26 16:00:01 PDT',
  '2026-02-03',
  '11/06/23',
  'N/A',
  'not a date',
  '',
];
const MONEY = ['$25.00', '34.5', '1,234.50', '$0.00', '--', 'N/A', '', 'abc', '=""-""'];
const CONDITIONS = ['NWT', 'Pre-owned', 'Used - Good', 'New with tags', '', 'Mint'];

function value(kind: Kind, r: () => number, pick: <T>(list: T[]) => T, orders: string[]): string {
  switch (kind) {
    case 'title':
      return pick(TITLES);
    case 'price':
    case 'shipping':
    case 'fees':
    case 'net':
    case 'cost':
    case 'refund':
      return pick(MONEY);
    case 'sold_at':
    case 'listed_at':
      return pick(DATES);
    case 'quantity':
      return pick(['', '1', '2', '3', '0', '1.5']);
    case 'status':
      return pick(STATUSES);
    case 'order_id':
      return pick(orders);
    case 'external_id':
    case 'line':
      return r() < 0.15 ? '' : String(1000 + Math.floor(r() * 12));
    case 'condition':
      return pick(CONDITIONS);
    case 'marketplace':
      return pick(['eBay', 'Poshmark', 'Depop', '', 'Facebook Marketplace']);
    case 'currency':
      return pick(['USD', 'USD', 'GBP', '']);
    case 'flag':
      return pick(['Y', 'N', '']);
    default:
      return pick(['', 'M', 'Blue', 'Jeans', 'x y', '10']);
  }
}

/** A random file of this export's layout, and how many records (non-blank lines but the header) it holds. */
export function randomFile(preset: FormatPreset, seed: number): { text: string; records: number } {
  const r = prng(seed);
  const pick = <T>(list: T[]) => list[Math.floor(r() * list.length)];
  const columns = layout(preset);
  const width = columns.length;
  const orders = ['A-100', 'A-101', 'A-102', 'A-103', 'A-104'];
  const quoteAll = r() < 0.3;
  const cell = (text: string) =>
    quoteAll || /[",\r\n]/.test(text) || r() < 0.2 ? `"${text.replace(/"/g, '""')}"` : text;
  const line = (cells: string[]) => cells.map(cell).join(',');
  const lines: string[] = [];
  let records = 0;
  const record = (text: string) => {
    lines.push(text);
    records++;
  };

  if (r() < 0.4) record(`${preset.name} for @closet`);
  if (r() < 0.3) record(','.repeat(width - 1));
  if (r() < 0.3) lines.push('');
  lines.push(line(columns.map((c) => c.name)));
  if (r() < 0.3) record(','.repeat(width - 1));
  const rows = 3 + Math.floor(r() * 25);
  for (let i = 0; i < rows; i++) {
    const roll = r();
    if (roll < 0.05) lines.push('');
    else if (roll < 0.1) record(','.repeat(width - 1 + (r() < 0.5 ? 1 : 0)));
    else if (roll < 0.18 && preset.summary) {
      // A summary row: its group shared, its detail columns empty.
      const group = pick(orders);
      const detail = new Set(preset.summary.detail.map(headerKey));
      const groups = new Set(preset.summary.group.map(headerKey));
      record(
        line(
          columns.map((c) =>
            groups.has(headerKey(c.name))
              ? group
              : detail.has(headerKey(c.name))
                ? ''
                : value(c.kind, r, pick, orders),
          ),
        ),
      );
    } else {
      const cells = columns.map((c) => value(c.kind, r, pick, orders));
      // Poshmark's rows: one more (empty) cell than the header; some exports leave trailing cells out.
      if (r() < 0.2) cells.push('');
      record(line(cells));
    }
  }
  if (r() < 0.4) record(`${rows},record(s) downloaded,from Jan-01-26 to Nov-20-26`);
  if (r() < 0.3) record(line(['Totals:', ...columns.slice(1).map(() => pick(['', '12.00']))]));
  if (r() < 0.3) record('Report generated on: 11/20/2026');
  if (r() < 0.3) lines.push('');
  const eol = r() < 0.5 ? '\r\n' : '\n';
  return { text: (r() < 0.3 ? '\uFEFF' : '') + lines.join(eol) + eol, records };
}

/** What seller_items_import does with rows, in memory: insert a new key, update a changed row, leave the same one. */
export function fakeImport(store: Map<string, string>, rows: SaleRow[]) {
  const counts = { inserted: 0, updated: 0, unchanged: 0 };
  for (const row of rows) {
    const key = `${row.marketplace}|${row.external_id}`;
    const body = JSON.stringify({ ...row, previous_external_id: undefined });
    const before = store.get(key);
    if (before === undefined) counts.inserted++;
    else if (before !== body) counts.updated++;
    else counts.unchanged++;
    store.set(key, body);
  }
  return counts;
}
