// POST /token: the password grant and the refresh_token grant (GoTrue api/token.go).
import type { Hono } from 'hono';
import { markSignIn } from './accounts';
import { AuthError, badRequest, OAuthError } from './errors';
import { readJson, text } from './input';
import { passwordMatches, passwordMatchesNobody, passwordWeakness } from './password';
import type { AuthService } from './service';
import { issueSession, refreshTokenGrant } from './tokens';
import { findUserByEmail, findUserById, isBanned } from './users';

export function tokenRoutes(app: Hono, auth: AuthService) {
  const { db, settings, now, tc, limiters, limit, requestInfo } = auth;

  app.post('/token', async (c) => {
    const grantType = c.req.query('grant_type');
    limit(c, limiters.tokenRefresh);
    const body = await readJson(c);
    if (grantType === 'password') {
      const email = text(body.email).trim().toLowerCase();
      const password = text(body.password);
      const invalid = () => badRequest('invalid_credentials', 'Invalid login credentials');
      const user = email ? await findUserByEmail(db, email) : undefined;
      if (!user || !user.encrypted_password) {
        await passwordMatchesNobody(password);
        throw invalid();
      }
      if (isBanned(user, now())) throw badRequest('user_banned', 'User is banned');
      if (!(await passwordMatches(password, user.encrypted_password))) throw invalid();
      // Only after the password matched, so a wrong password never reveals that an account awaits confirmation.
      if (!user.email_confirmed_at) throw badRequest('email_not_confirmed', 'Email not confirmed');
      const session = await db.transaction(async (tx) => {
        await markSignIn(auth, tx, user.id);
        return issueSession(tc, tx, user, 'password', requestInfo(c));
      });
      const weak = passwordWeakness(settings, password);
      return c.json(weak ? { ...session, weak_password: weak } : session);
    }
    if (grantType === 'refresh_token') {
      const presented = text(body.refresh_token);
      if (!presented) throw new OAuthError('invalid_request', 'refresh_token required');
      const outcome = await db.transaction((tx) =>
        refreshTokenGrant(
          tc,
          tx,
          presented,
          (u) => isBanned(u, now()),
          (id) => findUserById(tx, id),
        ),
      );
      // A detected reuse is committed (the family is revoked) and then answered as an error.
      if (outcome instanceof AuthError) throw outcome;
      return c.json(outcome);
    }
    throw badRequest('invalid_credentials', 'unsupported_grant_type');
  });
}
