// Sessions, refresh tokens and access tokens (GoTrue tokens/service.go, models/sessions.go, models/refresh_token.go).
import { randomInt, randomUUID } from 'node:crypto';
import { errors as joseErrors, SignJWT, type JWTPayload } from 'jose';
import type { Keys, Queryable } from '../context';
import { verifyProjectJwt } from '../keys';
import { AuthError, badRequest, forbidden } from './errors';
import type { AuthSettings } from './settings';
import { loadUserJson, type UserJson, type UserRow } from './users';

export type AmrEntry = { method: string; timestamp: number };

export type AccessClaims = JWTPayload & {
  sub: string;
  email: string;
  phone: string;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  role: string;
  aal: string;
  amr: AmrEntry[];
  session_id: string;
  is_anonymous: boolean;
};

export type SessionResponse = {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: UserJson;
  weak_password?: { message: string; reasons: string[] };
};

export type TokenContext = {
  settings: AuthSettings;
  /** Access tokens are signed ES256 with keys.signingKey; HS256 tokens made with keys.jwtSecret are accepted too. */
  keys: Keys;
  issuer: string;
  now: () => Date;
};

const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** Opaque refresh tokens: 12 random alphanumerics, the format of GoTrue's v1 refresh tokens. */
export function newRefreshToken(): string {
  let out = '';
  for (let i = 0; i < 12; i++) out += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return out;
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

async function amrOf(db: Queryable, sessionId: string): Promise<AmrEntry[]> {
  const { rows } = await db.query<{ authentication_method: string; created_at: Date }>(
    'select authentication_method, created_at from auth.mfa_amr_claims where session_id = $1 order by created_at desc',
    [sessionId],
  );
  return rows.map((r) => ({ method: r.authentication_method, timestamp: seconds(new Date(r.created_at)) }));
}

export async function signAccessToken(
  tc: TokenContext,
  db: Queryable,
  user: UserJson,
  sessionId: string,
): Promise<{ token: string; expiresAt: number }> {
  const iat = seconds(tc.now());
  const exp = iat + tc.settings.jwtExpiry;
  const claims = {
    iss: tc.issuer,
    sub: user.id,
    aud: user.aud,
    exp,
    iat,
    email: user.email,
    phone: user.phone,
    app_metadata: user.app_metadata,
    user_metadata: user.user_metadata,
    role: user.role,
    aal: 'aal1',
    amr: await amrOf(db, sessionId),
    session_id: sessionId,
    is_anonymous: user.is_anonymous,
  };
  // As GoTrue with an asymmetric signing key: the key's alg, and its kid in the header (tokens/service.go).
  const { kid, privateKey } = tc.keys.signingKey;
  const token = await new SignJWT(claims)
    .setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' })
    .sign(privateKey);
  return { token, expiresAt: exp };
}

async function sessionResponse(
  tc: TokenContext,
  db: Queryable,
  userId: string,
  sessionId: string,
  refreshToken: string,
): Promise<SessionResponse> {
  const user = await loadUserJson(db, userId);
  const { token, expiresAt } = await signAccessToken(tc, db, user, sessionId);
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: tc.settings.jwtExpiry,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user,
  };
}

async function insertRefreshToken(
  db: Queryable,
  userId: string,
  sessionId: string,
  parent: string | null,
  now: Date,
): Promise<string> {
  const token = newRefreshToken();
  await db.query(
    `insert into auth.refresh_tokens (token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ($1, $2, false, $3, $3, $4, $5)`,
    [token, userId, now.toISOString(), parent, sessionId],
  );
  return token;
}

/** A new session for a user who just proved who they are (password, email link, ...). */
export async function issueSession(
  tc: TokenContext,
  db: Queryable,
  user: UserRow,
  method: string,
  request: { userAgent?: string; ip?: string },
): Promise<SessionResponse> {
  const now = tc.now();
  const sessionId = randomUUID();
  await db.query(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip)
     values ($1, $2, $3, $3, 'aal1', $4, $5)`,
    [sessionId, user.id, now.toISOString(), request.userAgent ?? null, request.ip ?? null],
  );
  await db.query(
    `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
     values ($1, $2, $3, $3, $4)`,
    [randomUUID(), sessionId, now.toISOString(), method],
  );
  const refreshToken = await insertRefreshToken(db, user.id, sessionId, null, now);
  return sessionResponse(tc, db, user.id, sessionId, refreshToken);
}

type RefreshRow = {
  id: string;
  token: string;
  user_id: string;
  revoked: boolean;
  updated_at: Date;
  parent: string | null;
  session_id: string | null;
};

/**
 * grant_type=refresh_token with GoTrue's rotation rules: a revoked token that is the parent of the session's active
 * token gets that active token back (the client lost the last answer); a token revoked less than the reuse interval
 * ago gets a new child; any later reuse is treated as theft and ends the whole session.
 */
export async function refreshTokenGrant(
  tc: TokenContext,
  db: Queryable,
  presented: string,
  isBanned: (user: UserRow) => boolean,
  findUser: (id: string) => Promise<UserRow | undefined>,
): Promise<SessionResponse | AuthError> {
  const now = tc.now();
  const { rows } = await db.query<RefreshRow>(
    `select id::text as id, token, user_id, revoked, updated_at, parent, session_id
       from auth.refresh_tokens where token = $1 for update`,
    [presented],
  );
  const token = rows[0];
  if (!token) throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  const user = await findUser(token.user_id);
  if (!user) throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  if (isBanned(user)) throw badRequest('user_banned', 'Invalid Refresh Token: User Banned');
  const session = token.session_id
    ? (
        await db.query<{ id: string; not_after: Date | null }>(
          'select id, not_after from auth.sessions where id = $1 for update',
          [token.session_id],
        )
      ).rows[0]
    : undefined;
  if (!session) throw badRequest('session_not_found', 'Invalid Refresh Token: No Valid Session Found');
  if (session.not_after && new Date(session.not_after).getTime() <= now.getTime()) {
    throw badRequest('session_expired', 'Invalid Refresh Token: Session Expired');
  }

  let issued: string | undefined;
  if (token.revoked) {
    const active = (
      await db.query<{ token: string; parent: string | null }>(
        `select token, parent from auth.refresh_tokens
          where session_id = $1 and revoked = false order by id desc limit 1`,
        [session.id],
      )
    ).rows[0];
    if (active && active.parent === token.token) {
      issued = active.token;
    } else {
      const reuseUntil = new Date(token.updated_at).getTime() + tc.settings.refreshTokenReuseInterval * 1000;
      if (now.getTime() > reuseUntil) {
        if (tc.settings.refreshTokenRotation) await revokeFamily(db, session.id);
        // Returned, not thrown: the revocation must be committed before the client hears about it.
        return badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used');
      }
    }
  }
  if (!issued) {
    await db.query('update auth.refresh_tokens set revoked = true, updated_at = $2 where token = $1', [
      token.token,
      now.toISOString(),
    ]);
    issued = await insertRefreshToken(db, user.id, session.id, token.token, now);
  }
  await db.query('update auth.sessions set updated_at = $2, refreshed_at = $3 where id = $1', [
    session.id,
    now.toISOString(),
    now.toISOString().replace('Z', ''),
  ]);
  return sessionResponse(tc, db, user.id, session.id, issued);
}

/**
 * Reuse of an old refresh token means it leaked. GoTrue marks every token of the session revoked; we also delete the
 * session, so no token of the family can be exchanged again (GoTrue briefly lets the just-revoked active token through
 * its reuse window) and the session's access tokens fail at /user with session_not_found.
 */
async function revokeFamily(db: Queryable, sessionId: string): Promise<void> {
  await db.query('update auth.refresh_tokens set revoked = true where session_id = $1', [sessionId]);
  await db.query('delete from auth.sessions where id = $1', [sessionId]);
}

const BAD_JWT = 'invalid JWT: unable to parse or verify signature, ';

/** Verifies a bearer token the way GoTrue's auth middleware does; throws the matching 401/403. */
export async function verifyAccessToken(
  tc: TokenContext,
  authorization: string | undefined,
): Promise<AccessClaims> {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  if (!match) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  let payload: JWTPayload;
  try {
    payload = await verifyProjectJwt(match[1], tc.keys, { currentDate: tc.now() });
  } catch (err) {
    const reason =
      err instanceof joseErrors.JWTExpired
        ? 'token has invalid claims: token is expired'
        : err instanceof joseErrors.JWTClaimValidationFailed
          ? `token has invalid claims: ${err.message}`
          : 'token signature is invalid';
    throw forbidden('bad_jwt', BAD_JWT + reason);
  }
  if (!payload.sub) throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
  return payload as AccessClaims;
}
