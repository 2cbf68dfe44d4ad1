// Parsing and validation for `npm run market:import`: CSV (header row, RFC 4180 quoting) or JSON Lines, one listing
// per row. The same reader (Papa Parse), cell readers and zod rules as the sales import in the browser
// (src/features/sales/lib/import); the market index adds its own requirements (a condition, a listing date, a URL).
// Rejected rows are reported with their line number and reasons, never half-written.
import { z } from 'zod';
import { readJsonLines, readTable, type Table } from '../src/features/sales/lib/import/read';
import { checkDates, fieldRules, reasonsOf } from '../src/features/sales/lib/import/rules';
import { readDate, readPrice } from '../src/features/sales/lib/import/values';
import type { MarketListing } from '../emulator/seeds/data/market-data';

const blankToNull = (value: unknown) =>
  value == null || (typeof value === 'string' && value.trim() === '') ? null : value;

/** A cell read by one of the shared readers; its reason becomes the zod issue. */
const readWith =
  <T>(read: (text: string) => { ok: true; value: T } | { ok: false; reason: string }) =>
  (value: unknown, ctx: z.RefinementCtx) => {
    const result = read(value == null ? '' : String(value));
    if (result.ok) return result.value;
    ctx.addIssue({ code: 'custom', message: result.reason });
    return z.NEVER;
  };

const date = (label: string) =>
  z.preprocess(
    (v) => (v === undefined ? '' : v),
    z
      .unknown()
      .transform(
        readWith((text) => {
          const read = readDate(text);
          return read.ok ? read : { ok: false as const, reason: `${label}: ${read.reason}` };
        }),
      )
      .pipe(fieldRules.timestamp.nullable())
      .refine((v) => label !== 'listed_at' || v != null, `${label} is required`),
  );

export const importRowSchema = z
  .object({
    marketplace: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
      fieldRules.marketplace,
    ),
    external_id: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), fieldRules.external_id),
    title: fieldRules.title,
    brand: fieldRules.brand.optional(),
    category: fieldRules.category.optional(),
    size: fieldRules.size.optional(),
    colour: fieldRules.colour.optional(),
    condition: fieldRules.condition,
    status: fieldRules.status,
    price: z
      .unknown()
      .transform(readWith((text) => readPrice(text)))
      .pipe(
        z.object(
          { amount: fieldRules.price, currency: z.string().nullable() },
          { error: 'price is required' },
        ),
      ),
    currency: z.preprocess((v) => blankToNull(v) ?? 'USD', fieldRules.currency),
    listed_at: date('listed_at'),
    sold_at: date('sold_at'),
    url: z.preprocess(
      blankToNull,
      z
        .string()
        .trim()
        .max(2000)
        .regex(/^https?:\/\/\S+$/, 'url must start with http:// or https://')
        .nullable()
        .optional(),
    ),
  })
  .superRefine(checkDates);

export type Rejected = { line: number; reasons: string[] };
export type ParsedImport = { rows: MarketListing[]; rejected: Rejected[] };

function validate(line: number, raw: Record<string, unknown>, out: ParsedImport) {
  if (raw.color !== undefined && raw.colour === undefined) raw.colour = raw.color;
  delete raw.color;
  const result = importRowSchema.safeParse(raw);
  if (!result.success) {
    out.rejected.push({ line, reasons: reasonsOf(result.error) });
    return;
  }
  const r = result.data;
  out.rows.push({
    marketplace: r.marketplace,
    external_id: r.external_id,
    title: r.title,
    brand: r.brand ?? null,
    category: r.category ?? null,
    size: r.size ?? null,
    colour: r.colour ?? null,
    condition: r.condition,
    status: r.status,
    price: r.price.amount,
    currency: r.price.currency && !raw.currency ? r.price.currency : r.currency,
    listed_at: r.listed_at as string,
    sold_at: r.sold_at ?? null,
    url: r.url ?? null,
    source: 'import',
  });
}

function validateTable(table: Table, out: ParsedImport) {
  const names = table.header.map((name) => name.trim().toLowerCase());
  for (const record of table.records) {
    // A row of bare commas is padding, not a listing (readTable keeps it as a record for the sales import's counts).
    if (record.fields.every((field) => field.trim() === '')) continue;
    if (record.fields.length !== names.length) {
      out.rejected.push({
        line: record.line,
        reasons: [`expected ${names.length} columns, found ${record.fields.length}`],
      });
      continue;
    }
    validate(record.line, Object.fromEntries(names.map((name, i) => [name, record.fields[i]])), out);
  }
}

export function parseImport(text: string, format: 'csv' | 'jsonl'): ParsedImport {
  const out: ParsedImport = { rows: [], rejected: [] };
  if (format === 'jsonl') {
    const { objects, problems } = readJsonLines(text);
    out.rejected.push(...problems);
    for (const { line, value } of objects) validate(line, { ...value }, out);
    out.rejected.sort((a, b) => a.line - b.line);
    return out;
  }
  validateTable(readTable(text), out);
  return out;
}

/** Two rows with the same marketplace and external id: the later one wins, as an upsert of both would. */
export function lastWins(rows: MarketListing[]): MarketListing[] {
  const byKey = new Map<string, MarketListing>();
  for (const row of rows) byKey.set(`${row.marketplace}\u0000${row.external_id}`, row);
  return [...byKey.values()];
}
