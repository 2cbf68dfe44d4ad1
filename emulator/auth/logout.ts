// POST /logout?scope=global|local|others (GoTrue api/logout.go).
import type { Hono } from 'hono';
import { validationFailed } from './errors';
import { requireUser } from './require-user';
import type { AuthService } from './service';

export function logoutRoutes(app: Hono, auth: AuthService) {
  const { db } = auth;

  app.post('/logout', async (c) => {
    const { claims, user } = await requireUser(auth, c);
    const scope = c.req.query('scope') ?? 'global';
    if (!['global', 'local', 'others'].includes(scope)) {
      throw validationFailed(`Unsupported logout scope ${JSON.stringify(scope)}`);
    }
    const sessionId = claims.session_id || null;
    if (scope === 'global' || !sessionId) {
      await db.query('delete from auth.sessions where user_id = $1', [user.id]);
    } else if (scope === 'local') {
      await db.query('delete from auth.sessions where id = $1', [sessionId]);
    } else {
      await db.query('delete from auth.sessions where user_id = $1 and id <> $2', [user.id, sessionId]);
    }
    return c.body(null, 204);
  });
}
