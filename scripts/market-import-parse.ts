// Parsing and validation for `npm run market:import`: CSV (header row, RFC 4180 quoting) or JSON Lines, one listing
// per row, each checked with zod. Rejected rows are reported with their line number and reasons, never half-written.
import { z } from 'zod';
import type { MarketListing } from './market-data';

const CONDITIONS = ['new_with_tags', 'new_without_tags', 'new_with_imperfections', 'pre_owned'] as const;

const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);
const optionalText = (max: number) =>
  z.preprocess(
    blankToNull,
    z.string().trim().min(1).max(max, `must be at most ${max} characters`).nullable().optional(),
  );
const date = (label: string) =>
  z.preprocess(
    blankToNull,
    z
      .string()
      .refine(
        (value) => !Number.isNaN(Date.parse(value)),
        `${label} must be a date such as 2025-03-01 or 2025-03-01T12:00:00Z`,
      )
      .transform((value) => new Date(value).toISOString())
      .nullable()
      .optional(),
  );

export const importRowSchema = z
  .object({
    marketplace: z
      .string({ error: 'marketplace is required' })
      .trim()
      .toLowerCase()
      .regex(/^[a-z][a-z0-9_]{1,29}$/, 'marketplace must be a lower-case name such as ebay or poshmark'),
    external_id: z.coerce
      .string({ error: 'external_id is required' })
      .trim()
      .min(1, 'external_id is required')
      .max(200),
    title: z
      .string({ error: 'title is required' })
      .trim()
      .min(1, 'title is required')
      .max(300, 'title must be at most 300 characters'),
    brand: optionalText(100),
    category: optionalText(100),
    size: optionalText(40),
    colour: optionalText(40),
    condition: z.enum(CONDITIONS, { error: `condition must be one of ${CONDITIONS.join(', ')}` }),
    status: z.enum(['available', 'sold'], { error: 'status must be available or sold' }),
    price: z.preprocess(
      (value) =>
        typeof value === 'string' && value.trim() !== '' ? Number(value.replace(/^\$/, '')) : value,
      z
        .number({ error: 'price must be a number' })
        .min(0, 'price must not be negative')
        .max(1_000_000, 'price is too high'),
    ),
    currency: z.preprocess(
      (value) => blankToNull(value) ?? 'USD',
      z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^[A-Z]{3}$/, 'currency must be a three-letter code such as USD'),
    ),
    listed_at: date('listed_at').refine((value) => value != null, 'listed_at is required'),
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
  .superRefine((row, ctx) => {
    if (row.status === 'sold' && !row.sold_at)
      ctx.addIssue({ code: 'custom', message: 'a sold listing needs sold_at', path: ['sold_at'] });
    if (row.status === 'available' && row.sold_at)
      ctx.addIssue({
        code: 'custom',
        message: 'an available listing cannot have sold_at',
        path: ['sold_at'],
      });
    if (row.sold_at && row.listed_at && row.sold_at < row.listed_at) {
      ctx.addIssue({ code: 'custom', message: 'sold_at is before listed_at', path: ['sold_at'] });
    }
  });

export type Rejected = { line: number; reasons: string[] };
export type ParsedImport = { rows: MarketListing[]; rejected: Rejected[] };

/** CSV records with the line each starts on; quoted fields may hold commas, quotes ("") and line breaks. */
export function parseCsv(text: string): { line: number; fields: string[] }[] {
  const records: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  let any = false;
  const input = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < input.length; i++) {
    const ch = input[i];
    if (quoted) {
      if (ch === '"' && input[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === '\n') line++;
        field += ch;
      }
      continue;
    }
    if (ch === '"') {
      quoted = true;
      any = true;
    } else if (ch === ',') {
      fields.push(field);
      field = '';
      any = true;
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && input[i + 1] === '\n') i++;
      if (any || field !== '') records.push({ line: start, fields: [...fields, field] });
      fields = [];
      field = '';
      any = false;
      line++;
      start = line;
    } else {
      field += ch;
      any = true;
    }
  }
  if (any || field !== '') records.push({ line: start, fields: [...fields, field] });
  return records;
}

function validate(line: number, raw: Record<string, unknown>, out: ParsedImport) {
  if (raw.color !== undefined && raw.colour === undefined) raw.colour = raw.color;
  delete raw.color;
  const result = importRowSchema.safeParse(raw);
  if (!result.success) {
    out.rejected.push({
      line,
      reasons: result.error.issues.map((issue) => {
        const field = issue.path.join('.');
        return issue.message.startsWith(field) || !field ? issue.message : `${field}: ${issue.message}`;
      }),
    });
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
    price: r.price,
    currency: r.currency,
    listed_at: r.listed_at as string,
    sold_at: r.sold_at ?? null,
    url: r.url ?? null,
    source: 'import',
  });
}

export function parseImport(text: string, format: 'csv' | 'jsonl'): ParsedImport {
  const out: ParsedImport = { rows: [], rejected: [] };
  if (format === 'jsonl') {
    text.split(/\r?\n/).forEach((source, index) => {
      if (!source.trim()) return;
      let value: unknown;
      try {
        value = JSON.parse(source);
      } catch {
        out.rejected.push({ line: index + 1, reasons: ['not valid JSON'] });
        return;
      }
      if (!value || typeof value !== 'object' || Array.isArray(value)) {
        out.rejected.push({ line: index + 1, reasons: ['each line must be a JSON object'] });
        return;
      }
      validate(index + 1, { ...(value as Record<string, unknown>) }, out);
    });
    return out;
  }
  const [header, ...records] = parseCsv(text);
  if (!header) return out;
  const names = header.fields.map((name) => name.trim().toLowerCase());
  for (const record of records) {
    if (record.fields.length !== names.length) {
      out.rejected.push({
        line: record.line,
        reasons: [`expected ${names.length} columns, found ${record.fields.length}`],
      });
      continue;
    }
    validate(record.line, Object.fromEntries(names.map((name, i) => [name, record.fields[i]])), out);
  }
  return out;
}

/** Two rows with the same marketplace and external id: the later one wins, as an upsert of both would. */
export function lastWins(rows: MarketListing[]): MarketListing[] {
  const byKey = new Map<string, MarketListing>();
  for (const row of rows) byKey.set(`${row.marketplace}\u0000${row.external_id}`, row);
  return [...byKey.values()];
}
