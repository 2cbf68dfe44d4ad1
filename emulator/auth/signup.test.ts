// POST /signup through the real supabase-js client: the confirmation email and its link, existing and repeated
// addresses, input rules, sign-up with confirmations off, and the per-IP and per-hour email rate limits.
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { follow, setUpAuthServer, setUpSharedServer, SITE, uniqueEmail, verifyLinkOf } from './test-support';

const server = setUpSharedServer();

describe('sign-up and email confirmation', () => {
  it('creates an unconfirmed user, emails a verify link, and the link signs the user in', async () => {
    const email = uniqueEmail('Ada');
    const sb = server.client();
    const { data, error } = await sb.auth.signUp({
      email: `  ${email.toUpperCase()} `,
      password: 'hunter22',
      options: { data: { first_name: 'Ada', zip_code: '10115' }, emailRedirectTo: `${SITE}/` },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    const user = data.user!;
    expect(user.email).toBe(email.toLowerCase());
    expect(user.confirmation_sent_at).toBeTruthy();
    expect(user.email_confirmed_at).toBeUndefined();
    expect(user.role).toBe('authenticated');
    expect(user.identities).toHaveLength(1);
    expect(user.user_metadata).toEqual({
      first_name: 'Ada',
      zip_code: '10115',
      sub: user.id,
      email: email.toLowerCase(),
      email_verified: false,
      phone_verified: false,
    });
    expect(user.app_metadata).toEqual({ provider: 'email', providers: ['email'] });

    const mails = await server.inbox(email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Confirm your Flipwise account');
    expect(mails[0].text).toContain('Confirm my email');
    const link = verifyLinkOf(mails[0]);
    expect(link).toMatch(
      new RegExp(
        `^${server.url}/auth/v1/verify\\?token=[0-9a-f]{56}&type=signup&redirect_to=${encodeURIComponent(`${SITE}/`)}$`,
      ),
    );
    expect(server.logs.some((line) => line.includes(link))).toBe(true);

    const { base, fragment, params } = await follow(link);
    expect(base).toBe(`${SITE}/`);
    expect(fragment.split('&').map((p) => p.split('=')[0])).toEqual([
      'access_token',
      'expires_at',
      'expires_in',
      'refresh_token',
      'sb',
      'token_type',
      'type',
    ]);
    expect(params).toMatchObject({ sb: '', token_type: 'bearer', type: 'signup', expires_in: '3600' });

    const { error: sessionError } = await sb.auth.setSession({
      access_token: params.access_token,
      refresh_token: params.refresh_token,
    });
    expect(sessionError).toBeNull();
    const { data: me } = await sb.auth.getUser();
    expect(me.user?.email_confirmed_at).toBeTruthy();
    expect(me.user?.user_metadata.email_verified).toBe(true);
    expect(decodeJwt(params.access_token).amr).toEqual([{ method: 'otp', timestamp: expect.any(Number) }]);

    // Single use: the same link now ends on the error fragment.
    const again = await follow(link);
    expect(again.params).toEqual({
      error: 'access_denied',
      error_code: 'otp_expired',
      error_description: 'Email link is invalid or has expired',
      sb: '',
    });
  });

  it('answers an existing confirmed email with a fake user and sends nothing', async () => {
    const { email } = await server.confirmedUser();
    const before = (await server.inbox(email)).length;
    const { data, error } = await server.client().auth.signUp({
      email,
      password: 'another-password',
      options: { data: { first_name: 'Mallory' } },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.identities).toEqual([]);
    expect(data.user?.role).toBe('');
    expect(data.user?.user_metadata).toEqual({ first_name: 'Mallory' });
    expect(data.user?.email_confirmed_at).toBeUndefined();
    expect((await server.inbox(email)).length).toBe(before);
  });

  it('re-sends the confirmation for an unconfirmed email, respecting max_frequency, without changing the password', async () => {
    const email = uniqueEmail('again');
    const sb = server.client();
    await sb.auth.signUp({ email, password: 'hunter22' });
    const tooSoon = await sb.auth.signUp({ email, password: 'different-pw' });
    expect(tooSoon.error?.status).toBe(429);
    expect(tooSoon.error?.code).toBe('over_email_send_rate_limit');
    expect(tooSoon.error?.message).toBe('For security purposes, you can only request this after 1 seconds.');
    server.advanceClock(2_000);
    const again = await sb.auth.signUp({ email, password: 'different-pw' });
    expect(again.error).toBeNull();
    expect(again.data.user?.identities).toHaveLength(1);
    const mails = await server.inbox(email);
    expect(mails).toHaveLength(2);
    // Only the newest link works.
    expect((await follow(verifyLinkOf(mails[1]))).params.error_code).toBe('otp_expired');
    expect((await follow(verifyLinkOf(mails[0]))).params.type).toBe('signup');
    expect((await sb.auth.signInWithPassword({ email, password: 'different-pw' })).error?.code).toBe(
      'invalid_credentials',
    );
    expect((await sb.auth.signInWithPassword({ email, password: 'hunter22' })).error).toBeNull();
  });

  it('validates password and email like GoTrue', async () => {
    const sb = server.client();
    const weak = await sb.auth.signUp({ email: uniqueEmail('weak'), password: '12345' });
    expect(weak.error?.name).toBe('AuthWeakPasswordError');
    expect(weak.error?.status).toBe(422);
    expect(weak.error?.code).toBe('weak_password');
    expect(weak.error?.message).toBe('Password should be at least 6 characters.');
    expect((weak.error as unknown as { reasons: string[] }).reasons).toEqual(['length']);

    const long = await sb.auth.signUp({ email: uniqueEmail('long'), password: 'x'.repeat(73) });
    expect(long.error?.status).toBe(400);
    expect(long.error?.code).toBe('validation_failed');
    expect(long.error?.message).toBe('Password cannot be longer than 72 characters');

    const bad = await sb.auth.signUp({ email: 'not-an-email', password: 'hunter22' });
    expect(bad.error?.status).toBe(400);
    expect(bad.error?.code).toBe('validation_failed');
    expect(bad.error?.message).toBe('Unable to validate email address: invalid format');
  });
});

describe('with email confirmations off (enable_confirmations = false)', () => {
  const open = setUpAuthServer({ mailerAutoconfirm: true });

  it('signs up straight into a session and refuses a second sign-up with user_already_exists', async () => {
    const sb = open.client();
    const email = uniqueEmail('auto');
    const { data, error } = await sb.auth.signUp({ email, password: 'hunter22' });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    expect(data.user?.email_confirmed_at).toBeTruthy();
    expect(decodeJwt(data.session!.access_token).amr).toEqual([
      { method: 'password', timestamp: expect.any(Number) },
    ]);
    const again = await sb.auth.signUp({ email, password: 'hunter22' });
    expect(again.error?.status).toBe(422);
    expect(again.error?.code).toBe('user_already_exists');
    expect(again.error?.message).toBe('User already registered');
  });
});

describe('rate limits', () => {
  // The test plays a trusted proxy (127.0.0.1), so its X-Forwarded-For names the client.
  const limited = setUpAuthServer({
    rateLimits: { signInSignUps: 2, tokenRefresh: 3, emailSent: 3 },
    trustedProxies: ['127.0.0.1'],
  });

  it('answers 429 over_request_rate_limit past the per-IP limit, counting each address a trusted proxy names apart', async () => {
    const sb = limited.client();
    expect((await sb.auth.signUp({ email: uniqueEmail('rl'), password: 'hunter22' })).error).toBeNull();
    expect((await sb.auth.signUp({ email: uniqueEmail('rl'), password: 'hunter22' })).error).toBeNull();
    const third = await sb.auth.signUp({ email: uniqueEmail('rl'), password: 'hunter22' });
    expect(third.error?.status).toBe(429);
    expect(third.error?.code).toBe('over_request_rate_limit');
    expect(third.error?.message).toBe('Request rate limit reached');

    const elsewhere = await fetch(`${limited.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.7' },
      body: JSON.stringify({ email: uniqueEmail('rl'), password: 'hunter22' }),
    });
    expect(elsewhere.status).toBe(200);

    for (let i = 0; i < 3; i++)
      await sb.auth.signInWithPassword({ email: 'x@example.com', password: 'hunter22' });
    const login = await sb.auth.signInWithPassword({ email: 'x@example.com', password: 'hunter22' });
    expect(login.error?.code).toBe('over_request_rate_limit');
  });

  it('caps emails per hour with over_email_send_rate_limit', async () => {
    const res = await fetch(`${limited.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '198.51.100.9' },
      body: JSON.stringify({ email: uniqueEmail('cap'), password: 'hunter22' }),
    });
    expect(res.status).toBe(429);
    expect(await res.json()).toMatchObject({
      code: 'over_email_send_rate_limit',
      message: 'email rate limit exceeded',
    });
  });
});
