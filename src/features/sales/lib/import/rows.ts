// From a table to the rows we store: which export it is (its header row), which column holds each field, and each
// record read through the cell readers and the zod rules. A record that fails keeps its line, its cells and every
// reason, for the preview and the rejected-rows download; a note line (an export's totals or footer) is reported as
// skipped, never dropped unseen.
import type { Table } from './read';
import { reasonsOf, saleRowSchema } from './rules';
import { importFields, type ColumnMapping, type FormatPreset, type ImportField, type SaleRow } from './types';
import { headerKey, readCondition, readDate, readMarketplace, readPrice, readStatus } from './values';

/** How a file is read: from a preset, or from the columns a user mapped. */
export type ImportPlan = {
  /** The preset id, or 'mapped'. */
  format: string;
  formatName: string;
  mapping: ColumnMapping;
  /** Further columns a preset names for a field, read in order when the mapped one is empty in a row (Vendoo's
   * Price Sold, then Price). */
  alternates?: Partial<Record<ImportField, string[]>>;
  /** Every row's marketplace when no column gives it. */
  marketplace: string | null;
  /** Every row's status when no column gives it; null: a status column, or else a sale date, says. */
  status: 'sold' | 'available' | null;
  dayFirst: boolean;
};

export type RejectedRow = { line: number; reasons: string[]; fields: string[] };
export type BuiltRows = {
  rows: SaleRow[];
  rejected: RejectedRow[];
  /** Lines that are not items: an export's totals or notes under the table. */
  skipped: { line: number; text: string }[];
};

/** The preset whose signature headers are all in this header row. */
export function detectFormat(header: string[], presets: FormatPreset[]): FormatPreset | null {
  const keys = new Set(header.map(headerKey));
  return presets.find((p) => p.signature.every((h) => keys.has(headerKey(h)))) ?? null;
}

export function planFromPreset(preset: FormatPreset, header: string[]): ImportPlan {
  const byKey = new Map(header.map((h) => [headerKey(h), h]));
  const mapping: ColumnMapping = {};
  const alternates: Partial<Record<ImportField, string[]>> = {};
  for (const [field, names] of Object.entries(preset.columns) as [ImportField, string[]][]) {
    const found = names.map((n) => byKey.get(headerKey(n))).filter((h): h is string => Boolean(h));
    if (found.length) mapping[field] = found[0];
    if (found.length > 1) alternates[field] = found.slice(1);
  }
  return {
    format: preset.id,
    formatName: preset.name,
    mapping,
    alternates,
    marketplace: preset.marketplace,
    status: preset.status,
    dayFirst: preset.dayFirst ?? false,
  };
}

/** A first guess for an unknown file: a column whose header names the field ("Sold price" -> price). */
export function guessMapping(header: string[]): ColumnMapping {
  const guesses: [ImportField, RegExp][] = [
    ['title', /^(title|item|itemtitle|itemname|name|listingtitle|description|product)$/],
    ['price', /(sold|sale)?price|soldfor|amount|total/],
    ['currency', /^currency$/],
    ['sold_at', /(sold|sale|order)(date|on|at)|datesold|dateofsale/],
    ['listed_at', /(listed|listing|created|start)(date|on|at)|datelisted/],
    ['brand', /^(brand|label|maker|designer)$/],
    ['size', /^size/],
    ['condition', /^condition/],
    ['marketplace', /^(marketplace|platform|site|channel|soldon)$/],
    ['external_id', /^(id|sku|orderid|ordernumber|itemid|itemnumber|listingid)$/],
    ['category', /^(category|type|department)$/],
    ['status', /^status$/],
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

/**
 * A stable id for a row whose file has none (Depop's export, a blank SKU): a hash of every cell, so importing the same
 * file again adds nothing and two sales that differ in any cell stay two rows.
 */
function contentId(fields: string[]): string {
  // Two 32-bit FNV-1a hashes with different offsets: 64 bits, the same in the browser and in Node.
  const text = fields.map((f) => f.trim()).join('\u0001');
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c, 0x01000193) >>> 0;
  }
  return `row-${a.toString(36)}${b.toString(36)}`;
}

export function buildRows(
  table: Table,
  plan: ImportPlan,
  onProgress?: (done: number, total: number) => void,
): BuiltRows {
  const index = new Map(table.header.map((h, i) => [h, i]));
  const column = (field: ImportField) => {
    const name = plan.mapping[field];
    return name === undefined ? -1 : (index.get(name) ?? -1);
  };
  const alternates = Object.fromEntries(
    Object.entries(plan.alternates ?? {}).map(([field, names]) => [
      field,
      (names ?? []).map((n) => index.get(n) ?? -1).filter((i) => i >= 0),
    ]),
  ) as Partial<Record<ImportField, number[]>>;
  const cols = Object.fromEntries(importFields.map((f) => [f, column(f)])) as Record<ImportField, number>;
  const out: BuiltRows = { rows: [], rejected: [], skipped: [] };
  const total = table.records.length;
  const width = table.header.length;

  table.records.forEach((record, n) => {
    if (onProgress && n % 2000 === 0) onProgress(n, total);
    const cell = (field: ImportField) => {
      for (const i of [cols[field], ...(alternates[field] ?? [])]) {
        const value = i >= 0 ? (record.fields[i] ?? '') : '';
        if (value.trim() !== '') return value;
      }
      return '';
    };
    const filled = record.fields.filter((f) => f.trim() !== '');
    // Notes under the table are not items: a short line ("12, record(s) downloaded, from ...", "Seller ID : name") or a
    // totals row. They are listed as skipped.
    const note =
      (filled.length <= Math.min(3, width / 2) && (record.fields.length < width || !cell('title').trim())) ||
      /^totals?:?$/i.test(filled[0] ?? '');
    if (note) {
      out.skipped.push({ line: record.line, text: filled.join(' ').trim().slice(0, 80) });
      return;
    }
    const reasons: string[] = [];
    if (record.fields.length !== width)
      reasons.push(`expected ${width} columns, found ${record.fields.length}`);

    const price = readPrice(cell('price'));
    if (!price.ok) reasons.push(price.reason);
    const listed = readDate(cell('listed_at'), plan.dayFirst);
    if (!listed.ok) reasons.push(`listing ${listed.reason}`);
    const sold = readDate(cell('sold_at'), plan.dayFirst);
    if (!sold.ok) reasons.push(`sale ${sold.reason}`);
    const condition = readCondition(cell('condition'));
    if (!condition.ok) reasons.push(condition.reason);

    let marketplace: string | null = plan.marketplace;
    if (cols.marketplace >= 0 && cell('marketplace').trim()) {
      const read = readMarketplace(cell('marketplace'));
      if (read.ok) marketplace = read.value;
      else reasons.push(read.reason);
    } else if (!marketplace) reasons.push('marketplace is not given: choose one for this file');

    let status = plan.status;
    if (!status && cols.status >= 0) {
      const read = readStatus(cell('status'));
      if (read.ok) status = read.value;
      else reasons.push(read.reason);
    } else if (!status) status = sold.ok && sold.value ? 'sold' : 'available';

    if (reasons.length) {
      out.rejected.push({ line: record.line, reasons, fields: record.fields });
      return;
    }
    const currencyCell = cell('currency').trim();
    const candidate = {
      marketplace,
      external_id: cell('external_id').trim() || contentId(record.fields),
      // A description column (Depop's) holds the whole listing text: its first line is the title.
      title: cell('title').trim().split(/\r?\n/)[0],
      brand: cell('brand'),
      category: cell('category'),
      size: cell('size'),
      condition: condition.ok ? condition.value : null,
      status,
      price: price.ok && price.value ? price.value.amount : null,
      currency: currencyCell || (price.ok && price.value?.currency) || 'USD',
      listed_at: listed.ok ? listed.value : null,
      sold_at: sold.ok ? sold.value : null,
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
