// Accounts and market rows the accessibility and navigation specs start from, made with the service role.
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

/** `available` listed and `sold` sold pre-owned jackets of `brand` in the last 90 days. */
export async function insertListings(brand: string, available: number, sold: number) {
  const now = Date.now();
  const day = 86_400_000;
  const row = (i: number, status: 'available' | 'sold') => ({
    marketplace: 'ebay',
    external_id: `${brand}-${status}-${i}`,
    title: `${brand} denim jacket size M`,
    brand,
    category: 'jacket',
    condition: 'pre_owned',
    status,
    price: 30 + i * 4,
    currency: 'USD',
    listed_at: new Date(now - (40 + i) * day).toISOString(),
    sold_at: status === 'sold' ? new Date(now - (20 - i) * day).toISOString() : null,
    source: 'import',
  });
  const { error } = await serviceClient()
    .from('market_listings')
    .insert([
      ...Array.from({ length: available }, (_, i) => row(i, 'available')),
      ...Array.from({ length: sold }, (_, i) => row(i, 'sold')),
    ]);
  if (error) throw error;
}
