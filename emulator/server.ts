// Starts the docker-free local Supabase. This is the entry used by `npm start`, the integration tests and the
// end-to-end harness. (Skeleton: the services are mounted by emulator/app.ts as they are built.)
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

export type StartOptions = {
  /** 0 picks a free port. Default 54321. */
  port?: number;
  host?: string;
  /** 'memory' for tests; a folder for persistence (default .data/db); ignored when databaseUrl is set. */
  dataDir?: string;
  /** A real PostgreSQL server instead of PGlite. Defaults to process.env.DATABASE_URL. */
  databaseUrl?: string;
  /** Run supabase/seed.sql on a fresh database (default true). */
  seed?: boolean;
  /** Extra environment for edge functions, over supabase/functions/.env. */
  functionEnv?: Record<string, string>;
  /** Enables the /_emulator test routes (function env overrides). */
  testing?: boolean;
  log?: boolean;
};

export type RunningEmulator = {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
  stop(): Promise<void>;
};

export async function startEmulator(options: StartOptions = {}): Promise<RunningEmulator> {
  const app = new Hono();
  const host = options.host ?? '127.0.0.1';
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: options.port ?? 54321, hostname: host }, () => resolve(s));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    url: `http://${host}:${port}`,
    anonKey: 'skeleton-anon-key-until-the-emulator-lands',
    serviceRoleKey: 'skeleton-service-role-key',
    jwtSecret: 'skeleton',
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
