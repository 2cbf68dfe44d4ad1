// POST /recover and POST /resend: another emailed link, with the same answer whether or not the address has an
// account (GoTrue api/recover.go, api/resend.go).
import type { Hono } from 'hono';
import { sendQuietly } from './email-links';
import { validationFailed } from './errors';
import { readJson, text, validateEmail } from './input';
import { referrer } from './redirect';
import type { AuthService } from './service';
import { findUserByEmail, type UserRow } from './users';

export function recoverAndResendRoutes(app: Hono, auth: AuthService) {
  const { db, settings, limiters, limit } = auth;

  app.post('/recover', async (c) => {
    limit(c, limiters.signInSignUps);
    const body = await readJson(c);
    if (!text(body.email).trim()) throw validationFailed('Password recovery requires an email');
    const email = validateEmail(text(body.email));
    const redirectTo = referrer(c, settings);
    const user = await findUserByEmail(db, email);
    // Unknown addresses get the same answer, so the endpoint cannot be used to find out who has an account.
    await sendQuietly(auth, user, 'recovery', email, redirectTo);
    return c.json({});
  });

  app.post('/resend', async (c) => {
    limit(c, limiters.signInSignUps);
    const body = await readJson(c);
    const type = text(body.type);
    if (type !== 'signup' && type !== 'email_change') {
      throw validationFailed('Missing one of these types: signup, email_change, sms, phone_change');
    }
    const email = validateEmail(text(body.email));
    const redirectTo = referrer(c, settings);
    if (type === 'signup') {
      const user = await findUserByEmail(db, email);
      await sendQuietly(
        auth,
        user && !user.email_confirmed_at ? user : undefined,
        'confirmation',
        email,
        redirectTo,
      );
      return c.json({});
    }
    const { rows } = await db.query<UserRow>(
      'select * from auth.users where lower(email_change) = $1 limit 1',
      [email],
    );
    await sendQuietly(auth, rows[0], 'email_change', email, redirectTo);
    return c.json({});
  });
}
