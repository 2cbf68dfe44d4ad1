// The local project's JWT secret and API keys. The secret is our own (not Supabase's public demo secret), fixed so
// that keys survive restarts and `npm start` can hand the same anon key to Vite every time. It signs nothing outside
// this machine: hosted projects have their own secret and keys.
import { createHmac } from 'node:crypto';
import { errors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import type { Keys } from './context';

export const LOCAL_JWT_SECRET = 'flipwise-local-emulator-hs256-secret-do-not-deploy-2026';

/** Issuer of the anon and service_role keys. */
export const KEY_ISSUER = 'flipwise-emulator';
/** 2026-01-01T00:00:00Z: a fixed iat keeps the keys byte-for-byte stable. */
const KEY_IAT = 1767225600;
/** 2099-12-31: the keys never expire during the life of the project. */
const KEY_EXP = 4102358400;

const base64url = (input: string | Buffer) => Buffer.from(input).toString('base64url');

/** Deterministic HS256 signing (sorted header, given claim order), so the keys are constants. */
function signSync(payload: Record<string, unknown>, secret: string): string {
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = base64url(JSON.stringify(payload));
  const signature = createHmac('sha256', secret).update(`${header}.${body}`).digest('base64url');
  return `${header}.${body}.${signature}`;
}

export function createKeys(jwtSecret: string = LOCAL_JWT_SECRET): Keys {
  if (jwtSecret.length < 32) throw new Error('The JWT secret must be at least 32 characters long.');
  const key = (role: string) => signSync({ iss: KEY_ISSUER, role, iat: KEY_IAT, exp: KEY_EXP }, jwtSecret);
  return { jwtSecret, anonKey: key('anon'), serviceRoleKey: key('service_role') };
}

/** The keys of the local project, for code that needs them without a running emulator (scripts, e2e). */
export const localKeys: Keys = createKeys();

/** Signs an HS256 JWT with the project secret (auth service access tokens, tests). */
export async function signJwt(
  claims: JWTPayload & Record<string, unknown>,
  options: { secret?: string; expiresIn?: number } = {},
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const payload = { iat: now, ...claims } as JWTPayload;
  const jwt = new SignJWT(payload).setProtectedHeader({ alg: 'HS256', typ: 'JWT' });
  if (claims.exp === undefined) jwt.setExpirationTime(now + (options.expiresIn ?? 3600));
  return jwt.sign(new TextEncoder().encode(options.secret ?? LOCAL_JWT_SECRET));
}

export type JwtCheck =
  | { ok: true; claims: JWTPayload & Record<string, unknown> }
  | { ok: false; reason: 'expired' | 'invalid'; message: string };

const secretKeys = new Map<string, Uint8Array>();
// Verifying a signature costs far more than a map lookup; the same few tokens arrive on every request.
const verified = new Map<string, { claims: JWTPayload & Record<string, unknown>; exp: number | undefined }>();
const MAX_CACHED = 2000;

/** Verifies an HS256 project JWT (signature and exp). Never throws. */
export async function verifyJwt(token: string, secret: string = LOCAL_JWT_SECRET): Promise<JwtCheck> {
  const cacheKey = `${secret.length}:${token}`;
  const hit = verified.get(cacheKey);
  const now = Date.now() / 1000;
  if (hit) {
    if (hit.exp === undefined || hit.exp > now) return { ok: true, claims: hit.claims };
    verified.delete(cacheKey);
    return { ok: false, reason: 'expired', message: 'JWT expired' };
  }
  let key = secretKeys.get(secret);
  if (!key) {
    key = new TextEncoder().encode(secret);
    secretKeys.set(secret, key);
  }
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
    if (verified.size >= MAX_CACHED) verified.clear();
    const claims = payload as JWTPayload & Record<string, unknown>;
    verified.set(cacheKey, { claims, exp: payload.exp });
    return { ok: true, claims };
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { ok: false, reason: 'expired', message: 'JWT expired' };
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, reason: 'invalid', message };
  }
}
