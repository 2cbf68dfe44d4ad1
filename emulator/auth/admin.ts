// The Admin API (service_role key): what supabase.auth.admin uses to create and remove users in tests and seeds.
// POST/GET /admin/users, GET/PUT/DELETE /admin/users/:id (GoTrue api/admin.go).
import { randomUUID } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { verifyProjectJwt } from '../keys';
import { applyEmailChange, confirmEmail, insertEmailUser, mergeMetadata } from './accounts';
import { AuthError, forbidden, unprocessable, validationFailed } from './errors';
import { isObject, readJson, text, validateEmail } from './input';
import { checkNewPassword, hashPassword } from './password';
import { iso, type AuthService } from './service';
import { parseDuration } from './settings';
import { findUserByEmail, findUserById, identitiesOf, loadUserJson, userJson, type UserRow } from './users';

export function adminRoutes(app: Hono, auth: AuthService) {
  const { ctx, db, settings, now, tc } = auth;

  async function requireAdmin(c: Context) {
    const match = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '');
    if (!match) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
    let role: unknown;
    try {
      ({ role } = await verifyProjectJwt(match[1], tc.keys, { currentDate: now() }));
    } catch {
      throw forbidden(
        'bad_jwt',
        'invalid JWT: unable to parse or verify signature, token signature is invalid',
      );
    }
    if (role !== 'service_role' && role !== 'supabase_admin')
      throw forbidden('not_admin', 'User not allowed');
  }

  const banUntil = (duration: unknown): string | null | undefined => {
    if (duration === undefined) return undefined;
    if (duration === 'none' || duration === '') return null;
    const secondsBanned = parseDuration(duration, NaN);
    if (!Number.isFinite(secondsBanned)) throw validationFailed('invalid format for ban duration');
    return iso(new Date(now().getTime() + secondsBanned * 1000));
  };

  app.post('/admin/users', async (c) => {
    await requireAdmin(c);
    const body = await readJson(c);
    if (!text(body.email)) throw validationFailed('Creating a user requires an email or phone');
    const email = validateEmail(text(body.email));
    if (await findUserByEmail(db, email)) {
      throw unprocessable('email_exists', 'A user with this email address has already been registered');
    }
    let passwordHash: string | null = null;
    if (typeof body.password === 'string' && body.password) {
      checkNewPassword(settings, body.password, 'Password is required');
      passwordHash = await hashPassword(body.password);
    }
    const id = typeof body.id === 'string' && body.id ? body.id : randomUUID();
    const identityData = { sub: id, email, email_verified: false, phone_verified: false };
    // GoTrue's adminUserCreate stores user_metadata as sent; only a confirmation adds email_verified (User.Confirm).
    const metadata = isObject(body.user_metadata) ? body.user_metadata : {};
    const ban = banUntil(body.ban_duration);
    await db.transaction(async (tx) => {
      await insertEmailUser(auth, tx, {
        id,
        email,
        passwordHash,
        metadata,
        identityData,
        appMetadata: isObject(body.app_metadata) ? body.app_metadata : {},
      });
      if (body.email_confirm === true) await confirmEmail(auth, tx, id);
      if (ban !== undefined)
        await tx.query('update auth.users set banned_until = $2 where id = $1', [id, ban]);
    });
    return c.json(await loadUserJson(db, id));
  });

  app.get('/admin/users', async (c) => {
    await requireAdmin(c);
    // GoTrue's paginate(): page and per_page are unsigned integers (strconv.ParseUint), or a 400.
    const pageParam = (name: string, fallback: number) => {
      const value = c.req.query(name);
      if (value === undefined || value === '') return fallback;
      if (!/^\d+$/.test(value)) {
        throw validationFailed(
          `Bad Pagination Parameters: strconv.ParseUint: parsing "${value}": invalid syntax`,
        );
      }
      return Number(value);
    };
    const page = Math.max(1, pageParam('page', 1));
    const perPage = Math.min(1000, Math.max(1, pageParam('per_page', 50)));
    const { rows: countRows } = await db.query<{ n: number }>('select count(*)::int as n from auth.users');
    const { rows } = await db.query<UserRow>(
      'select * from auth.users order by created_at desc limit $1 offset $2',
      [perPage, (page - 1) * perPage],
    );
    const users = await Promise.all(rows.map(async (u) => userJson(u, await identitiesOf(db, u.id))));
    c.header('X-Total-Count', String(countRows[0]?.n ?? 0));
    return c.json({ users, aud: 'authenticated' });
  });

  const adminUser = async (c: Context) => {
    await requireAdmin(c);
    const id = c.req.param('id') ?? '';
    const user = /^[0-9a-f-]{36}$/i.test(id) ? await findUserById(db, id) : undefined;
    if (!user) throw new AuthError(404, 'user_not_found', 'User not found');
    return user;
  };

  app.get('/admin/users/:id', async (c) => {
    const user = await adminUser(c);
    return c.json(userJson(user, await identitiesOf(db, user.id)));
  });

  app.put('/admin/users/:id', async (c) => {
    const user = await adminUser(c);
    const body = await readJson(c);
    let passwordHash: string | undefined;
    if (typeof body.password === 'string') {
      checkNewPassword(settings, body.password, 'Password is required');
      passwordHash = await hashPassword(body.password);
    }
    let email: string | undefined;
    if (typeof body.email === 'string' && body.email.trim().toLowerCase() !== user.email) {
      email = validateEmail(body.email);
      const taken = await findUserByEmail(db, email);
      if (taken && taken.id !== user.id) {
        throw unprocessable('email_exists', 'A user with this email address has already been registered');
      }
    }
    const ban = banUntil(body.ban_duration);
    const at = iso(now());
    await db.transaction(async (tx) => {
      if (passwordHash) {
        await tx.query('update auth.users set encrypted_password = $2, updated_at = $3 where id = $1', [
          user.id,
          passwordHash,
          at,
        ]);
      }
      if (email) await applyEmailChange(auth, tx, user.id, email);
      if (body.email_confirm === true) await confirmEmail(auth, tx, user.id);
      for (const [column, value] of [
        ['raw_user_meta_data', body.user_metadata],
        ['raw_app_meta_data', body.app_metadata],
      ] as const) {
        if (isObject(value)) await mergeMetadata(tx, user.id, column, value, at);
      }
      if (ban !== undefined) {
        await tx.query('update auth.users set banned_until = $2 where id = $1', [user.id, ban]);
        if (ban) await tx.query('delete from auth.sessions where user_id = $1', [user.id]);
      }
    });
    return c.json(await loadUserJson(db, user.id));
  });

  app.delete('/admin/users/:id', async (c) => {
    const user = await adminUser(c);
    try {
      await db.query('delete from auth.users where id = $1', [user.id]);
    } catch (err) {
      // e.g. a public table referencing auth.users without ON DELETE CASCADE.
      ctx.log(`[auth] deleting user ${user.id} failed: ${(err as Error).message}`);
      throw new AuthError(500, 'unexpected_failure', 'Database error deleting user');
    }
    return c.json({});
  });
}
