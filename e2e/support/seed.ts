// Accounts and market rows the specs start from, made with the service role.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { env } from './fixtures';

let service: SupabaseClient | undefined;

export function serviceClient(): SupabaseClient {
  service ??= createClient(env.supabaseUrl, env.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    // Node 20 has no WebSocket; the client needs a transport to construct, and realtime is never opened here.
    realtime: { transport: class NoRealtime {} as never },
  });
  return service;
}

/** A made-up word, fresh per run, so a search counts exactly the rows a spec inserts. */
export const madeUpWord = () =>
  Array.from({ length: 7 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

/** A verified account with a first and last name (initials from them). */
export async function createVerifiedUser(
  email: string,
  password: string,
  name: { first: string; last: string } = { first: 'Mina', last: 'Brooks' },
): Promise<string> {
  const { data, error } = await serviceClient().auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: { first_name: name.first, last_name: name.last, zip_code: '10001' },
  });
  if (error) throw error;
  return data.user.id;
}

export type Row = Record<string, unknown>;
export type ListingStatus = 'available' | 'sold';

export const day = 86_400_000;
/** An ISO time `days` before now. */
export const daysAgo = (days: number) => new Date(Date.now() - days * day).toISOString();

/**
 * The i-th pre-owned denim jacket of `brand` on eBay, imported: at $30 + $4i, listed 40 + i days ago and, when sold,
 * sold 20 - i days ago.
 */
export function jacket(brand: string, status: ListingStatus, i: number): Row {
  return {
    marketplace: 'ebay',
    external_id: `${brand}-${status}-${i}`,
    title: `${brand} denim jacket size M`,
    brand,
    category: 'jacket',
    condition: 'pre_owned',
    status,
    price: 30 + i * 4,
    currency: 'USD',
    listed_at: daysAgo(40 + i),
    sold_at: status === 'sold' ? daysAgo(20 - i) : null,
    source: 'import',
  };
}

/** `n` jackets of `brand`, the 0th to the (n-1)th; `fields(i)` changes any column of the i-th. */
export const jackets = (
  brand: string,
  status: ListingStatus,
  n: number,
  fields: (i: number) => Row = () => ({}),
) => Array.from({ length: n }, (_, i) => ({ ...jacket(brand, status, i), ...fields(i) }));

/** `available` listed and `sold` sold jackets of `brand` in the last 90 days. */
export async function insertListings(brand: string, available: number, sold: number) {
  await insertRows([...jackets(brand, 'available', available), ...jackets(brand, 'sold', sold)]);
}

export async function insertRows(rows: Row[]) {
  const { error } = await serviceClient().from('market_listings').insert(rows);
  if (error) throw error;
  await mergeCells();
}

/**
 * Takes the listings written so far into the exact cells (public.market_cells_merge, decision 091) now, as the
 * background merge would within a second or two: a test searches what it wrote without waiting for it.
 */
export async function mergeCells() {
  for (;;) {
    const { data, error } = await serviceClient().rpc('market_cells_merge');
    if (error) throw error;
    if (data === 0) return;
  }
}
