// The local project's JWT secret, signing key and API keys. The secret is our own (not Supabase's public demo secret),
// fixed so that keys survive restarts and `npm start` can hand the same anon key to Vite every time. It signs nothing
// outside this machine: hosted projects have their own secret and keys.
//
// Like a hosted project with asymmetric JWT signing keys, user access tokens are ES256 with a `kid`, and the public
// half is published at /auth/v1/.well-known/jwks.json; the anon and service_role keys stay HS256 with the secret
// (legacy API keys), and every verifier accepts both. The ES256 key pair is derived from the secret, so it is the same
// on every start: sessions survive a restart of `npm start`, and a test's emulator with its own secret has its own key.
import { createECDH, createHmac, createPrivateKey, createPublicKey, hkdfSync } from 'node:crypto';
import { errors, jwtVerify, SignJWT, type JWK, type JWTPayload, type JWTVerifyOptions } from 'jose';
import type { Keys, SigningKey } from './context';

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

/** Order of the P-256 group: a private scalar is in [1, n - 1]. */
const P256_ORDER = BigInt('0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551');

const derive = (secret: string, info: string, length: number) =>
  Buffer.from(hkdfSync('sha256', secret, 'flipwise-emulator-signing-key', info, length));

/**
 * The ES256 key pair and its key id, derived from the secret with HKDF (48 bytes reduced mod n - 1, then + 1, so the
 * scalar is uniform enough and never 0). The key id is UUID-shaped, as hosted projects' key ids are.
 */
export function deriveSigningKey(jwtSecret: string): SigningKey {
  const scalar =
    (BigInt(`0x${derive(jwtSecret, 'ES256 private key', 48).toString('hex')}`) % (P256_ORDER - 1n)) + 1n;
  const d = Buffer.from(scalar.toString(16).padStart(64, '0'), 'hex');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(d);
  const point = ecdh.getPublicKey(); // 0x04 || x || y
  const x = point.subarray(1, 33).toString('base64url');
  const y = point.subarray(33, 65).toString('base64url');
  const privateKey = createPrivateKey({
    key: { kty: 'EC', crv: 'P-256', d: d.toString('base64url'), x, y },
    format: 'jwk',
  });
  const id = derive(jwtSecret, 'key id', 16);
  id[6] = (id[6] & 0x0f) | 0x40;
  id[8] = (id[8] & 0x3f) | 0x80;
  const hex = id.toString('hex');
  const kid = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  // GoTrue publishes the public half with use "sig" and key_ops ["verify"] (internal/conf/jwk.go).
  const publicJwk: JWK = {
    kty: 'EC',
    crv: 'P-256',
    x,
    y,
    kid,
    alg: 'ES256',
    use: 'sig',
    key_ops: ['verify'],
  };
  return { kid, privateKey, publicKey: createPublicKey(privateKey), publicJwk };
}

export function createKeys(jwtSecret: string = LOCAL_JWT_SECRET): Keys {
  if (jwtSecret.length < 32) throw new Error('The JWT secret must be at least 32 characters long.');
  const key = (role: string) => signSync({ iss: KEY_ISSUER, role, iat: KEY_IAT, exp: KEY_EXP }, jwtSecret);
  return {
    jwtSecret,
    anonKey: key('anon'),
    serviceRoleKey: key('service_role'),
    signingKey: deriveSigningKey(jwtSecret),
  };
}

/** The keys of the local project, for code that needs them without a running emulator (scripts, e2e). */
export const localKeys: Keys = createKeys();

/**
 * Signs a project JWT for tests and scripts: HS256 with the project secret (a legacy-secret token), or, given
 * `signingKey`, ES256 with its `kid` as the auth service signs access tokens.
 */
export async function signJwt(
  claims: JWTPayload & Record<string, unknown>,
  options: { secret?: string; expiresIn?: number; signingKey?: Pick<SigningKey, 'kid' | 'privateKey'> } = {},
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const payload = { iat: now, ...claims } as JWTPayload;
  const { signingKey } = options;
  const jwt = new SignJWT(payload).setProtectedHeader(
    signingKey ? { alg: 'ES256', kid: signingKey.kid, typ: 'JWT' } : { alg: 'HS256', typ: 'JWT' },
  );
  if (claims.exp === undefined) jwt.setExpirationTime(now + (options.expiresIn ?? 3600));
  return jwt.sign(
    signingKey ? signingKey.privateKey : new TextEncoder().encode(options.secret ?? LOCAL_JWT_SECRET),
  );
}

/** What verifies a project JWT: the secret (HS256: API keys, legacy tokens) and the signing key (ES256 with its kid). */
export type VerifyKeys = Pick<Keys, 'jwtSecret' | 'signingKey'>;

const secretKeys = new Map<string, Uint8Array>();
function secretKey(secret: string): Uint8Array {
  let key = secretKeys.get(secret);
  if (!key) {
    key = new TextEncoder().encode(secret);
    secretKeys.set(secret, key);
  }
  return key;
}

/** Raised for an ES256 token whose kid is not the project's key (GoTrue: "invalid kid"). */
class UnknownKeyId extends errors.JWSSignatureVerificationFailed {}

/**
 * Verifies a project JWT the way GoTrue and PostgREST do with an asymmetric key configured: ES256 with the project's
 * kid against the public key, anything HS256 against the secret, any other alg refused. Throws jose's errors.
 */
export async function verifyProjectJwt(
  token: string,
  keys: VerifyKeys,
  options: Pick<JWTVerifyOptions, 'currentDate'> = {},
): Promise<JWTPayload & Record<string, unknown>> {
  const { payload } = await jwtVerify(
    token,
    (header) => {
      if (header.alg === 'ES256') {
        if (header.kid !== keys.signingKey.kid) throw new UnknownKeyId();
        return keys.signingKey.publicKey;
      }
      return secretKey(keys.jwtSecret);
    },
    { algorithms: ['HS256', 'ES256'], ...options },
  );
  return payload as JWTPayload & Record<string, unknown>;
}

export type JwtCheck =
  | { ok: true; claims: JWTPayload & Record<string, unknown> }
  | { ok: false; reason: 'expired' | 'invalid'; message: string };

// Verifying a signature costs far more than a map lookup; the same few tokens arrive on every request.
const verified = new Map<string, { claims: JWTPayload & Record<string, unknown>; exp: number | undefined }>();
const MAX_CACHED = 2000;

/** Verifies a project JWT (HS256 or the project's ES256 key; signature and exp). Never throws. */
export async function verifyJwt(token: string, keys: VerifyKeys = localKeys): Promise<JwtCheck> {
  // The kid is derived from the secret, so it names the key set.
  const cacheKey = `${keys.signingKey.kid}:${token}`;
  const hit = verified.get(cacheKey);
  const now = Date.now() / 1000;
  if (hit) {
    if (hit.exp === undefined || hit.exp > now) return { ok: true, claims: hit.claims };
    verified.delete(cacheKey);
    return { ok: false, reason: 'expired', message: 'JWT expired' };
  }
  try {
    const claims = await verifyProjectJwt(token, keys);
    if (verified.size >= MAX_CACHED) verified.clear();
    verified.set(cacheKey, { claims, exp: claims.exp });
    return { ok: true, claims };
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { ok: false, reason: 'expired', message: 'JWT expired' };
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, reason: 'invalid', message };
  }
}
