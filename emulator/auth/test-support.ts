// Test scaffolding for the auth and mail sub-apps on their own: a database with just the auth schema, a real
// mailbox, and an HTTP server that real supabase-js clients can talk to. The full emulator has its own entry
// (emulator/server.ts); these helpers let tests lower limits or move the clock per instance. Each server hands out its
// own clients, mailbox and confirmed users. The second half is what the emulator/auth/*.test.ts files share: a server
// per test file (setUpSharedServer) or per describe block (setUpAuthServer), and the email links.
import { readFileSync } from 'node:fs';
import { serve, type ServerType } from '@hono/node-server';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { Hono } from 'hono';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, expect } from 'vitest';
import { loadConfig } from '../config';
import type { Db, EmulatorContext } from '../context';
import { createDatabase } from '../db';
import { deriveSigningKey } from '../keys';
import { createMailApp } from '../mail';
import { createMailbox, type MailMessage } from '../mail/mailbox';
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
  /** A fresh supabase-js client holding no session, with the anon key unless another is given. */
  client(key?: string): SupabaseClient;
  /** The mail this server sent to one address, newest first. */
  inbox(email: string): Promise<MailMessage[]>;
  /** Signs up and confirms through the emailed link; returns a client holding the confirmed session. */
  confirmedUser(
    password?: string,
    data?: Record<string, unknown>,
  ): Promise<{ sb: SupabaseClient; email: string; password: string }>;
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
  const target: AuthTestServer = {
    url,
    anonKey,
    serviceRoleKey,
    ctx,
    logs,
    client: (key = anonKey) =>
      createClient(url, key, {
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
        realtime: { transport: NoRealtime as never },
      }),
    async inbox(email) {
      const res = await fetch(`${url}/_mail/api/messages?to=${encodeURIComponent(email)}`);
      expect(res.status).toBe(200);
      return (await res.json()) as MailMessage[];
    },
    async confirmedUser(password = 'hunter22', data = {}) {
      const email = uniqueEmail('confirmed');
      const sb = target.client();
      const { error } = await sb.auth.signUp({
        email,
        password,
        options: { data, emailRedirectTo: `${SITE}/` },
      });
      expect(error).toBeNull();
      const [mail] = await target.inbox(email);
      const { params } = await follow(verifyLinkOf(mail));
      await sb.auth.setSession({ access_token: params.access_token, refresh_token: params.refresh_token });
      return { sb, email, password };
    },
    async stop() {
      await new Promise<void>((resolve) => server!.close(() => resolve()));
      await db.close();
    },
  };
  return target;
}

export const SITE = 'http://localhost:5173';

/**
 * The server a test file (or one describe block) uses: started before its tests with these settings and stopped after
 * them. The object is filled in by the beforeAll, so its fields are read inside the tests, never at load time.
 */
export function setUpAuthServer(options: Parameters<typeof startAuthTestServer>[0] = {}): AuthTestServer {
  const target = {} as AuthTestServer;
  beforeAll(async () => {
    Object.assign(target, await startAuthTestServer(options));
  });
  afterAll(async () => {
    await target.stop?.();
  });
  return target;
}

/**
 * The server a test file shares between its tests. Its clock stands still at the time the file loads until a test
 * moves it forward with advanceClock (past max_frequency, otp_expiry or the 10 s refresh token reuse interval).
 */
export function setUpSharedServer(): AuthTestServer & { advanceClock(ms: number): void } {
  let now = Date.now();
  const target = setUpAuthServer({ now: () => new Date(now), refreshTokenReuseInterval: 10 });
  return Object.assign(target, {
    advanceClock(ms: number) {
      now += ms;
    },
  });
}

let counter = 0;
export const uniqueEmail = (label: string) => `${label}-${Date.now()}-${counter++}@example.com`;

export const verifyLinkOf = (message: MailMessage) => {
  const link = message.links.find((l) => l.includes('/auth/v1/verify?'));
  if (!link) throw new Error(`no verify link in "${message.subject}"`);
  return link;
};

/** Opens an email link like a browser would and returns where the 303 lands, split into URL and fragment. */
export async function follow(link: string) {
  const res = await fetch(link, { redirect: 'manual' });
  expect(res.status).toBe(303);
  const location = res.headers.get('location')!;
  const [base, fragment = ''] = location.split('#');
  return { base, fragment, params: Object.fromEntries(new URLSearchParams(fragment)) };
}
