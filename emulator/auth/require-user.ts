// What the user endpoints (/logout, /user) check before anything else: GoTrue's requireAuthentication middleware
// and its audience check.
import type { Context } from 'hono';
import { forbidden, validationFailed } from './errors';
import type { AuthService } from './service';
import { verifyAccessToken, type AccessClaims } from './tokens';
import { findUserById, type UserRow } from './users';

/** The Bearer token of a user endpoint, checked like GoTrue's requireAuthentication middleware. */
export async function requireUser(
  { tc, db }: AuthService,
  c: Context,
): Promise<{ claims: AccessClaims; user: UserRow }> {
  const claims = await verifyAccessToken(tc, c.req.header('authorization'));
  const user = await findUserById(db, claims.sub).catch(() => undefined);
  if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
  if (claims.session_id) {
    const { rows } = await db.query('select 1 from auth.sessions where id = $1', [claims.session_id]);
    if (!rows.length)
      throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
  }
  return { claims, user };
}

export const checkAudience = (claims: AccessClaims) => {
  const aud = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!aud.includes('authenticated')) {
    throw validationFailed("Token audience doesn't match request audience");
  }
};
