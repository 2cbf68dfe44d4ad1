// The one-time tokens behind the emailed links and codes (confirmation, recovery, email change), and sending them:
// what /signup, /user, /recover and /resend share (GoTrue api/mail.go).
import type { Queryable } from '../context';
import { AuthError, tooManyRequests } from './errors';
import { newOtp, sendAuthMail, type MailKind } from './mailer';
import { iso, type AuthService } from './service';
import type { UserRow } from './users';

export type LinkToken = { otp: string; tokenHash: string };

/** Stores a fresh email-link token for a user; the caller sends the email after the transaction commits. */
export async function createOneTimeToken(
  { settings, now, wrongCodes }: AuthService,
  tx: Queryable,
  user: UserRow,
  kind: MailKind,
  email: string,
): Promise<{ otp: string; tokenHash: string }> {
  const { otp, tokenHash } = newOtp(settings, email);
  wrongCodes.delete(email.toLowerCase());
  const at = iso(now());
  const column = { confirmation: 'confirmation', recovery: 'recovery', email_change: 'email_change' }[kind];
  if (kind === 'confirmation') {
    await tx.query('update auth.users set confirmation_token = $2, confirmation_sent_at = $3 where id = $1', [
      user.id,
      tokenHash,
      at,
    ]);
  } else if (kind === 'recovery') {
    await tx.query('update auth.users set recovery_token = $2, recovery_sent_at = $3 where id = $1', [
      user.id,
      tokenHash,
      at,
    ]);
  } else {
    await tx.query(
      'update auth.users set email_change = $2, email_change_token_new = $3, email_change_sent_at = $4 where id = $1',
      [user.id, email, tokenHash, at],
    );
  }
  const tokenType = `${column}_token${kind === 'email_change' ? '_new' : ''}`;
  await tx.query('delete from auth.one_time_tokens where user_id = $1 and token_type = $2', [
    user.id,
    tokenType,
  ]);
  await tx.query(
    `insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $5)`,
    [user.id, tokenType, tokenHash, email, at.replace('Z', '')],
  );
  return { otp, tokenHash };
}

/** The email-change link for the current address (double confirmation). */
export async function createCurrentAddressToken(
  { settings, now }: AuthService,
  tx: Queryable,
  user: UserRow,
): Promise<LinkToken> {
  const email = user.email ?? '';
  const { otp, tokenHash } = newOtp(settings, email);
  const at = iso(now());
  await tx.query(
    'update auth.users set email_change_token_current = $2, email_change_confirm_status = 0 where id = $1',
    [user.id, tokenHash],
  );
  await tx.query(
    "delete from auth.one_time_tokens where user_id = $1 and token_type = 'email_change_token_current'",
    [user.id],
  );
  await tx.query(
    `insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to, created_at, updated_at)
       values ($1, 'email_change_token_current', $2, $3, $4, $4)`,
    [user.id, tokenHash, email, at.replace('Z', '')],
  );
  return { otp, tokenHash };
}

/**
 * Emails a token from createOneTimeToken. `email` is the address it goes to: the new one for an email change, whose
 * template also shows the user's current address.
 */
export const sendLinkEmail = (
  { ctx, settings }: AuthService,
  user: Pick<UserRow, 'email' | 'raw_user_meta_data'>,
  kind: MailKind,
  email: string,
  token: LinkToken,
  redirectTo: string,
) =>
  sendAuthMail(ctx, settings, {
    kind,
    to: email,
    ...(kind === 'email_change' ? { email: user.email ?? '', newEmail: email } : { email }),
    ...token,
    redirectTo,
    data: user.raw_user_meta_data ?? {},
  });

const SENT_AT = {
  confirmation: 'confirmation_sent_at',
  recovery: 'recovery_sent_at',
  email_change: 'email_change_sent_at',
} as const satisfies Record<MailKind, keyof UserRow>;

/**
 * /recover and /resend: the same answer whether or not the address has an account (issue 12). The instance-wide
 * email quota is checked for every address (an empty quota is a 429 for all alike); the per-user resend window
 * skips the email silently instead of answering 429 only for real accounts.
 */
export async function sendQuietly(
  auth: AuthService,
  user: UserRow | undefined,
  kind: MailKind,
  email: string,
  redirectTo: string,
) {
  if (!auth.limiters.emailSent.has('all'))
    throw tooManyRequests('over_email_send_rate_limit', 'email rate limit exceeded');
  if (!user) return;
  try {
    await resendLink(auth, user, kind, email, redirectTo);
  } catch (err) {
    if (err instanceof AuthError && err.code === 'over_email_send_rate_limit' && err.status === 429) return;
    throw err;
  }
}

/**
 * Sends an existing user another link of one kind: the per-user wait and the global email quota first, then a new
 * token in a transaction of its own, then the email once that has committed.
 */
export async function resendLink(
  auth: AuthService,
  user: UserRow,
  kind: MailKind,
  email: string,
  redirectTo: string,
) {
  auth.checkFrequency(user[SENT_AT[kind]]);
  auth.takeEmailQuota();
  const token = await auth.db.transaction((tx) => createOneTimeToken(auth, tx, user, kind, email));
  await sendLinkEmail(auth, user, kind, email, token, redirectTo);
}
