// Test scaffolding for the auth and mail sub-apps on their own: a database with just the auth schema, a real
// mailbox, and an HTTP server that real supabase-js clients can talk to. The full emulator has its own entry
// (emulator/server.ts); these helpers let tests lower limits or move the clock per instance.
import { readFileSync } from 'node:fs';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { SignJWT } from 'jose';
import { loadConfig } from '../config';
import type { Db, EmulatorContext } from '../context';
import { createDatabase } from '../db';
import { deriveSigningKey } from '../keys';
import { createMailApp } from '../mail';
import { createMailbox } from '../mail/mailbox';
import { createAuthApp } from '.';
import { TESTING_RATE_LIMIT_SCALE, type AuthStartOptions } from './settings';

const SECRET = 'test-secret-for-the-auth-service-at-least-32-chars';

/** The auth schema alone, on in-memory PGlite, or on a throwaway database when DATABASE_URL points at PostgreSQL. */
async function authOnlyDb(): Promise<Db> {
  const db = await createDatabase({
    dataDir: 'memory',
    databaseUrl: process.env.DATABASE_URL || undefined,
    throwaway: true,
  });
  await db.exec('create schema if not exists auth;');
  await db.exec(readFileSync(new URL('./schema.sql', import.meta.url), 'utf8'));
  return db;
}

/**
 * supabase-js builds its realtime client eagerly and, on Node 20, finds no WebSocket; these tests never open a channel,
 * so a transport that refuses to connect is enough.
 */
export class NoRealtime {
  constructor() {
    throw new Error('realtime is not part of the emulator');
  }
}

export type AuthTestServer = {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  ctx: EmulatorContext;
  logs: string[];
  stop(): Promise<void>;
};

/**
 * /auth/v1 and /_mail on a free port, with the repository's supabase/config.toml and per-test overrides. Rate limits
 * are config.toml's times TESTING_RATE_LIMIT_SCALE, as on startEmulator({ testing: true }), unless `rateLimitScale`
 * or explicit `rateLimits` say otherwise.
 */
export async function startAuthTestServer({
  trustedProxies = [],
  ...options
}: AuthStartOptions & { trustedProxies?: string[] } = {}): Promise<AuthTestServer> {
  // The committed local defaults, whatever SITE_URL or SMTP_HOST the shell running the tests holds.
  const config = loadConfig(undefined, {});
  const db = await authOnlyDb();
  const logs: string[] = [];
  const app = new Hono();
  let server: ServerType | undefined;
  const port = await new Promise<number>((resolve) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => resolve(info.port));
  });
  const url = `http://127.0.0.1:${port}`;
  const secret = new TextEncoder().encode(SECRET);
  const anonKey = await new SignJWT({ iss: 'supabase-demo', role: 'anon' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setExpirationTime('10y')
    .sign(secret);
  const serviceRoleKey = await new SignJWT({ iss: 'supabase-demo', role: 'service_role' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setExpirationTime('10y')
    .sign(secret);
  const ctx: EmulatorContext = {
    db,
    config,
    keys: { jwtSecret: SECRET, anonKey, serviceRoleKey, signingKey: deriveSigningKey(SECRET) },
    apiUrl: url,
    mail: createMailbox(),
    functionEnv: {},
    log: (message) => logs.push(message),
    trustedProxies,
  };
  app.route('/auth/v1', createAuthApp(ctx, { rateLimitScale: TESTING_RATE_LIMIT_SCALE, ...options }));
  app.route('/_mail', createMailApp(ctx));
  return {
    url,
    anonKey,
    serviceRoleKey,
    ctx,
    logs,
    async stop() {
      await new Promise<void>((resolve) => server!.close(() => resolve()));
      await db.close();
    },
  };
}
