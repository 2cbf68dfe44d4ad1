// The parsed search query (public.market_parse_query, migration 20261125000300_market_matching.sql) and the eBay
// keywords built from it, so eBay is asked what the local index matches: brand and garment names as their entry's
// name (eBay knows "Dr. Martens", not every spelling), "phrases" quoted, -exclusions, and a comma's alternatives in
// eBay's (a, b) form.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { QueryReading, RecognisedTerm } from './types.ts';

export type QueryGroup = { any: string[][]; kind: 'brand' | 'garment' | 'word' | 'colour'; label?: string };
export type ParsedQuery = {
  clauses: { groups: QueryGroup[]; phrases: string[] }[];
  exclude: QueryGroup[];
  corrected: { from: string; to: string }[];
  ignored: string[];
  recognised?: RecognisedTerm[];
  unknown?: string[];
};

/** The part of a parsed query the screen shows (older databases send no recognised or unknown words). */
export const readingOf = (parsed: Partial<ParsedQuery> | undefined): QueryReading => {
  const size = sizeOf(parsed);
  return {
    corrected: parsed?.corrected ?? [],
    ignored: parsed?.ignored ?? [],
    recognised: parsed?.recognised ?? [],
    unknown: parsed?.unknown ?? [],
    // Only when the query writes one: a reading without a size keeps its old shape.
    ...(size ? { size } : {}),
  };
};

const LETTER_SIZES = /^(xxs|xs|s|m|l|xl|xxl|xxxl|2xl|3xl)$/;

/**
 * The size a query writes, as the size choice writes it (issue 54: a size written in the query fills that choice):
 * the reading's one-word groups sz_<size> ("size M" -> 'M', "uk 8" -> 'UK 8', "one size" -> 'One size') and a waist
 * and inseam (w32 l30 -> '32x30'). Each reads back to the same words through market_words('size ' || it), which is
 * how the search narrows by it. The first clause that has one; null when none does.
 */
export function sizeOf(parsed: Partial<ParsedQuery> | undefined): string | null {
  for (const clause of parsed?.clauses ?? []) {
    const words = clause.groups
      .filter((g) => g.kind === 'word' && g.any.length === 1 && g.any[0]?.length === 1)
      .map((g) => g.any[0][0]);
    const waist = words.find((w) => /^w[0-9]{2}$/.test(w))?.slice(1);
    const inseam = words.find((w) => /^l[0-9]{2}$/.test(w))?.slice(1);
    if (waist && inseam) return `${waist}x${inseam}`;
    const size = words.find((w) => /^sz_[a-z0-9]+$/.test(w))?.slice(3);
    if (size) {
      if (size === 'os') return 'One size';
      const region = /^(uk|eu)([0-9]{1,2})$/.exec(size);
      if (region) return `${region[1].toUpperCase()} ${region[2]}`;
      return LETTER_SIZES.test(size) ? size.toUpperCase() : size;
    }
    if (waist) return `W${waist}`;
    if (inseam) return `L${inseam}`;
  }
  return null;
}

export async function parseQuery(
  service: SupabaseClient,
  itemName: string,
  signal?: AbortSignal,
): Promise<ParsedQuery> {
  let call = service.rpc('market_parse_query', { p_query: itemName });
  if (signal) call = call.abortSignal(signal);
  const { data, error } = await call;
  if (error) throw new Error(`Could not read the query: ${error.message}`);
  return data as ParsedQuery;
}

const plain = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

function groupWords(group: QueryGroup): string {
  if ((group.kind === 'brand' || group.kind === 'garment') && group.label) return plain(group.label);
  // Size terms (sz_m) are aspects on eBay, not title words; a numeric size stays as its number word.
  return (group.any[0] ?? []).filter((w) => !w.startsWith('sz_')).join(' ');
}

/** eBay Browse `q` for a parsed query; '' when nothing is left to search for. */
export function ebayKeywords(parsed: ParsedQuery): string {
  const clauses = parsed.clauses
    .map((clause) => {
      const words = clause.groups.map(groupWords).filter(Boolean);
      const phrases = clause.phrases.map((p) => `"${p}"`);
      return [...new Set([...words, ...phrases])].join(' ').trim();
    })
    .filter(Boolean);
  if (clauses.length === 0) return '';
  const excluded = [
    ...new Set(parsed.exclude.flatMap((g) => (g.any[0] ?? []).filter((w) => !w.startsWith('sz_')))),
  ].map((w) => `-${w}`);
  const base = clauses.length === 1 ? clauses[0] : `(${clauses.join(', ')})`;
  return [base, ...excluded].join(' ');
}
