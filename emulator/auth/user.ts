// GET /user and PUT /user: the signed-in user, and changes to its metadata, password and email (GoTrue api/user.go).
import type { Hono } from 'hono';
import { applyEmailChange, mergeMetadata } from './accounts';
import { createCurrentAddressToken, createOneTimeToken, sendLinkEmail } from './email-links';
import { badRequest, forbidden, unprocessable } from './errors';
import { isObject, readJson, validateEmail } from './input';
import { sendAuthMail } from './mailer';
import { checkNewPassword, hashPassword, passwordMatches } from './password';
import { referrer } from './redirect';
import { checkAudience, requireUser } from './require-user';
import { iso, type AuthService } from './service';
import { findUserByEmail, identitiesOf, loadUserJson, userJson } from './users';

export function userRoutes(app: Hono, auth: AuthService) {
  const { ctx, db, settings, now, limiters, limit, takeEmailQuota, checkFrequency } = auth;

  app.get('/user', async (c) => {
    const { claims, user } = await requireUser(auth, c);
    checkAudience(claims);
    return c.json(userJson(user, await identitiesOf(db, user.id)));
  });

  app.put('/user', async (c) => {
    limit(c, limiters.signInSignUps);
    const { claims, user } = await requireUser(auth, c);
    checkAudience(claims);
    const body = await readJson(c);
    if (body.app_metadata !== undefined) {
      throw forbidden('not_admin', 'Updating app_metadata requires admin privileges');
    }
    let passwordHash: string | undefined;
    if (typeof body.password === 'string') {
      checkNewPassword(settings, body.password, 'Password update requires a valid password');
      if (await passwordMatches(body.password, user.encrypted_password)) {
        throw unprocessable('same_password', 'New password should be different from the old password.');
      }
      if (settings.securePasswordChange && claims.session_id) {
        const { rows } = await db.query<{ created_at: Date }>(
          'select created_at from auth.sessions where id = $1',
          [claims.session_id],
        );
        const age = rows[0] ? now().getTime() - new Date(rows[0].created_at).getTime() : 0;
        if (age > 24 * 3600 * 1000)
          throw badRequest('reauthentication_needed', 'Password update requires reauthentication');
      }
      passwordHash = await hashPassword(body.password);
    }
    let newEmail: string | undefined;
    if (typeof body.email === 'string' && body.email.trim().toLowerCase() !== (user.email ?? '')) {
      newEmail = validateEmail(body.email);
      const taken = await findUserByEmail(db, newEmail);
      if (taken && taken.id !== user.id) {
        throw unprocessable('email_exists', 'A user with this email address has already been registered');
      }
      if (!settings.mailerAutoconfirm) {
        checkFrequency(user.email_change_sent_at);
        takeEmailQuota();
      }
    }
    const redirectTo = referrer(c, settings);
    const at = iso(now());
    const token = await db.transaction(async (tx) => {
      if (isObject(body.data)) await mergeMetadata(tx, user.id, 'raw_user_meta_data', body.data, at);
      if (passwordHash) {
        await tx.query('update auth.users set encrypted_password = $2, updated_at = $3 where id = $1', [
          user.id,
          passwordHash,
          at,
        ]);
        // A new password signs out every other device.
        if (claims.session_id) {
          await tx.query('delete from auth.sessions where user_id = $1 and id <> $2', [
            user.id,
            claims.session_id,
          ]);
        } else {
          await tx.query('delete from auth.sessions where user_id = $1', [user.id]);
        }
      }
      if (newEmail) {
        if (settings.mailerAutoconfirm) {
          await applyEmailChange(auth, tx, user.id, newEmail);
          return undefined;
        }
        const toNew = await createOneTimeToken(auth, tx, user, 'email_change', newEmail);
        // double_confirm_changes: the current address must agree too; the change waits for both links.
        const toCurrent =
          settings.doubleConfirmChanges && user.email
            ? await createCurrentAddressToken(auth, tx, user)
            : undefined;
        return { toNew, toCurrent };
      }
      return undefined;
    });
    if (token && newEmail) {
      await sendLinkEmail(auth, user, 'email_change', newEmail, token.toNew, redirectTo);
      if (token.toCurrent && user.email)
        await sendAuthMail(ctx, settings, {
          kind: 'email_change',
          to: user.email,
          email: user.email,
          newEmail,
          ...token.toCurrent,
          redirectTo,
          data: user.raw_user_meta_data ?? {},
        });
    }
    return c.json(await loadUserJson(db, user.id));
  });
}
