// The zod rules an imported row must meet before anything is written: the same limits as the database's CHECKs
// (public.seller_items, public.market_listings), with messages a person can act on. The browser import and
// `npm run market:import` both check rows with these.
import { z } from 'zod';
import { conditions } from './types';
import { saleStatuses } from './values';

/**
 * A cell a spreadsheet would run as a formula when the file is opened again: "=HYPERLINK(...)", "+SUM(A1)", "@cmd".
 * `npm run market:import` refuses such a title. The sales import stores a seller's titles as they wrote them (decision
 * 078): every spreadsheet we write escapes them instead (lib/csv.ts).
 */
export const looksLikeFormula = (value: string) => /^\s*=|^\s*[+\-@]\s*[A-Za-z_][\w.]*\s*\(/.test(value);

const text = (field: string, max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max, `${field} must be at most ${max} characters`)
    .refine(
      (v) => !looksLikeFormula(v),
      `${field} starts like a spreadsheet formula (“=”); remove that and import again`,
    );

const optionalText = (field: string, max: number) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), text(field, max).nullable());

/** Text as the seller wrote it, formula-looking or not. */
const sellerText = (field: string, max: number) =>
  z.string().trim().min(1).max(max, `${field} must be at most ${max} characters`);
const optionalSellerText = (field: string, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    sellerText(field, max).nullable(),
  );

const money = (field: string, min: number) =>
  z
    .number({ error: `${field} must be a number` })
    .min(min, min === 0 ? `${field} must not be negative` : `${field} is too low`)
    .max(1_000_000, `${field} is too high`)
    .nullable();

export const fieldRules = {
  marketplace: z
    .string({ error: 'marketplace is required' })
    .regex(/^[a-z][a-z0-9_]{1,29}$/, 'marketplace must be a lower-case name such as ebay or poshmark'),
  external_id: z
    .string({ error: 'an order or item id is required' })
    .trim()
    .min(1, 'an order or item id is required')
    .max(200, 'the order or item id must be at most 200 characters'),
  title: z.string({ error: 'title is required' }).trim().min(1, 'title is required').pipe(text('title', 300)),
  brand: optionalText('brand', 100),
  category: optionalText('category', 100),
  size: optionalText('size', 40),
  colour: optionalText('colour', 40),
  condition: z.enum(conditions, { error: `condition must be one of ${conditions.join(', ')}` }),
  status: z.enum(['available', 'sold'], { error: 'status must be available or sold' }),
  price: z
    .number({ error: 'price must be a number' })
    .min(0, 'price must not be negative')
    .max(1_000_000, 'price is too high'),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, 'currency must be a three-letter code such as USD'),
  timestamp: z.iso.datetime({ offset: true }),
};

type Dated = { status: 'available' | 'sold'; listed_at: string | null; sold_at: string | null };

/** The earliest sale or listing date the product holds (the database's private.date_in_range says the same). */
export const EARLIEST_DATE = '2000-01-01';

/** The first instant after tomorrow, UTC: a date from then on is a typo (9999) or a clock gone wrong. */
export function dateLimit(now: number = Date.now()): number {
  const today = new Date(now);
  return Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 2);
}

/**
 * Why a date cannot be held, or null when it can: before 2000, or after tomorrow (UTC). One sale dated 9999 once made
 * every sold search fail (issue 49); the database refuses the same with a CHECK.
 */
export function dateOutOfRange(iso: string, name: string, now: number = Date.now()): string | null {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return null;
  const day = iso.slice(0, 10);
  if (at < Date.parse(`${EARLIEST_DATE}T00:00:00Z`))
    return `the ${name} ${day} is before 2000: check the file's date column`;
  if (at >= dateLimit(now)) return `the ${name} ${day} is after tomorrow: check the file's date column`;
  return null;
}

/**
 * The date rules every row meets: a sale has its date, a listed item has none, nothing sells before it is listed,
 * and every date is from 2000 through tomorrow.
 */
export function checkDates(row: Dated, ctx: z.RefinementCtx) {
  for (const [field, name] of [
    ['sold_at', 'sale date'],
    ['listed_at', 'listing date'],
  ] as const) {
    const value = row[field];
    const reason = value ? dateOutOfRange(value, name) : null;
    if (reason) ctx.addIssue({ code: 'custom', message: reason, path: [field] });
  }
  if (row.status === 'sold' && !row.sold_at)
    ctx.addIssue({ code: 'custom', message: 'a sold item needs its sale date', path: ['sold_at'] });
  if (row.status === 'available' && row.sold_at)
    ctx.addIssue({ code: 'custom', message: 'a listed item cannot have a sale date', path: ['sold_at'] });
  if (row.sold_at && row.listed_at && row.sold_at < row.listed_at)
    ctx.addIssue({ code: 'custom', message: 'the sale date is before the listing date', path: ['sold_at'] });
}

/** A row of public.seller_items: the CHECKs of 20261125000500_seller_sales.sql and 20261129010000_sales_line_items.sql. */
export const saleRowSchema = z
  .object({
    marketplace: fieldRules.marketplace,
    external_id: fieldRules.external_id,
    title: z
      .string({ error: 'title is required' })
      .trim()
      .min(1, 'title is required')
      .pipe(sellerText('title', 300)),
    brand: optionalSellerText('brand', 100),
    category: optionalSellerText('category', 100),
    size: optionalSellerText('size', 40),
    condition: fieldRules.condition.nullable(),
    status: fieldRules.status,
    price: fieldRules.price.nullable(),
    currency: fieldRules.currency,
    listed_at: fieldRules.timestamp.nullable(),
    sold_at: fieldRules.timestamp.nullable(),
    quantity: z
      .number()
      .int('quantity must be a whole number')
      .min(1, 'quantity must be at least 1')
      .max(100_000, 'quantity must be at most 100,000'),
    sale_status: z.enum(saleStatuses).nullable(),
    order_id: z.string().trim().min(1).max(200, 'the order id must be at most 200 characters').nullable(),
    record_kind: z.enum(['item', 'order']),
    shipping: money('shipping', 0),
    fees: money('fees', 0),
    net: money('net', -1_000_000),
    cost: money('cost of goods', 0),
    previous_external_id: z.string().max(200).nullable().optional(),
  })
  .superRefine((row, ctx) => {
    checkDates(row, ctx);
    if (row.record_kind === 'order' && (row.status !== 'sold' || !row.order_id))
      ctx.addIssue({
        code: 'custom',
        message: 'an order row needs its order id and sale',
        path: ['order_id'],
      });
  });

/** zod's issues as the reasons a preview lists: "title must be at most 300 characters". */
export const reasonsOf = (error: z.ZodError) =>
  error.issues.map((issue) => {
    const field = issue.path.join('.');
    return !field || issue.message.startsWith(field) || issue.code === 'custom'
      ? issue.message
      : `${field}: ${issue.message}`;
  });
