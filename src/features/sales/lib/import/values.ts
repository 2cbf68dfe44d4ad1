// Reading one cell of an export: prices as marketplaces write them ("$25.00", "US $1,234.50", "£12", "12,50 €"), dates
// in the forms exports use, conditions in sellers' words, statuses, marketplace names. Each reader returns the value or
// a reason a person can act on; none guesses.
import type { Condition } from './types';

export type Read<T> = { ok: true; value: T } | { ok: false; reason: string };
const ok = <T>(value: T): Read<T> => ({ ok: true, value });
const no = <T>(reason: string): Read<T> => ({ ok: false, reason });

const SYMBOLS: [RegExp, string][] = [
  [/\bUS\s*\$|\bUSD\b/i, 'USD'],
  [/\bC\s*\$|\bCA\s*\$|\bCAD\b/i, 'CAD'],
  [/\bAU?\s*\$|\bAUD\b/i, 'AUD'],
  [/£|\bGBP\b/i, 'GBP'],
  [/€|\bEUR\b/i, 'EUR'],
  [/\bPLN\b|zł/i, 'PLN'],
  [/\bCZK\b|Kč/i, 'CZK'],
  [/\bSEK\b/i, 'SEK'],
  [/\bJPY\b|¥/i, 'JPY'],
  [/\$/, 'USD'],
];

/**
 * What an export writes for an empty cell: "N/A", "--", "—", Excel's text-forcing ="-" (written =""-"" when the
 * quotes are doubled), ="" around a value (="0123" keeps a leading zero). Unwraps the value, and gives '' for a
 * placeholder.
 */
export function plainCell(text: string): string {
  let raw = text.trim();
  const forced = /^=""(.*)""$/.exec(raw) ?? /^="(.*)"$/.exec(raw);
  if (forced) raw = forced[1].trim();
  return /^(n\/?a|none|null|-+|—|–)$/i.test(raw) ? '' : raw;
}

/** A money cell: the amount and, when the cell shows it, the currency. Empty is null. */
export function readPrice(text: string): Read<{ amount: number; currency: string | null } | null> {
  return readAmount(text, 'price');
}

/**
 * An amount of money named `name` in its reasons ("price", "fees"): "$25.00", "US $1,234.50", "12,50 €". Negative
 * amounts ("-5", "($5.00)") only where `signed` (net earnings can be below zero).
 */
export function readAmount(
  text: string,
  name: string,
  signed = false,
): Read<{ amount: number; currency: string | null } | null> {
  const raw = plainCell(text);
  if (!raw) return ok(null);
  const currency = SYMBOLS.find(([pattern]) => pattern.test(raw))?.[1] ?? null;
  let number = raw.replace(/[^\d.,()\-−]/g, '');
  const negative = /^\(.*\)$/.test(number) || /^[-−]/.test(number);
  number = number.replace(/[()\-−]/g, '');
  if (!/\d/.test(number)) return no(`${name} “${raw}” is not a number`);
  // "1.234,50" and "12,50": a comma after the last dot is the decimal mark (European exports).
  const lastComma = number.lastIndexOf(',');
  const lastDot = number.lastIndexOf('.');
  if (lastComma > lastDot && number.length - lastComma - 1 <= 2) {
    number = number.replace(/\./g, '').replace(',', '.');
  } else {
    number = number.replace(/,/g, '');
  }
  if (!/^\d+(\.\d+)?$/.test(number)) return no(`${name} “${raw}” is not a number`);
  const amount = Number(number);
  if (negative && !signed) return no(`${name} “${raw}” is negative`);
  if (amount > 1_000_000) return no(`${name} “${raw}” is too high`);
  const cents = Math.round(amount * 100) / 100;
  return ok({ amount: negative ? -cents : cents, currency });
}

/** Units in a line: a whole number from 1 to 100,000. Empty is null (one unit). */
export function readQuantity(text: string): Read<number | null> {
  const raw = plainCell(text);
  if (!raw) return ok(null);
  if (!/^\d+(\.0+)?$/.test(raw.replace(/,/g, ''))) return no(`quantity “${raw}” is not a whole number`);
  const n = Number(raw.replace(/,/g, ''));
  if (n < 1) return no(`quantity “${raw}” is 0: nothing was sold or is listed`);
  if (n > 100_000) return no(`quantity “${raw}” is more than 100,000`);
  return ok(n);
}

/** A yes/no cell (Poshmark's NWT, "Bundle Order?"): Y, Yes, True, 1. */
export const readFlag = (text: string) => /^(y|yes|true|1|x)$/i.test(plainCell(text));

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  sept: 9,
  oct: 10,
  nov: 11,
  dec: 12,
  january: 1,
  february: 2,
  march: 3,
  april: 4,
  june: 6,
  july: 7,
  august: 8,
  september: 9,
  october: 10,
  november: 11,
  december: 12,
};

/** Hours east of UTC of the zone names exports print (eBay's "PDT", "PST"). */
const ZONES: Record<string, number> = {
  UTC: 0,
  GMT: 0,
  Z: 0,
  BST: 1,
  CET: 1,
  CEST: 2,
  EST: -5,
  EDT: -4,
  CST: -6,
  CDT: -5,
  MST: -7,
  MDT: -6,
  PST: -8,
  PDT: -7,
  AKST: -9,
  AKDT: -8,
  HST: -10,
  AEST: 10,
  AEDT: 11,
};

const fullYear = (y: string) => (y.length === 2 ? 2000 + Number(y) : Number(y));

function build(year: number, month: number, dayOfMonth: number, time: string | undefined): string | null {
  if (month < 1 || month > 12 || dayOfMonth < 1 || dayOfMonth > 31 || year < 1990 || year > 2100) return null;
  let h = 0;
  let m = 0;
  let s = 0;
  if (time) {
    const t = /^(\d{1,2}):(\d{2})(?::(\d{2}))?\s*(am|pm)?/i.exec(time.trim());
    if (!t) return null;
    h = Number(t[1]);
    m = Number(t[2]);
    s = Number(t[3] ?? 0);
    if (t[4]) h = (h % 12) + (t[4].toLowerCase() === 'pm' ? 12 : 0);
    if (h > 23 || m > 59 || s > 59) return null;
  }
  const date = new Date(Date.UTC(year, month - 1, dayOfMonth, h, m, s));
  // 31 February rolls into March in Date.UTC: refuse it instead.
  if (date.getUTCDate() !== dayOfMonth) return null;
  return date.toISOString();
}

/**
 * A date cell as an ISO timestamp (UTC when the cell gives no offset). Reads ISO dates with or without a time and
 * offset; 03/05/2026 and 3/5/26 (month first, or day first when the export writes dates that way); Mar-05-26,
 * Mar 5, 2026, 5 Mar 2026, 05-Mar-2026; each with an optional time and a trailing zone name (PDT), which is dropped.
 */
export function readDate(text: string, dayFirst = false): Read<string | null> {
  const raw = plainCell(text);
  if (!raw) return ok(null);
  const fail = no<string | null>(`date “${raw}” is not a date we can read (for example 2026-03-05)`);
  // A trailing zone name: a known one moves the time to UTC ("16:00:01 PDT" is 23:00:01Z); others are dropped.
  const zone = /\s+(?!AM$|PM$)([A-Z]{2,5})$/i.exec(raw);
  const offset = zone ? (ZONES[zone[1].toUpperCase()] ?? 0) : 0;
  const shift = (value: string | null) =>
    value && offset ? new Date(Date.parse(value) - offset * 3_600_000).toISOString() : value;
  // A leading weekday ("Thu, Mar 5, 2026") says nothing the date does not.
  const bare = (zone ? raw.slice(0, zone.index) : raw)
    .replace(/^(mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?,?\s+/i, '')
    .trim();
  // ISO: 2026-03-05, 2026-03-05T10:00:00Z, 2026-03-05 10:00:00+01:00, and 2026/03/05.
  const iso =
    /^(\d{4})[-/](\d{2})[-/](\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)\s*(Z|[+-]\d{2}:?\d{2})?)?$/i.exec(
      bare,
    );
  if (iso) {
    if (iso[5]) {
      const parsed = new Date(
        `${iso[1]}-${iso[2]}-${iso[3]}T${iso[4]}${iso[5].length === 5 ? `${iso[5].slice(0, 3)}:${iso[5].slice(3)}` : iso[5]}`,
      );
      return Number.isNaN(parsed.getTime()) ? fail : ok(parsed.toISOString());
    }
    const value = build(Number(iso[1]), Number(iso[2]), Number(iso[3]), iso[4]);
    return value ? ok(shift(value)) : fail;
  }
  const [datePart, ...rest] = bare.split(/,?\s+(?=\d{1,2}:\d{2})/);
  const time = rest.join(' ') || undefined;
  // 03/05/2026, 3/5/26, 03.05.2026, 03-05-2026
  const numeric = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(datePart.trim());
  if (numeric) {
    const [a, b] = [Number(numeric[1]), Number(numeric[2])];
    const value = dayFirst
      ? build(fullYear(numeric[3]), b, a, time)
      : build(fullYear(numeric[3]), a, b, time);
    return value ? ok(shift(value)) : fail;
  }
  const words = datePart.replace(/[,.]/g, ' ').replace(/-/g, ' ').trim().split(/\s+/);
  const month = (word: string) => MONTHS[word.toLowerCase()];
  // Mar 05 26, Mar 5 2026, March 5 2026
  if (words.length === 3 && month(words[0]) && /^\d{1,2}$/.test(words[1]) && /^\d{2,4}$/.test(words[2])) {
    const value = build(fullYear(words[2]), month(words[0]), Number(words[1]), time);
    return value ? ok(shift(value)) : fail;
  }
  // 5 Mar 2026, 05 Mar 26, 5 March 2026
  if (words.length === 3 && /^\d{1,2}$/.test(words[0]) && month(words[1]) && /^\d{2,4}$/.test(words[2])) {
    const value = build(fullYear(words[2]), month(words[1]), Number(words[0]), time);
    return value ? ok(shift(value)) : fail;
  }
  return fail;
}

/** Conditions in the words marketplaces and sellers use; anything else is named back to the user, not guessed. */
const CONDITION_WORDS: [RegExp, Condition][] = [
  [/^(new[ _]with[ _]tags|nwt|brand new|new with box|nwb|new)$/, 'new_with_tags'],
  [
    /^(new[ _]without[ _]tags|nwot|new without box|new other.*|like new|new \(other\)|open box)$/,
    'new_without_tags',
  ],
  [/^(new[ _]with[ _]imperfections|new with defects|nwd)$/, 'new_with_imperfections'],
  [
    /^(pre[ -_]?owned.*|used.*|euc|guc|vguc|excellent|very good|good|fair|gently used|worn|vintage|satisfactory|poor)$/,
    'pre_owned',
  ],
];

export function readCondition(text: string): Read<Condition | null> {
  const raw = plainCell(text);
  if (!raw) return ok(null);
  const key = raw.toLowerCase().replace(/\s+/g, ' ').replace(/[–—]/g, '-');
  const hit = CONDITION_WORDS.find(([pattern]) => pattern.test(key));
  return hit
    ? ok(hit[1])
    : no(
        `condition “${raw}” is not one we know (new with tags, new without tags, new with imperfections, pre-owned)`,
      );
}

export const saleStatuses = [
  'completed',
  'in_progress',
  'shipped',
  'cancelled',
  'refunded',
  'returned',
] as const;
export type SaleStatus = (typeof saleStatuses)[number];
export type StatusReading = { status: 'available' | 'sold'; sale: SaleStatus | null };

const SOLD_WORDS: [RegExp, SaleStatus | null][] = [
  [/^(sold|sold out|sale)$/, null],
  [/^(completed?|delivered|received|finished|closed|partially refunded|partial refund)$/, 'completed'],
  [
    /^(paid|in progress|pending|processing|awaiting (shipment|shipping)|not (yet )?shipped|unshipped|open|ordered|to ship)$/,
    'in_progress',
  ],
  [/^(shipped|in transit|sent|dispatched|on the way)$/, 'shipped'],
  [/^(cancell?ed|cancell?ation|cancell?ed by (buyer|seller)|voided?)$/, 'cancelled'],
  [/^(refunded|fully refunded|refund(ed)? in full|refund)$/, 'refunded'],
  [/^(returned|return(ed)? to seller|return completed)$/, 'returned'],
];

/**
 * A status column: sold (and what became of the sale: completed, in progress, shipped, cancelled, refunded, returned)
 * or still listed. Drafts and ended listings are neither, so they are not imported.
 */
export function readStatus(text: string): Read<StatusReading> {
  const key = plainCell(text).toLowerCase().replace(/[_-]+/g, ' ').replace(/\s+/g, ' ');
  const sold = SOLD_WORDS.find(([pattern]) => pattern.test(key));
  if (sold) return ok({ status: 'sold', sale: sold[1] });
  if (/^(available|active|listed|live|for sale|in stock|published|on sale)$/.test(key))
    return ok({ status: 'available', sale: null });
  if (!key) return no('status is empty: say sold or listed');
  return no(`status “${text.trim()}” is neither sold nor listed, so the item is not counted`);
}

/** "eBay", "Facebook Marketplace", "poshmark" -> ebay, facebook_marketplace, poshmark. */
export function readMarketplace(text: string): Read<string> {
  const key = plainCell(text)
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/^www\./, '')
    .replace(/\.com$/, '')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 30);
  if (!/^[a-z][a-z0-9_]{1,29}$/.test(key))
    return no(`marketplace “${text.trim()}” is not a marketplace name`);
  return ok(MARKETPLACE_ALIASES[key] ?? key);
}

/** Other spellings of the marketplaces the product names (messages.ts, marketplaceNames), so one shop is one key. */
const MARKETPLACE_ALIASES: Record<string, string> = {
  e_bay: 'ebay',
  ebay_us: 'ebay',
  ebay_uk: 'ebay',
  ebay_co_uk: 'ebay',
  posh: 'poshmark',
  poshmark_closet: 'poshmark',
  fb: 'facebook_marketplace',
  fb_marketplace: 'facebook_marketplace',
  facebook: 'facebook_marketplace',
  meta_marketplace: 'facebook_marketplace',
  vinted_co_uk: 'vinted',
  etsy_shop: 'etsy',
};

/**
 * Headers compared as people read them: "Sale Date", "sale_date", "SALE DATE " and "\uFEFFSale Date" are one header;
 * accents are folded ("Numéro" = "numero").
 */
export const headerKey = (header: string) =>
  header
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
