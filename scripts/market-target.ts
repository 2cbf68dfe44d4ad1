// Where the market scripts write: the local emulator's API when it is running (npm start owns the database then),
// otherwise the database itself (.data/db, --data-dir, or DATABASE_URL / --database-url).
import { createClient } from '@supabase/supabase-js';
import type { Queryable } from '../emulator/context';
import { createDatabase } from '../emulator/db/index';
import { prepareDatabase } from '../emulator/db/migrate';
import { defaultSupabaseDir } from '../emulator/config';
import { localKeys } from '../emulator/keys';
import type { MarketListing } from '../emulator/seeds/data/market-data';

export type Target = {
  describe: string;
  /** Direct database access, or null when writing through the API. */
  db: Queryable | null;
  upsert(rows: MarketListing[]): Promise<void>;
  deleteDemo(): Promise<void>;
  /** Rebuilds the words typo correction draws on (public.market_refresh_vocabulary) after a load. */
  refreshVocabulary(): Promise<void>;
  /** Takes every write noted so far into the exact cells (public.market_cells_merge, decision 091), so a load is
   * searchable from cells when the script says it is done, not at the next background merge. */
  mergeCells(): Promise<void>;
  close(): Promise<void>;
};

export function flag(args: string[], name: string): string | undefined {
  const index = args.indexOf(`--${name}`);
  if (index >= 0) return args[index + 1];
  const inline = args.find((a) => a.startsWith(`--${name}=`));
  return inline?.slice(name.length + 3);
}

class NoRealtime {
  constructor() {
    throw new Error('Realtime is not used by the market scripts');
  }
}

async function reachable(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/auth/v1/health`, { signal: AbortSignal.timeout(1500) });
    return response.status < 500;
  } catch {
    return false;
  }
}

export async function openTarget(args: string[]): Promise<Target> {
  const dataDir = flag(args, 'data-dir');
  const databaseUrl = flag(args, 'database-url') ?? (dataDir ? undefined : process.env.DATABASE_URL);
  const apiUrl = flag(args, 'url') ?? process.env.SUPABASE_URL ?? 'http://127.0.0.1:54321';

  if (!dataDir && !databaseUrl && (await reachable(apiUrl))) {
    const key = process.env.SUPABASE_SERVICE_ROLE_KEY ?? localKeys.serviceRoleKey;
    const supabase = createClient(apiUrl, key, {
      auth: { persistSession: false, autoRefreshToken: false },
      // Node 20 has no WebSocket for supabase-js's realtime client, which these scripts never use.
      realtime: { transport: NoRealtime as never },
    });
    return {
      describe: `the running emulator at ${apiUrl}`,
      db: null,
      async upsert(rows) {
        const { error } = await supabase
          .from('market_listings')
          .upsert(rows, { onConflict: 'marketplace,external_id' });
        if (error) throw new Error(`upsert failed: ${error.message}`);
      },
      async deleteDemo() {
        const { error } = await supabase.from('market_listings').delete().eq('source', 'demo');
        if (error) throw new Error(`delete failed: ${error.message}`);
      },
      async refreshVocabulary() {
        const { error } = await supabase.rpc('market_refresh_vocabulary');
        if (error) throw new Error(`vocabulary refresh failed: ${error.message}`);
      },
      async mergeCells() {
        for (;;) {
          const { data, error } = await supabase.rpc('market_cells_merge');
          if (error) throw new Error(`cells merge failed: ${error.message}`);
          if (data === 0) return;
        }
      },
      close: async () => {},
    };
  }

  const db = await createDatabase({ dataDir, databaseUrl });
  await prepareDatabase(db, { supabaseDir: defaultSupabaseDir, seed: true });
  const { upsertListings, mergeCells } = await import('../emulator/seeds/data/market-data');
  return {
    describe: `the database at ${db.location}`,
    db,
    upsert: async (rows) => {
      await upsertListings(db, rows);
    },
    deleteDemo: async () => {
      await db.query(`delete from public.market_listings where source = 'demo'`);
    },
    refreshVocabulary: async () => {
      await db.query('select public.market_refresh_vocabulary()');
    },
    mergeCells: () => mergeCells(db),
    close: () => db.close(),
  };
}
