// POST /signup: a new email/password user and its confirmation email (GoTrue api/signup.go).
import { randomUUID } from 'node:crypto';
import type { Hono } from 'hono';
import { confirmEmail, insertEmailUser, markSignIn } from './accounts';
import { createOneTimeToken, resendLink, sendLinkEmail, type LinkToken } from './email-links';
import { AuthError, badRequest, unprocessable, validationFailed } from './errors';
import { isObject, readJson, text, validateEmail } from './input';
import { checkNewPassword, hashPassword, passwordMatches } from './password';
import { referrer } from './redirect';
import { iso, type AuthService } from './service';
import { issueSession, type SessionResponse } from './tokens';
import { findUserByEmail, findUserById, loadUserJson } from './users';

export function signupRoutes(app: Hono, auth: AuthService) {
  const { ctx, db, settings, now, tc, limiters, limit, takeEmailQuota, requestInfo } = auth;

  app.post('/signup', async (c) => {
    limit(c, limiters.signInSignUps);
    if (!settings.enableSignup)
      throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
    const body = await readJson(c);
    const data = isObject(body.data) ? body.data : {};
    const rawEmail = text(body.email);
    if (!rawEmail && text(body.phone))
      throw badRequest('phone_provider_disabled', 'Phone signups are disabled');
    const password = text(body.password);
    checkNewPassword(settings, password, 'Signup requires a valid password');
    if (!rawEmail) throw validationFailed('To signup, please provide your email');
    if (!settings.emailProviderEnabled)
      throw badRequest('email_provider_disabled', 'Email signups are disabled');
    const email = validateEmail(rawEmail);
    const redirectTo = referrer(c, settings);

    const existing = await findUserByEmail(db, email);
    if (existing?.email_confirmed_at) {
      if (settings.mailerAutoconfirm || settings.smsAutoconfirm) {
        throw unprocessable('user_already_exists', 'User already registered');
      }
      // Both confirmations on: answer as for a new sign-up, so the response does not reveal that the email is taken.
      const at = iso(now());
      return c.json({
        id: randomUUID(),
        aud: 'authenticated',
        role: '',
        email,
        phone: '',
        confirmation_sent_at: at,
        app_metadata: { provider: 'email', providers: ['email'] },
        user_metadata: data,
        identities: [],
        created_at: at,
        updated_at: at,
        is_anonymous: false,
      });
    }

    if (existing) {
      // Unconfirmed: send the confirmation again, but change nothing else; the caller has not proven who they are.
      if (settings.mailerAutoconfirm) {
        // Left over from a time with confirmations on. GoTrue confirms it and signs the caller in without looking at
        // the password; we sign in only the owner of the stored password.
        if (!(await passwordMatches(password, existing.encrypted_password))) {
          throw unprocessable('user_already_exists', 'User already registered');
        }
        const session = await db.transaction(async (tx) => {
          await confirmEmail(auth, tx, existing.id);
          await markSignIn(auth, tx, existing.id);
          return issueSession(tc, tx, existing, 'password', requestInfo(c));
        });
        return c.json(session);
      }
      await resendLink(auth, existing, 'confirmation', email, redirectTo);
      return c.json(await loadUserJson(db, existing.id));
    }

    const passwordHash = await hashPassword(password);
    if (!settings.mailerAutoconfirm) takeEmailQuota();
    const userId = randomUUID();
    const identityData = { sub: userId, email, email_verified: false, phone_verified: false };
    const metadata = { ...data, ...identityData };
    let result: { token?: LinkToken; session?: SessionResponse };
    try {
      result = await db.transaction(async (tx) => {
        await insertEmailUser(auth, tx, { id: userId, email, passwordHash, metadata, identityData });
        const user = await findUserById(tx, userId);
        if (!user) throw new Error('the new user was not saved');
        if (settings.mailerAutoconfirm) {
          await confirmEmail(auth, tx, userId);
          await markSignIn(auth, tx, userId);
          return { session: await issueSession(tc, tx, user, 'password', requestInfo(c)) };
        }
        return { token: await createOneTimeToken(auth, tx, user, 'confirmation', email) };
      });
    } catch (err) {
      if (err instanceof AuthError) throw err;
      // A failing trigger on auth.users (e.g. a profile insert) surfaces like this on hosted Supabase too.
      ctx.log(`[auth] sign-up of ${email} failed: ${(err as Error).message}`);
      throw new AuthError(500, 'unexpected_failure', 'Database error saving new user');
    }
    if (result.session) return c.json(result.session);
    // The metadata this request wrote, not a re-read of the row.
    await sendLinkEmail(
      auth,
      { email, raw_user_meta_data: metadata },
      'confirmation',
      email,
      result.token!,
      redirectTo,
    );
    return c.json(await loadUserJson(db, userId));
  });
}
