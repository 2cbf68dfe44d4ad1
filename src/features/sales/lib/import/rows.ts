// From a table to the rows we store: which export it is (its header row), which column holds each field, and each
// record of the file to exactly one outcome: a row to import, a row refused with its line and every reason, or a
// line that is not an item (a line above the header, an empty padding row, a multi-item order's summary row, a
// totals row, a footer), listed apart. Nothing is dropped unseen, so the counts on screen add up to the records read.
// Rules are by shape, never by an export's exact words, so an export we have not seen is read the same way.
// Why: docs/decisions/053-sales-import-formats.md (the presets), 078-sales-line-items.md (lines, statuses, money).
import type { SourceRecord, Table } from './read';
import { reasonsOf, saleRowSchema } from './rules';
import {
  importFields,
  type ColumnMapping,
  type Condition,
  type FormatPreset,
  type ImportField,
  type SaleRow,
} from './types';
import {
  headerKey,
  plainCell,
  readAmount,
  readCondition,
  readDate,
  readFlag,
  readMarketplace,
  readQuantity,
  readStatus,
  type SaleStatus,
} from './values';

type MoneyField = 'shipping' | 'fees' | 'net' | 'cost';
const moneyFields: MoneyField[] = ['shipping', 'fees', 'net', 'cost'];

/** How a file is read: from a preset, or from the columns a user mapped. Plain data: it goes to the Web Worker. */
export type ImportPlan = {
  /** The preset id, or 'mapped'. */
  format: string;
  formatName: string;
  mapping: ColumnMapping;
  /** Further columns a preset names for a field, read in order when the mapped one is empty in a row (Vendoo's
   * Price Sold, then Price). */
  alternates?: Partial<Record<ImportField, string[]>>;
  /** Every row's marketplace where no column gives it (the column is not mapped, or empty in that row). */
  marketplace: string | null;
  /** Every row's condition where no column gives it (the whole-file choice of the mapping step). */
  condition?: Condition | null;
  /** Every row's status when no column gives it; null: a status column, or else a sale date, says. */
  status: 'sold' | 'available' | null;
  dayFirst: boolean;
} & PresetExtras;

/** The extras of a preset (types.ts, FormatPreset), with the header names as the file spells them. */
type PresetExtras = Pick<
  FormatPreset,
  | 'sums'
  | 'recordKind'
  | 'priceIsTotal'
  | 'conditionFlag'
  | 'refunded'
  | 'listedQuantity'
  | 'lineId'
  | 'summary'
  | 'previousKey'
  | 'identity'
>;

export type RejectedRow = { line: number; reasons: string[]; fields: string[] };
/** Why a line is not an item. */
export type NotItemKind = 'above' | 'empty' | 'summary' | 'note';
export type NotItem = { line: number; text: string; kind: NotItemKind };
export type BuiltRows = {
  /** Every record of the file but its header row (blank lines are not records): rows + rejected + skipped. */
  records: number;
  rows: SaleRow[];
  rejected: RejectedRow[];
  /** Lines that are not items: above the header, empty padding rows, order summaries, totals and notes. */
  skipped: NotItem[];
};

/** A header name with its other spellings: "Order Number|Order ID". */
const spellings = (name: string) => name.split('|').map(headerKey);

/** The preset whose signature headers are all in this header row. */
export function detectFormat(header: string[], presets: FormatPreset[]): FormatPreset | null {
  const keys = new Set(header.map(headerKey));
  return presets.find((p) => p.signature.every((h) => spellings(h).some((k) => keys.has(k)))) ?? null;
}

export function planFromPreset(preset: FormatPreset, header: string[]): ImportPlan {
  const byKey = new Map<string, string>();
  for (const h of header) if (!byKey.has(headerKey(h))) byKey.set(headerKey(h), h);
  const present = (names: string[] | undefined) =>
    (names ?? [])
      .flatMap((n) => spellings(n).map((k) => byKey.get(k)))
      .filter((h): h is string => Boolean(h));
  const mapping: ColumnMapping = {};
  const alternates: Partial<Record<ImportField, string[]>> = {};
  for (const [field, names] of Object.entries(preset.columns) as [ImportField, string[]][]) {
    const found = [...new Set(present(names))];
    if (found.length) mapping[field] = found[0];
    if (found.length > 1) alternates[field] = found.slice(1);
  }
  const sums = Object.fromEntries(
    Object.entries(preset.sums ?? {}).map(([field, names]) => [field, present(names)]),
  ) as Partial<Record<MoneyField, string[]>>;
  const flag = preset.conditionFlag && present([preset.conditionFlag.column])[0];
  return {
    format: preset.id,
    formatName: preset.name,
    mapping,
    alternates,
    marketplace: preset.marketplace,
    status: preset.status,
    dayFirst: preset.dayFirst ?? false,
    sums,
    recordKind: preset.recordKind,
    priceIsTotal: preset.priceIsTotal,
    conditionFlag: flag ? { column: flag, condition: preset.conditionFlag!.condition } : undefined,
    refunded: preset.refunded ? present([preset.refunded])[0] : undefined,
    listedQuantity: present(preset.listedQuantity),
    lineId: present(preset.lineId),
    summary: preset.summary && {
      group: present(preset.summary.group),
      detail: present(preset.summary.detail),
    },
    previousKey: present(preset.previousKey),
    identity: present(preset.identity),
  };
}

/** A first guess for an unknown file: a column whose header names the field ("Sold price" -> price). */
export function guessMapping(header: string[]): ColumnMapping {
  const guesses: [ImportField, RegExp][] = [
    ['title', /^(title|item|itemtitle|itemname|name|listingtitle|description|product)$/],
    ['order_id', /^(order|orderid|ordernumber|orderno|receipt|receiptid)$/],
    ['price', /(sold|sale|unit|item)?price|soldfor|amount/],
    ['currency', /^currency$/],
    ['sold_at', /(sold|sale|order)(date|on|at)|datesold|dateofsale/],
    ['listed_at', /(listed|listing|created|start)(date|on|at)|datelisted/],
    ['brand', /^(brand|label|maker|designer)$/],
    ['size', /^size/],
    ['condition', /^condition/],
    ['marketplace', /^(marketplace|platform|site|channel|soldon)$/],
    ['external_id', /^(id|sku|itemid|itemnumber|listingid|transactionid|lineid)$/],
    ['category', /^(category|type|department)$/],
    ['status', /^(status|orderstatus|salestatus)$/],
    ['quantity', /^(quantity|qty|units|numberofitems|quantitysold)$/],
    ['shipping', /^(shipping|shippingcharged|buyershipping|postage)$/],
    ['fees', /^(fees?|sellingfees?|marketplacefees?|totalfees)$/],
    ['net', /^(net|netearnings|earnings|payout|proceeds|netproceeds|yourearnings)$/],
    ['cost', /^(cost|costofgoods|cogs|costprice|purchaseprice|paid|buyprice)$/],
  ];
  const mapping: ColumnMapping = {};
  const used = new Set<string>();
  for (const [field, pattern] of guesses) {
    const hit = header.find((h) => !used.has(h) && pattern.test(headerKey(h)));
    if (hit) {
      mapping[field] = hit;
      used.add(hit);
    }
  }
  return mapping;
}

/** Two 32-bit FNV-1a hashes with different offsets: 64 bits, the same in the browser and in Node. */
function hash(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c, 0x01000193) >>> 0;
  }
  return `${a.toString(36)}${b.toString(36)}`;
}

/**
 * A stable id for a row whose file has none (Depop's export, a blank SKU): a hash of every cell, so importing the same
 * file again adds nothing and two sales that differ in any cell stay two rows.
 */
const contentId = (fields: string[]) => `row-${hash(fields.map((f) => f.trim()).join('\u0001'))}`;

const TOTALS = /^(grand\s*)?(sub)?totals?\s*:?$/i;

export function buildRows(
  table: Table,
  plan: ImportPlan,
  onProgress?: (done: number, total: number) => void,
): BuiltRows {
  const index = new Map(table.header.map((h, i) => [h, i]));
  const at = (name: string | undefined) => (name === undefined ? -1 : (index.get(name) ?? -1));
  const cols = Object.fromEntries(importFields.map((f) => [f, at(plan.mapping[f])])) as Record<
    ImportField,
    number
  >;
  const alternates = Object.fromEntries(
    Object.entries(plan.alternates ?? {}).map(([field, names]) => [
      field,
      (names ?? []).map(at).filter((i) => i >= 0),
    ]),
  ) as Partial<Record<ImportField, number[]>>;
  const indexes = (names: string[] | undefined) => (names ?? []).map(at).filter((i) => i >= 0);
  const sums = Object.fromEntries(
    Object.entries(plan.sums ?? {}).map(([field, names]) => [field, indexes(names)]),
  ) as Partial<Record<MoneyField, number[]>>;
  const lineCols = indexes(plan.lineId);
  const previousCols = indexes(plan.previousKey);
  const listedQuantity = indexes(plan.listedQuantity);
  const identityCols = indexes(plan.identity);
  const flagCol = at(plan.conditionFlag?.column);
  const refundCol = at(plan.refunded);
  const width = table.header.length;
  const total = table.above.length + table.records.length;
  const out: BuiltRows = { records: total, rows: [], rejected: [], skipped: [] };
  const recordKind = plan.recordKind ?? 'item';

  const text = (record: SourceRecord, i: number) => (i >= 0 ? plainCell(record.fields[i] ?? '') : '');
  const first = (record: SourceRecord, list: number[]) => {
    for (const i of list) {
      const value = text(record, i);
      if (value) return value;
    }
    return '';
  };
  const cellOf = (record: SourceRecord, field: ImportField) =>
    first(record, [cols[field], ...(alternates[field] ?? [])]);
  const filledOf = (record: SourceRecord) => record.fields.filter((f) => plainCell(f) !== '');

  for (const record of table.above)
    out.skipped.push({ line: record.line, text: summaryText(filledOf(record)), kind: 'above' });

  // Summary rows: a row whose group (its order) other rows share, which has none of the detail they have. The group
  // is the preset's, else the order id column; the detail is the preset's, else the title and the item id.
  const groupCols = plan.summary?.group.length
    ? indexes(plan.summary.group)
    : cols.order_id >= 0
      ? [cols.order_id]
      : [];
  const detailCols = plan.summary?.detail.length
    ? indexes(plan.summary.detail)
    : [cols.title, cols.external_id].filter((i) => i >= 0);
  const detailedGroups = new Set<string>();
  if (groupCols.length && detailCols.length)
    for (const record of table.records) {
      const group = first(record, groupCols);
      if (group && detailCols.some((i) => text(record, i))) detailedGroups.add(group);
    }
  const isSummary = (record: SourceRecord) => {
    const group = groupCols.length ? first(record, groupCols) : '';
    return Boolean(group) && detailedGroups.has(group) && !detailCols.some((i) => text(record, i));
  };

  const seen = new Map<string, number>();
  table.records.forEach((record, n) => {
    if (onProgress && n % 2000 === 0) onProgress(n, total);
    const cell = (field: ImportField) => cellOf(record, field);
    const filled = filledOf(record);
    const title = cell('title');

    // Not items, by shape.
    if (filled.length === 0) {
      out.skipped.push({ line: record.line, text: '', kind: 'empty' });
      return;
    }
    if (isSummary(record)) {
      out.skipped.push({ line: record.line, text: summaryText(filled), kind: 'summary' });
      return;
    }
    const few = filled.length <= Math.max(1, Math.min(3, Math.floor(width / 2)));
    const short = record.fields.length <= width / 2;
    const totals = TOTALS.test(filled[0]) || (filled[1] !== undefined && TOTALS.test(filled[1]) && !title);
    if ((few && (!title || short)) || totals || TOTALS.test(title)) {
      out.skipped.push({ line: record.line, text: summaryText(filled), kind: 'note' });
      return;
    }

    const reasons: string[] = [];
    const extra = record.fields.slice(width).filter((f) => f.trim() !== '');
    if (extra.length)
      reasons.push(
        `the row has ${record.fields.length} cells and the header ${width}: a comma may be missing its quotes`,
      );

    const listed = readDate(cell('listed_at'), plan.dayFirst);
    if (!listed.ok) reasons.push(`listing ${listed.reason}`);
    const sold = readDate(cell('sold_at'), plan.dayFirst);
    if (!sold.ok) reasons.push(`sale ${sold.reason}`);

    let condition: Condition | null = null;
    const conditionCell = readCondition(cell('condition'));
    if (!conditionCell.ok) reasons.push(conditionCell.reason);
    else condition = conditionCell.value;
    if (!condition && flagCol >= 0 && readFlag(text(record, flagCol)))
      condition = plan.conditionFlag!.condition;
    if (!condition) condition = plan.condition ?? null;

    let marketplace: string | null = plan.marketplace;
    if (cell('marketplace')) {
      const read = readMarketplace(cell('marketplace'));
      if (read.ok) marketplace = read.value;
      else reasons.push(read.reason);
    } else if (!marketplace)
      reasons.push(
        cols.marketplace >= 0
          ? 'the marketplace cell is empty: choose a marketplace for the rows that do not say'
          : 'marketplace is not given: choose one for this file',
      );

    let status = plan.status;
    let sale: SaleStatus | null = null;
    if (cols.status >= 0 && (cell('status') || !status)) {
      const read = readStatus(cell('status'));
      if (!read.ok) reasons.push(read.reason);
      else if (status && read.value.status !== status)
        reasons.push(`status “${cell('status')}” does not fit this export, whose rows are all ${status}`);
      else {
        status = read.value.status;
        sale = read.value.sale;
      }
    }
    if (!status) status = sold.ok && sold.value ? 'sold' : 'available';

    const quantityCell =
      status === 'available' && listedQuantity.length ? first(record, listedQuantity) : cell('quantity');
    const quantity = readQuantity(quantityCell);
    if (!quantity.ok) reasons.push(quantity.reason);
    const units = (quantity.ok && quantity.value) || 1;

    const price = readAmount(cell('price'), 'price');
    if (!price.ok) reasons.push(price.reason);
    const money: Record<MoneyField, number | null> = { shipping: null, fees: null, net: null, cost: null };
    const currencies: (string | null)[] = [price.ok ? (price.value?.currency ?? null) : null];
    for (const field of moneyFields) {
      const name = field === 'cost' ? 'cost of goods' : field;
      const parts = sums[field]?.length ? sums[field]!.map((i) => text(record, i)) : [cell(field)];
      let amount: number | null = null;
      for (const part of parts) {
        const read = readAmount(part, name, field === 'net');
        if (!read.ok) reasons.push(read.reason);
        else if (read.value) {
          amount = Math.round(((amount ?? 0) + read.value.amount) * 100) / 100;
          currencies.push(read.value.currency);
        }
      }
      money[field] = amount;
    }

    if (status === 'sold' && refundCol >= 0) {
      const refund = readAmount(text(record, refundCol), 'refund');
      const paid = price.ok && price.value ? price.value.amount * units : 0;
      if (refund.ok && refund.value && refund.value.amount > 0 && refund.value.amount >= paid)
        sale = 'refunded';
    }

    const orderId = cell('order_id') || null;
    if (recordKind === 'order' && !orderId) reasons.push('an order row needs its order id');

    if (reasons.length) {
      out.rejected.push({ line: record.line, reasons, fields: record.fields });
      return;
    }

    // The line key: the order and the line's own ids; an order's line without an id of its own is told apart by what
    // it is (Poshmark's bundles); a file without any id, by its content. A key twice in one file gets a ~2, ~3...
    const lineParts = [cell('external_id'), ...lineCols.map((i) => text(record, i))].filter(Boolean);
    let key: string;
    if (recordKind === 'order') key = `order:${orderId}`;
    else if (lineParts.length)
      key = orderId && !lineParts.includes(orderId) ? [orderId, ...lineParts].join(':') : lineParts.join(':');
    else if (orderId)
      key = `${orderId}:${hash([title, cell('brand'), cell('size'), cell('listed_at')].join('\u0001').toLowerCase())}`;
    else key = contentId(identityCols.length ? identityCols.map((i) => text(record, i)) : record.fields);
    const times = (seen.get(key) ?? 0) + 1;
    seen.set(key, times);
    if (times > 1) key = `${key}~${times}`;
    const previous = first(record, previousCols) || (recordKind === 'item' ? cell('external_id') : '');

    const amount = price.ok && price.value ? price.value.amount : null;
    const candidate = {
      marketplace,
      external_id: key.slice(0, 200),
      // A description column (Depop's) holds the whole listing text: its first line is the title. An order row
      // (Etsy's Sold Orders) has no title of its own: it is named by its order.
      title: title.split(/\r?\n/)[0] || (recordKind === 'order' && orderId ? `Order ${orderId}` : ''),
      brand: cell('brand'),
      category: cell('category'),
      size: cell('size'),
      condition,
      status,
      price: amount != null && plan.priceIsTotal ? Math.round((amount / units) * 100) / 100 : amount,
      currency: (cell('currency') || currencies.find(Boolean) || 'USD').toUpperCase(),
      listed_at: listed.ok ? listed.value : null,
      sold_at: sold.ok ? sold.value : null,
      quantity: units,
      sale_status: status === 'sold' ? sale : null,
      order_id: orderId,
      record_kind: recordKind,
      ...money,
      previous_external_id: previous && previous !== key ? previous : null,
    };
    const checked = saleRowSchema.safeParse(candidate);
    if (!checked.success) {
      out.rejected.push({ line: record.line, reasons: reasonsOf(checked.error), fields: record.fields });
      return;
    }
    out.rows.push(checked.data as SaleRow);
  });
  onProgress?.(total, total);
  return out;
}

/** What a line that is not an item says, shortened for the list on screen. */
const summaryText = (filled: string[]) => filled.join(' ').replace(/\s+/g, ' ').trim().slice(0, 80);
