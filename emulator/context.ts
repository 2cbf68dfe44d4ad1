// What every emulator service (auth, rest, functions, mail) is handed. Built once by emulator/server.ts.
import type { KeyObject } from 'node:crypto';
import type { JWK } from 'jose';
import type { TrustedProxies } from './client-address';
import type { Mailbox } from './mail/mailbox';

export type QueryResult<T> = {
  rows: T[];
  affectedRows?: number;
  fields?: { name: string; dataTypeID: number }[];
};

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  /** Runs several statements without parameters (migrations, bootstrap SQL). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  kind: 'pglite' | 'postgres';
  /** One transaction; rolled back if fn throws. Callers SET LOCAL role and claims inside it. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The ES256 key that signs user access tokens; its public half is served at /auth/v1/.well-known/jwks.json. */
export type SigningKey = { kid: string; privateKey: KeyObject; publicKey: KeyObject; publicJwk: JWK };

export type Keys = { jwtSecret: string; anonKey: string; serviceRoleKey: string; signingKey: SigningKey };

export type EmulatorContext = {
  db: Db;
  /** supabase/config.toml, parsed. */
  config: Record<string, unknown>;
  keys: Keys;
  /** Public base URL, e.g. http://127.0.0.1:54321 */
  apiUrl: string;
  mail: Mailbox;
  /** Environment handed to edge functions (supabase/functions/.env, options, /_emulator overrides). */
  functionEnv: Record<string, string>;
  /**
   * Test overrides over functionEnv for one function (`function:<name>`) or for the calls of one signed-in user
   * (`user:<id>`), so specs that run side by side do not see each other's (POST /_emulator/function-env?user=<id>).
   */
  scopedFunctionEnv?: Map<string, Record<string, string | null>>;
  log: (message: string) => void;
  /** Proxies whose X-Forwarded-For names the client (EMULATOR_TRUSTED_PROXIES); empty: the socket peer is the client. */
  trustedProxies: TrustedProxies;
};
