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

/** A money cell: the amount and, when the cell shows it, the currency. Empty is null. */
export function readPrice(text: string): Read<{ amount: number; currency: string | null } | null> {
  // ="-" and N/A are how some exports (Depop) write an empty cell.
  const raw = text
    .trim()
    .replace(/^="(.*)"$/, '$1')
    .trim();
  if (!raw || /^(n\/?a|-+|—|none)$/i.test(raw)) return ok(null);
  const currency = SYMBOLS.find(([pattern]) => pattern.test(raw))?.[1] ?? null;
  let number = raw.replace(/[^\d.,()-]/g, '');
  const negative = /^\(.*\)$/.test(number) || number.startsWith('-');
  number = number.replace(/[()-]/g, '');
  if (!/\d/.test(number)) return no(`price “${raw}” is not a number`);
  // "1.234,50" and "12,50": a comma after the last dot is the decimal mark (European exports).
  const lastComma = number.lastIndexOf(',');
  const lastDot = number.lastIndexOf('.');
  if (lastComma > lastDot && number.length - lastComma - 1 <= 2) {
    number = number.replace(/\./g, '').replace(',', '.');
  } else {
    number = number.replace(/,/g, '');
  }
  if (!/^\d+(\.\d+)?$/.test(number)) return no(`price “${raw}” is not a number`);
  const amount = Number(number);
  if (negative) return no(`price “${raw}” is negative`);
  if (amount > 1_000_000) return no(`price “${raw}” is too high`);
  return ok({ amount: Math.round(amount * 100) / 100, currency });
}

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
  const raw = text.trim();
  if (!raw) return ok(null);
  const fail = no<string | null>(`date “${raw}” is not a date we can read (for example 2026-03-05)`);
  // ISO: 2026-03-05, 2026-03-05T10:00:00Z, 2026-03-05 10:00:00+01:00
  const iso =
    /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)\s*(Z|[+-]\d{2}:?\d{2})?)?$/i.exec(raw);
  if (iso) {
    if (iso[5]) {
      const parsed = new Date(
        `${iso[1]}-${iso[2]}-${iso[3]}T${iso[4]}${iso[5].length === 5 ? `${iso[5].slice(0, 3)}:${iso[5].slice(3)}` : iso[5]}`,
      );
      return Number.isNaN(parsed.getTime()) ? fail : ok(parsed.toISOString());
    }
    const value = build(Number(iso[1]), Number(iso[2]), Number(iso[3]), iso[4]);
    return value ? ok(value) : fail;
  }
  const [datePart, ...rest] = raw.replace(/\s+(?!AM$|PM$)[A-Z]{2,4}$/i, '').split(/\s+(?=\d{1,2}:\d{2})/);
  const time = rest.join(' ') || undefined;
  // 03/05/2026, 3/5/26, 03.05.2026, 03-05-2026
  const numeric = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(datePart.trim());
  if (numeric) {
    const [a, b] = [Number(numeric[1]), Number(numeric[2])];
    const value = dayFirst
      ? build(fullYear(numeric[3]), b, a, time)
      : build(fullYear(numeric[3]), a, b, time);
    return value ? ok(value) : fail;
  }
  const words = datePart.trim().replace(/,/g, ' ').replace(/-/g, ' ').split(/\s+/);
  // Mar 05 26, Mar 5 2026, March 5 2026
  if (
    words.length === 3 &&
    MONTHS[words[0].toLowerCase()] &&
    /^\d{1,2}$/.test(words[1]) &&
    /^\d{2,4}$/.test(words[2])
  ) {
    const value = build(fullYear(words[2]), MONTHS[words[0].toLowerCase()], Number(words[1]), time);
    return value ? ok(value) : fail;
  }
  // 5 Mar 2026, 05 Mar 26
  if (
    words.length === 3 &&
    /^\d{1,2}$/.test(words[0]) &&
    MONTHS[words[1].toLowerCase()] &&
    /^\d{2,4}$/.test(words[2])
  ) {
    const value = build(fullYear(words[2]), MONTHS[words[1].toLowerCase()], Number(words[0]), time);
    return value ? ok(value) : fail;
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
  const raw = text.trim();
  if (!raw) return ok(null);
  const key = raw.toLowerCase().replace(/\s+/g, ' ').replace(/[–—]/g, '-');
  const hit = CONDITION_WORDS.find(([pattern]) => pattern.test(key));
  return hit
    ? ok(hit[1])
    : no(
        `condition “${raw}” is not one we know (new with tags, new without tags, new with imperfections, pre-owned)`,
      );
}

/** A status column: sold or still listed. Drafts and ended listings are neither, so they are not imported. */
export function readStatus(text: string): Read<'available' | 'sold'> {
  const key = text.trim().toLowerCase();
  if (/^(sold|sold out|completed|shipped|delivered|paid)$/.test(key)) return ok('sold');
  if (/^(available|active|listed|live|for sale|in stock|published|on sale)$/.test(key))
    return ok('available');
  if (!key) return no('status is empty: say sold or listed');
  return no(`status “${text.trim()}” is neither sold nor listed, so the item is not counted`);
}

/** "eBay", "Facebook Marketplace", "poshmark" -> ebay, facebook_marketplace, poshmark. */
export function readMarketplace(text: string): Read<string> {
  const key = text
    .trim()
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\.com$/, '')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 30);
  if (!/^[a-z][a-z0-9_]{1,29}$/.test(key))
    return no(`marketplace “${text.trim()}” is not a marketplace name`);
  return ok(key);
}

/** Headers compared as people read them: "Sale Date", "sale_date" and "SALE DATE " are one header. */
export const headerKey = (header: string) => header.toLowerCase().replace(/[^a-z0-9]+/g, '');
