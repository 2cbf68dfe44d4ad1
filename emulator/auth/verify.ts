// GET /verify (the emailed link, answered with a redirect) and POST /verify (a token hash or a six-digit code,
// answered with a session), GoTrue api/verify.go.
import type { Hono } from 'hono';
import type { Queryable } from '../context';
import { applyEmailChange, confirmEmail, markSignIn } from './accounts';
import { AuthError, forbidden, validationFailed } from './errors';
import { readJson, text, validateEmail } from './input';
import { tokenHashOf } from './mailer';
import { referrer } from './redirect';
import { MAX_WRONG_CODES, type AuthService } from './service';
import { issueSession } from './tokens';
import { findUserById, isBanned, type UserRow } from './users';

/** A verified email-change link whose twin (sent to the other address) has not been followed yet. */
const OTHER_LINK_PENDING = Symbol('other-link-pending');
// GoTrue's words for it (api/verify.go, singleConfirmationAccepted).
const OTHER_LINK_MESSAGE =
  'Confirmation link accepted. Please proceed to confirm link sent to the other email';

const VERIFY_TYPES = ['signup', 'invite', 'recovery', 'magiclink', 'email_change', 'email'];

/** Finds the user an email-link token belongs to, checks its age, and consumes it. */
async function verifyToken(
  auth: AuthService,
  tx: Queryable,
  type: string,
  tokenHash: string,
  invalidMessage: string,
): Promise<UserRow | typeof OTHER_LINK_PENDING> {
  const { settings, now } = auth;
  const candidates: {
    column: string;
    sentAt: keyof UserRow;
    kind: 'signup' | 'recovery' | 'email_change';
  }[] = [];
  if (type === 'signup' || type === 'invite' || type === 'email')
    candidates.push({ column: 'confirmation_token', sentAt: 'confirmation_sent_at', kind: 'signup' });
  if (type === 'recovery' || type === 'magiclink' || type === 'email')
    candidates.push({ column: 'recovery_token', sentAt: 'recovery_sent_at', kind: 'recovery' });
  if (type === 'email_change' || type === 'email') {
    candidates.push({
      column: 'email_change_token_new',
      sentAt: 'email_change_sent_at',
      kind: 'email_change',
    });
    candidates.push({
      column: 'email_change_token_current',
      sentAt: 'email_change_sent_at',
      kind: 'email_change',
    });
  }
  const expired = () => forbidden('otp_expired', invalidMessage);
  for (const candidate of candidates) {
    const { rows } = await tx.query<UserRow>(
      `select * from auth.users where ${candidate.column} = $1 and ${candidate.column} <> '' limit 1 for update`,
      [tokenHash],
    );
    const user = rows[0];
    if (!user) continue;
    if (isBanned(user, now())) throw forbidden('user_banned', 'User is banned');
    const sentAt = user[candidate.sentAt] as Date | null;
    if (!sentAt || new Date(sentAt).getTime() + settings.otpExpiry * 1000 < now().getTime()) throw expired();
    if (candidate.kind === 'signup') {
      await confirmEmail(auth, tx, user.id);
    } else if (candidate.kind === 'recovery') {
      await tx.query("update auth.users set recovery_token = '' where id = $1", [user.id]);
      await tx.query(
        "delete from auth.one_time_tokens where user_id = $1 and token_type = 'recovery_token'",
        [user.id],
      );
      if (!user.email_confirmed_at) await confirmEmail(auth, tx, user.id);
    } else {
      const other =
        candidate.column === 'email_change_token_new'
          ? user.email_change_token_current
          : user.email_change_token_new;
      if (settings.doubleConfirmChanges && other) {
        // One of the two links: remember it and wait for the other (GoTrue's email_change_confirm_status).
        await tx.query(
          `update auth.users set ${candidate.column} = '', email_change_confirm_status = 1 where id = $1`,
          [user.id],
        );
        await tx.query('delete from auth.one_time_tokens where user_id = $1 and token_type = $2', [
          user.id,
          candidate.column,
        ]);
        return OTHER_LINK_PENDING;
      }
      await applyEmailChange(auth, tx, user.id, user.email_change ?? '');
    }
    await markSignIn(auth, tx, user.id);
    return (await findUserById(tx, user.id))!;
  }
  throw expired();
}

const fragmentOf = (params: Record<string, string>) => {
  const search = new URLSearchParams(params);
  search.sort();
  return search.toString();
};
const withoutFragment = (url: string) => url.split('#')[0];

/** Clears every pending emailed code of an address: a new one must be requested. */
async function voidCodes({ db }: AuthService, email: string): Promise<void> {
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string }>(
      `update auth.users set confirmation_token = '', recovery_token = '', email_change_token_new = '',
           email_change_token_current = ''
         where lower(email) = $1 or lower(email_change) = $1 returning id`,
      [email],
    );
    for (const { id } of rows) await tx.query('delete from auth.one_time_tokens where user_id = $1', [id]);
  });
}

export function verifyRoutes(app: Hono, auth: AuthService) {
  const { db, settings, tc, limiters, wrongCodes, limit, requestInfo } = auth;

  app.get('/verify', async (c) => {
    limit(c, limiters.tokenVerifications);
    const token = c.req.query('token') ?? '';
    const type = c.req.query('type') ?? '';
    if (!token) throw validationFailed('Verify requires a token or a token hash');
    if (!type) throw validationFailed('Verify requires a verification type');
    if (!VERIFY_TYPES.includes(type)) throw validationFailed('Unsupported verification type');
    const redirectTo = withoutFragment(referrer(c, settings));
    try {
      const session = await db.transaction(async (tx) => {
        const user = await verifyToken(auth, tx, type, token, 'Email link is invalid or has expired');
        if (user === OTHER_LINK_PENDING) return user;
        return issueSession(tc, tx, user, 'otp', requestInfo(c));
      });
      if (session === OTHER_LINK_PENDING) {
        return c.redirect(`${redirectTo}#${fragmentOf({ message: OTHER_LINK_MESSAGE, sb: '' })}`, 303);
      }
      const fragment = fragmentOf({
        access_token: session.access_token,
        expires_at: String(session.expires_at),
        expires_in: String(session.expires_in),
        refresh_token: session.refresh_token,
        sb: '',
        token_type: session.token_type,
        type,
      });
      return c.redirect(`${redirectTo}#${fragment}`, 303);
    } catch (err) {
      if (!(err instanceof AuthError)) throw err;
      const error =
        {
          400: 'invalid_request',
          401: 'unauthorized_client',
          403: 'access_denied',
          503: 'temporarily_unavailable',
        }[err.status as number] ?? 'server_error';
      const fragment = fragmentOf({ error, error_code: err.code, error_description: err.message, sb: '' });
      return c.redirect(`${redirectTo}#${fragment}`, 303);
    }
  });

  app.post('/verify', async (c) => {
    limit(c, limiters.tokenVerifications);
    const body = await readJson(c);
    const type = text(body.type);
    if (!type) throw validationFailed('Verify requires a verification type');
    if (!VERIFY_TYPES.includes(type)) throw validationFailed('Unsupported verification type');
    const tokenHash = text(body.token_hash);
    let hash: string;
    let message: string;
    let codeEmail: string | undefined;
    if (tokenHash) {
      if (body.email || body.phone || body.redirect_to) {
        throw validationFailed('Only the token_hash and type should be provided');
      }
      hash = tokenHash;
      message = 'Email link is invalid or has expired';
    } else {
      const token = text(body.token);
      const email = text(body.email);
      if (!token || !email) throw validationFailed('Verify requires a token or a token hash');
      codeEmail = validateEmail(email).toLowerCase();
      hash = tokenHashOf(codeEmail, token);
      message = 'Token has expired or is invalid';
      // Per email as well as per address: a code voided by wrong guesses stays void until a new one is sent.
      if ((wrongCodes.get(codeEmail) ?? 0) >= MAX_WRONG_CODES) throw forbidden('otp_expired', message);
    }
    try {
      const session = await db.transaction(async (tx) => {
        const user = await verifyToken(auth, tx, type, hash, message);
        if (user === OTHER_LINK_PENDING) return user;
        return issueSession(tc, tx, user, 'otp', requestInfo(c));
      });
      if (codeEmail) wrongCodes.delete(codeEmail);
      if (session === OTHER_LINK_PENDING) return c.json({ msg: OTHER_LINK_MESSAGE, code: 200 });
      return c.json(session);
    } catch (err) {
      if (codeEmail && err instanceof AuthError && err.code === 'otp_expired') {
        const wrong = (wrongCodes.get(codeEmail) ?? 0) + 1;
        wrongCodes.set(codeEmail, wrong);
        if (wrong >= MAX_WRONG_CODES) await voidCodes(auth, codeEmail);
      }
      throw err;
    }
  });
}
