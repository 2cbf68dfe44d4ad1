// Starts the docker-free local Supabase: database (PGlite or PostgreSQL), then /rest/v1, /auth/v1, /functions/v1
// and the /_mail inbox on one port. The entry used by `npm start`, `npm run emulator`, integration tests and the
// end-to-end harness.
import { existsSync, readdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { serve, type ServerType } from '@hono/node-server';
import { createApp } from './app';
import { checkRateLimitScale, DEVELOPMENT_RATE_LIMIT_SCALE, TESTING_RATE_LIMIT_SCALE } from './auth/settings';
import { defaultSupabaseDir, loadConfig, projectRoot, readDotenv } from './config';
import type { EmulatorContext } from './context';
import { createDatabase, type Database } from './db';
import { prepareDatabase } from './db/migrate';
import { loadSnapshot, preparedTemplate, saveSnapshot, snapshotKey } from './db/snapshot';
import { trustedProxiesFromEnv } from './client-address';
import { createKeys } from './keys';
import { oneAtATime } from './jobs';
import { createMailbox } from './mail/mailbox';
import { LOCAL_MAIL_API_KEY } from './mail/send-api';
import { deliverBySmtp, smtpFromConfig, smtpFromEnv } from './mail/smtp';
import { reloadSchemaCaches } from './rest';

export type StartOptions = {
  /** 0 picks a free port. Default 54321. */
  port?: number;
  host?: string;
  /** 'memory' for tests; a folder for persistence (default .data/db). With databaseUrl, 'memory' means a throwaway
   * database on that server (created now, dropped on stop) and anything else means the given database itself. */
  dataDir?: string;
  /** A real PostgreSQL server instead of PGlite. Defaults to process.env.DATABASE_URL. */
  databaseUrl?: string;
  /** With a real server: how many connections the emulator may hold at once (default 10). */
  dbPoolSize?: number;
  /** Run supabase/seed.sql on a fresh database (default true). */
  seed?: boolean;
  /** Run emulator/seeds/*.ts on a fresh database (default: only for the repository's project on a persistent database). */
  seedScripts?: boolean;
  /** Runs once after seed.sql (and the seed scripts) on a fresh database. */
  afterFreshSeed?: (ctx: EmulatorContext) => Promise<void>;
  /** Extra environment for edge functions, over supabase/functions/.env. */
  functionEnv?: Record<string, string>;
  /** An instance for tests: enables the /_emulator routes (function env overrides) and multiplies the auth rate limits
   * by TESTING_RATE_LIMIT_SCALE (20), whatever AUTH_RATE_LIMIT_SCALE says, so test runs do not depend on the shell. */
  testing?: boolean;
  /** A developer's own instance (npm start, npm run emulator): auth rate limits times DEVELOPMENT_RATE_LIMIT_SCALE
   * (10) unless AUTH_RATE_LIMIT_SCALE is set. */
  development?: boolean;
  /** Multiplies every [auth.rate_limit] number from config.toml; wins over `testing`, `development` and
   * AUTH_RATE_LIMIT_SCALE. 1 = exactly the configured (hosted) limits. */
  authRateLimitScale?: number;
  /** Print what the emulator does (emails, migrations, function errors). Default true. */
  log?: boolean | ((message: string) => void);
  /** Values for config.toml's env(NAME) references, over the environment and supabase/.env(.local): `npm start` gives
   * SITE_URL and SITE_ALIAS_URL for the port its site is on. */
  configEnv?: Record<string, string>;
  /** The supabase/ folder (config.toml, migrations, seed.sql, functions). Default: the repository's. */
  supabaseDir?: string;
  /** Where edge functions live. Default <supabaseDir>/functions (tests pass a fixture folder). */
  functionsDir?: string;
  /** Wall-clock limit of one function invocation in ms (default 150 000). */
  functionTimeoutMs?: number;
  /** Reload edge functions when their files change (npm start, npm run emulator; needs tsx). Default false. */
  watchFunctions?: boolean;
  /** Signs the anon, service_role and user JWTs. Default: the fixed local secret (emulator/keys.ts). */
  jwtSecret?: string;
  /**
   * Proxies (addresses or IPv4 CIDR ranges) whose X-Forwarded-For is believed. Default: EMULATOR_TRUSTED_PROXIES, else
   * none, so the client is always the socket peer and forwarding headers sent by callers are ignored.
   */
  trustedProxies?: string[];
  /** How often the listing writes noted go into the exact cells (public.market_cells_merge, decision 091), in ms.
   * Default 1000 on a persistent database; 0 never (the bench merges on pg_cron's schedule itself). In-memory test
   * databases merge when a test asks. */
  cellsMergeEveryMs?: number;
};

export type RunningEmulator = {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
  /** The local inbox, e.g. http://127.0.0.1:54321/_mail */
  mailboxUrl: string;
  /** True when this start created the database (bootstrap, migrations and seed all ran). */
  fresh: boolean;
  /** What [auth.rate_limit] from config.toml is multiplied by on this instance (see authRateLimitScale()). */
  authRateLimitScale: number;
  ctx: EmulatorContext;
  /** The database, as the postgres superuser (bypasses RLS): for test setup only. */
  db: Database;
  /** Makes /rest/v1 read the catalogue again (after DDL run through `db`), like NOTIFY pgrst, 'reload schema'. */
  reloadSchema(): Promise<void>;
  stop(): Promise<void>;
};

export const seedsDir = path.join(projectRoot, 'emulator', 'seeds');

/** A seed script (emulator/seeds/*.ts) runs once on a fresh database, after supabase/seed.sql. */
export type SeedScript = (ctx: EmulatorContext) => Promise<void>;

async function runSeedScripts(ctx: EmulatorContext) {
  if (!existsSync(seedsDir)) return;
  const files = readdirSync(seedsDir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.d.ts'))
    .sort();
  for (const file of files) {
    const mod = (await import(pathToFileURL(path.join(seedsDir, file)).href)) as { default?: SeedScript };
    if (typeof mod.default !== 'function')
      throw new Error(`emulator/seeds/${file} must export a default async function`);
    const started = Date.now();
    await mod.default(ctx);
    ctx.log(`seeded emulator/seeds/${file} in ${Date.now() - started} ms`);
  }
}

/**
 * How much this instance multiplies config.toml's [auth.rate_limit] by. config.toml holds the hosted project's limits
 * (`supabase config push`); tests and one developer at 127.0.0.1 use up a per-IP bucket far sooner than real visitors.
 * Order: the option; 20 for `testing`; AUTH_RATE_LIMIT_SCALE; 10 for `development`; else 1 (as configured).
 */
export function authRateLimitScale(
  options: Pick<StartOptions, 'authRateLimitScale' | 'testing' | 'development'>,
  env: NodeJS.ProcessEnv = process.env,
): number {
  if (options.authRateLimitScale !== undefined)
    return checkRateLimitScale(options.authRateLimitScale, 'authRateLimitScale');
  if (options.testing) return TESTING_RATE_LIMIT_SCALE;
  const fromEnv = env.AUTH_RATE_LIMIT_SCALE;
  if (fromEnv !== undefined && fromEnv.trim()) return checkRateLimitScale(fromEnv, 'AUTH_RATE_LIMIT_SCALE');
  return options.development ? DEVELOPMENT_RATE_LIMIT_SCALE : 1;
}

type Fetch = (req: Request, env?: unknown) => Response | Promise<Response>;

function listen(fetch: Fetch, port: number, host: string): Promise<ServerType> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch, port, hostname: host }, () => resolve(server));
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`Port ${port} on ${host} is already in use: is another emulator (npm start) running?`)
          : error,
      );
    });
  });
}

export async function startEmulator(options: StartOptions = {}): Promise<RunningEmulator> {
  const log =
    typeof options.log === 'function'
      ? options.log
      : options.log === false
        ? () => {}
        : (message: string) => console.log(`[emulator] ${message}`);
  const supabaseDir = options.supabaseDir ?? defaultSupabaseDir;
  const functionsDir = options.functionsDir ?? path.join(supabaseDir, 'functions');
  const config = loadConfig(supabaseDir, { ...process.env, ...options.configEnv });
  const keys = createKeys(options.jwtSecret ?? process.env.EMULATOR_JWT_SECRET);
  const databaseUrl = options.databaseUrl ?? (process.env.DATABASE_URL || undefined);
  const memory = options.dataDir === 'memory';
  let releaseTimer: ReturnType<typeof setInterval> | undefined;
  let rollTimer: ReturnType<typeof setInterval> | undefined;
  let mergeTimer: ReturnType<typeof setInterval> | undefined;
  const rateLimitScale = authRateLimitScale(options);
  const trustedProxies = options.trustedProxies
    ? trustedProxiesFromEnv(options.trustedProxies.join(','))
    : trustedProxiesFromEnv(process.env.EMULATOR_TRUSTED_PROXIES);

  const snapshot = memory && !databaseUrl ? snapshotKey(supabaseDir, options.seed !== false) : undefined;
  const db = await createDatabase({
    dataDir: options.dataDir,
    databaseUrl,
    throwaway: memory,
    snapshot: snapshot ? await loadSnapshot(snapshot) : undefined,
    poolSize: options.dbPoolSize,
    // A throwaway database on a server is a copy of one migrated and seeded once, as PGlite's start from a snapshot.
    template: preparedTemplate(supabaseDir, options.seed !== false),
  });
  let server: ServerType | undefined;
  try {
    const prepared = await prepareDatabase(db, { supabaseDir, seed: options.seed, log });
    // A memory database is new to this run even when it started from a snapshot.
    const fresh = memory || prepared.fresh;
    if (snapshot && prepared.fresh && db.dump) await saveSnapshot(snapshot, await db.dump()).catch(() => {});

    // Listen before the context exists: the URL (with the port picked by the OS) is part of it.
    const mounted: { app?: { fetch: Fetch } } = {};
    const host = options.host ?? '127.0.0.1';
    server = await listen(
      // env carries Node's request (client IP for the auth service's rate limits).
      (req, env) => (mounted.app ? mounted.app.fetch(req, env) : new Response('Starting', { status: 503 })),
      options.port ?? 54321,
      host,
    );
    const port = (server.address() as AddressInfo).port;
    const url = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;

    // Edge functions' environment: ours, then supabase/functions/.env, then the caller's, then test overrides.
    const baseEnv: Record<string, string> = {
      SUPABASE_URL: url,
      SUPABASE_ANON_KEY: keys.anonKey,
      SUPABASE_SERVICE_ROLE_KEY: keys.serviceRoleKey,
      ...(db.url ? { SUPABASE_DB_URL: db.url } : {}),
      // Functions send email through the mail API; locally that is the inbox at /_mail (emulator/mail/send-api.ts).
      MAIL_API_URL: `${url}/_mail/api/send`,
      MAIL_API_KEY: LOCAL_MAIL_API_KEY,
      ...readDotenv(path.join(functionsDir, '.env')),
      ...options.functionEnv,
    };
    const functionEnv: Record<string, string> = { ...baseEnv };
    let overrides: Record<string, string | null> = {};
    const applyOverrides = () => {
      for (const key of Object.keys(functionEnv)) delete functionEnv[key];
      Object.assign(functionEnv, baseEnv);
      for (const [key, value] of Object.entries(overrides)) {
        if (value === null) delete functionEnv[key];
        else functionEnv[key] = value;
      }
    };

    const smtp = smtpFromEnv() ?? smtpFromConfig(config);
    const mail = createMailbox(
      smtp
        ? (message) =>
            deliverBySmtp(smtp, message).catch((error: Error) =>
              log(`[mail] SMTP delivery failed: ${error.message}`),
            )
        : undefined,
    );
    const ctx: EmulatorContext = { db, config, keys, apiUrl: url, mail, functionEnv, log, trustedProxies };

    if (fresh && options.seed !== false) {
      // Seed scripts belong to this repository's project: not to in-memory test databases, nor to fixture projects.
      if (options.seedScripts ?? (!memory && supabaseDir === defaultSupabaseDir)) await runSeedScripts(ctx);
      await options.afterFreshSeed?.(ctx);
    }

    // The seller panel's weekly release (supabase/schemas/55_panel_release.sql; pg_cron on a hosted project): due
    // weeks are released at start and checked every hour. In-memory test databases run it when a test asks.
    if (!memory) {
      const release = () =>
        db
          .query('select public.panel_release_run()')
          .catch((error: Error) => log(`[panel] release failed: ${error.message}`));
      // The exact cells' upkeep (45_market_cells.sql; pg_cron on a hosted project): the lexicon's words and the words
      // users search, then listings signed again, a short transaction a batch, for at most 30 seconds.
      const upkeep = async () => {
        try {
          await db.query('select private.market_cells_words_update()');
          const until = Date.now() + 30_000;
          while (Date.now() < until) {
            const { rows } = await db.query<{ n: number }>('select private.market_cells_resign(5000) as n');
            if (rows[0].n === 0) break;
          }
        } catch (error) {
          log(`[cells] upkeep failed: ${(error as Error).message}`);
        }
      };
      // The sold cells' windows move on after midnight (UTC): checked at start and every minute, a no-op most of them.
      const roll = oneAtATime(() =>
        db
          .query('select private.market_sold_roll()')
          .catch((error: Error) => log(`[cells] sold roll failed: ${error.message}`)),
      );
      await release();
      await upkeep();
      await roll();
      // Each job runs one at a time, as pg_cron's do (emulator/jobs.ts).
      const hourly = oneAtATime(() => release().then(upkeep));
      releaseTimer = setInterval(() => void hourly(), 60 * 60 * 1000);
      releaseTimer.unref();
      rollTimer = setInterval(() => void roll(), 60 * 1000);
      rollTimer.unref();
      // The writes noted since the last merge go into the cells (decision 091; pg_cron every two seconds on a hosted
      // project): every second, one merge at a time, a no-op when none is waiting. In-memory test databases merge when
      // a test asks (public.market_cells_merge).
      const merge = oneAtATime(() =>
        db
          .query('select public.market_cells_merge()')
          .catch((error: Error) => log(`[cells] merge failed: ${error.message}`)),
      );
      const every = options.cellsMergeEveryMs ?? 1000;
      if (every > 0) mergeTimer = setInterval(() => void merge(), every);
      mergeTimer?.unref();
    }

    const watcher = new AbortController();
    mounted.app = createApp(ctx, {
      functionsDir,
      functionTimeoutMs: options.functionTimeoutMs,
      watchFunctions: options.watchFunctions,
      signal: watcher.signal,
      testing: options.testing,
      auth: { rateLimitScale },
      setFunctionEnvOverrides: (next, scope) => {
        if (scope) {
          const scoped = (ctx.scopedFunctionEnv ??= new Map());
          if (next === undefined) scoped.delete(scope);
          else scoped.set(scope, { ...scoped.get(scope), ...next });
          return;
        }
        overrides = next === undefined ? {} : { ...overrides, ...next };
        applyOverrides();
      },
    });

    const running = server;
    return {
      url,
      anonKey: keys.anonKey,
      serviceRoleKey: keys.serviceRoleKey,
      jwtSecret: keys.jwtSecret,
      mailboxUrl: `${url}/_mail`,
      fresh,
      authRateLimitScale: rateLimitScale,
      ctx,
      db,
      reloadSchema: () => reloadSchemaCaches(ctx),
      async stop() {
        watcher.abort();
        if (releaseTimer) clearInterval(releaseTimer);
        if (rollTimer) clearInterval(rollTimer);
        if (mergeTimer) clearInterval(mergeTimer);
        await new Promise<void>((resolve) => {
          running.close(() => resolve());
          // Keep-alive connections (supabase-js, browsers) would hold close() open.
          if ('closeAllConnections' in running) running.closeAllConnections();
        });
        await db.close();
      },
    };
  } catch (error) {
    server?.close();
    await db.close().catch(() => {});
    throw error;
  }
}
