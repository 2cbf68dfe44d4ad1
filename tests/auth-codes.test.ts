// Emailed one-time codes cannot be guessed (issue 12, point 2): the fifth wrong code for an email voids its pending
// codes, whatever address the guesses come from, so the right code is refused until a new one is sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenHashOf } from '../emulator/auth/mailer';
import { startAuthTestServer, type AuthTestServer } from '../emulator/auth/test-support';
import { createUserByAdmin } from './support/auth-users';
import { client as clientOf } from './support/supabase';

let server: AuthTestServer;
let n = 0;
const uniqueEmail = () => `codes-${Date.now()}-${n++}@example.com`;
const client = () => clientOf(server.url, server.anonKey);

beforeAll(async () => {
  server = await startAuthTestServer();
});
afterAll(async () => {
  await server?.stop();
});

/** The six-digit code the last email carried, recovered from its stored hash (what an attacker cannot do). */
async function currentCode(
  email: string,
  column: 'recovery_token' | 'confirmation_token' = 'recovery_token',
): Promise<string> {
  const { rows } = await server.ctx.db.query<{ token: string }>(
    `select ${column} as token from auth.users where email = $1`,
    [email],
  );
  const hash = rows[0].token;
  for (let i = 0; i < 1_000_000; i++) {
    // The server runs in this process: let it breathe, or its idle keep-alive sockets time out under the client.
    if (i % 10_000 === 0) await new Promise((resolve) => setImmediate(resolve));
    const code = String(i).padStart(6, '0');
    if (tokenHashOf(email, code) === hash) return code;
  }
  throw new Error('no code is pending');
}

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function userWithRecoveryCode(): Promise<{ email: string; code: string }> {
  const email = uniqueEmail();
  await createUserByAdmin(server, email);
  const { error } = await client().auth.resetPasswordForEmail(email);
  expect(error).toBeNull();
  return { email, code: await currentCode(email) };
}

const verify = (email: string, token: string, forwardedFor: string, type = 'recovery') =>
  fetch(`${server.url}/auth/v1/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', apikey: server.anonKey, 'x-forwarded-for': forwardedFor },
    body: JSON.stringify({ type, email, token }),
  });

describe('one-time codes', () => {
  it('refuses the right code after 6 wrong ones, even from rotating addresses', async () => {
    const { email, code } = await userWithRecoveryCode();
    for (let i = 0; i < 6; i++) {
      const res = await verify(email, wrong(code), `203.0.113.${i + 1}`);
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ code: 'otp_expired' });
    }
    const right = await client().auth.verifyOtp({ email, token: code, type: 'recovery' });
    expect(right.data.session).toBeNull();
    expect(right.error?.code).toBe('otp_expired');
  });

  it('accepts the right code after 4 wrong ones, and refuses it after 5', async () => {
    const { email, code } = await userWithRecoveryCode();
    for (let i = 0; i < 4; i++) expect((await verify(email, wrong(code), '203.0.113.50')).status).toBe(403);
    const ok = await client().auth.verifyOtp({ email, token: code, type: 'recovery' });
    expect(ok.error).toBeNull();
    expect(ok.data.session?.user.email).toBe(email);

    // Five wrong guesses void a code.
    const other = await userWithRecoveryCode();
    for (let i = 0; i < 5; i++) await verify(other.email, wrong(other.code), '203.0.113.60');
    expect(
      (await client().auth.verifyOtp({ email: other.email, token: other.code, type: 'recovery' })).error
        ?.code,
    ).toBe('otp_expired');
  });

  it('a code requested after the old one was voided signs in', async () => {
    const { email, code } = await userWithRecoveryCode();
    for (let i = 0; i < 5; i++) await verify(email, wrong(code), '203.0.113.70');
    expect((await client().auth.verifyOtp({ email, token: code, type: 'recovery' })).error?.code).toBe(
      'otp_expired',
    );

    // Past the one-second resend window of config.toml, the person asks again and the new code works.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await client().auth.resetPasswordForEmail(email)).error).toBeNull();
    const fresh = await currentCode(email);
    const { data, error } = await client().auth.verifyOtp({ email, token: fresh, type: 'recovery' });
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
  });

  it('a sign-up confirmation code is void after 5 wrong ones, and the account stays unconfirmed', async () => {
    const email = uniqueEmail();
    const signUp = await client().auth.signUp({ email, password: 'hunter22-secret' });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session).toBeNull();
    const code = await currentCode(email, 'confirmation_token');
    for (let i = 0; i < 5; i++) {
      const res = await verify(email, wrong(code), `198.51.100.${i + 1}`, 'signup');
      expect(res.status).toBe(403);
    }
    const right = await client().auth.verifyOtp({ email, token: code, type: 'signup' });
    expect(right.error?.code).toBe('otp_expired');
    expect(right.data.session).toBeNull();
    const { rows } = await server.ctx.db.query<{ email_confirmed_at: string | null }>(
      'select email_confirmed_at from auth.users where email = $1',
      [email],
    );
    expect(rows[0].email_confirmed_at).toBeNull();
  });
});
