// The auth lifecycle through the real supabase-js client against the whole emulator (startEmulator), as the SPA and
// the end-to-end suite use it. Edge cases of each endpoint live beside the code in emulator/auth/auth.test.ts.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureAuth } from '../emulator/auth';
import { readAuthSettings, scaleRateLimits } from '../emulator/auth/settings';
import type { MailMessage } from '../emulator/mail/mailbox';
import { startEmulator, type RunningEmulator } from '../emulator/server';
import { client as clientOf } from './support/supabase';

const SITE = 'http://localhost:5173';
let emulator: RunningEmulator;
let clock = Date.now();
let n = 0;
const uniqueEmail = () => `lifecycle-${Date.now()}-${n++}@example.com`;

const client = () => clientOf(emulator.url, emulator.anonKey);

async function newestMail(email: string): Promise<MailMessage> {
  const res = await fetch(`${emulator.url}/_mail/api/messages?to=${encodeURIComponent(email)}`);
  const messages = (await res.json()) as MailMessage[];
  if (!messages.length) throw new Error(`no email to ${email}`);
  return messages[0];
}

/** Opens the email's verify link like a browser and returns the 303 target and its fragment parameters. */
async function openEmailLink(message: MailMessage) {
  const link = message.links.find((l) => l.includes('/auth/v1/verify?'));
  expect(link, message.subject).toBeTruthy();
  const res = await fetch(link!, { redirect: 'manual' });
  expect(res.status).toBe(303);
  const [target, fragment = ''] = res.headers.get('location')!.split('#');
  return { target, params: Object.fromEntries(new URLSearchParams(fragment)) };
}

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, dataDir: 'memory', testing: true, log: false });
  // A movable clock, so the refresh-token reuse interval (10 s, from config.toml) can pass without sleeping.
  configureAuth(emulator.ctx, { now: () => new Date(clock) });
});
afterAll(async () => {
  await emulator?.stop();
});

describe('auth lifecycle with supabase-js', () => {
  const email = uniqueEmail();
  const password = 'first-secret-1';
  let sb: SupabaseClient;
  beforeAll(() => {
    sb = client();
  });

  it('signs up without a session and emails a confirmation link back to the site root', async () => {
    const { data, error } = await sb.auth.signUp({
      email,
      password,
      options: {
        data: { first_name: 'Ada', last_name: 'Lovelace', zip_code: '10001' },
        emailRedirectTo: `${SITE}/`,
      },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.identities).toHaveLength(1);
    expect(data.user?.user_metadata).toMatchObject({ first_name: 'Ada', email_verified: false });
    const mail = await newestMail(email);
    expect(mail.subject).toBe('Confirm your Flipwise account');
    expect(mail.to).toBe(email);
  });

  it('refuses password login before verification (email_not_confirmed) and a wrong password (invalid_credentials)', async () => {
    const early = await client().auth.signInWithPassword({ email, password });
    expect(early.error?.code).toBe('email_not_confirmed');
    const wrong = await client().auth.signInWithPassword({ email, password: 'not-my-password' });
    expect(wrong.error?.code).toBe('invalid_credentials');
  });

  it('verifies through the link: a 303 to the site with the session in the fragment', async () => {
    const { target, params } = await openEmailLink(await newestMail(email));
    expect(target).toBe(`${SITE}/`);
    expect(params).toMatchObject({ type: 'signup', token_type: 'bearer', sb: '' });
    const { data, error } = await sb.auth.setSession({
      access_token: params.access_token,
      refresh_token: params.refresh_token,
    });
    expect(error).toBeNull();
    expect(data.user?.email_confirmed_at).toBeTruthy();
    expect((await sb.auth.getUser()).data.user?.email).toBe(email);
  });

  it('answers a second sign-up with the same address with a fake user and no email', async () => {
    const before = await newestMail(email);
    const { data, error } = await client().auth.signUp({ email, password: 'whatever-123' });
    expect(error).toBeNull();
    expect(data.user?.identities).toEqual([]);
    expect((await newestMail(email)).id).toBe(before.id);
  });

  it('rotates the refresh token, and an old one replayed after the reuse interval revokes the family', async () => {
    const login = await sb.auth.signInWithPassword({ email, password });
    expect(login.error).toBeNull();
    const first = login.data.session!.refresh_token;
    const second = (await sb.auth.refreshSession()).data.session!;
    expect(second.refresh_token).not.toBe(first);
    const third = (await sb.auth.refreshSession()).data.session!;
    expect(third.refresh_token).not.toBe(second.refresh_token);

    clock += 11_000;
    const replay = await client().auth.refreshSession({ refresh_token: first });
    expect(replay.error?.code).toBe('refresh_token_already_used');
    const current = await client().auth.refreshSession({ refresh_token: third.refresh_token });
    expect(current.error?.status).toBe(400);
    expect((await sb.auth.getUser(third.access_token)).error?.name).toBe('AuthSessionMissingError');
  });

  it('updates metadata (shallow merge, null deletes) and the password', async () => {
    await sb.auth.signInWithPassword({ email, password });
    const meta = await sb.auth.updateUser({ data: { first_name: 'Augusta', zip_code: null } });
    expect(meta.error).toBeNull();
    expect(meta.data.user?.user_metadata).toMatchObject({ first_name: 'Augusta', last_name: 'Lovelace' });
    expect(meta.data.user?.user_metadata).not.toHaveProperty('zip_code');
    const same = await sb.auth.updateUser({ password });
    expect(same.error?.code).toBe('same_password');
    expect((await sb.auth.updateUser({ password: 'second-secret-2' })).error).toBeNull();
    expect((await client().auth.signInWithPassword({ email, password: 'second-secret-2' })).error).toBeNull();
  });

  it('logs out: the session is gone on the server', async () => {
    const token = (await sb.auth.getSession()).data.session!.access_token;
    expect((await sb.auth.signOut()).error).toBeNull();
    expect((await sb.auth.getSession()).data.session).toBeNull();
    expect((await client().auth.getUser(token)).error?.name).toBe('AuthSessionMissingError');
  });

  it('resets a forgotten password through the recovery link; the new password works and the old one does not', async () => {
    const recovering = client();
    const sent = await recovering.auth.resetPasswordForEmail(email, { redirectTo: `${SITE}/reset-password` });
    expect(sent).toEqual({ data: {}, error: null });
    const mail = await newestMail(email);
    expect(mail.subject).toBe('Reset your Flipwise password');
    const { target, params } = await openEmailLink(mail);
    expect(target).toBe(`${SITE}/reset-password`);
    expect(params.type).toBe('recovery');
    await recovering.auth.setSession({
      access_token: params.access_token,
      refresh_token: params.refresh_token,
    });
    expect((await recovering.auth.updateUser({ password: 'third-secret-3' })).error).toBeNull();
    expect((await client().auth.signInWithPassword({ email, password: 'third-secret-3' })).error).toBeNull();
    expect((await client().auth.signInWithPassword({ email, password: 'second-secret-2' })).error?.code).toBe(
      'invalid_credentials',
    );
    // Unknown addresses get the same answer and no email.
    expect(await client().auth.resetPasswordForEmail(uniqueEmail())).toEqual({ data: {}, error: null });
  });
});

describe('auth plumbing on the full emulator', () => {
  it('sends email links only to allowed redirect URLs', async () => {
    const email = uniqueEmail();
    await client().auth.signUp({
      email,
      password: 'hunter22',
      options: { emailRedirectTo: 'https://evil.example/' },
    });
    expect((await openEmailLink(await newestMail(email))).target).toBe(SITE);
  });

  it('answers CORS preflights and exposes X-Supabase-Api-Version on errors', async () => {
    const preflight = await fetch(`${emulator.url}/auth/v1/token?grant_type=password`, {
      method: 'OPTIONS',
      headers: {
        Origin: SITE,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers':
          'authorization,content-type,x-client-info,x-supabase-api-version,apikey',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(SITE);
    expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
    const error = await fetch(`${emulator.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { Origin: SITE, 'Content-Type': 'application/json', 'X-Supabase-Api-Version': '2024-01-01' },
      body: JSON.stringify({ email: 'nobody@example.com', password: 'x' }),
    });
    expect(error.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(error.headers.get('access-control-expose-headers')).toMatch(/X-Supabase-Api-Version/i);
    expect(await error.json()).toMatchObject({
      code: 'invalid_credentials',
      message: 'Invalid login credentials',
    });
  });

  it("runs config.toml's rate limits times 20 on an instance under test", async () => {
    expect(emulator.authRateLimitScale).toBe(20);
    // configureAuth with no overrides changes nothing and reports the settings in force.
    expect(configureAuth(emulator.ctx, {}).rateLimits).toEqual(
      scaleRateLimits(readAuthSettings(emulator.ctx.config).rateLimits, 20),
    );
  });

  it('answers 429 once a (lowered) per-IP limit is used up', async () => {
    const before = configureAuth(emulator.ctx, { rateLimits: { signInSignUps: 1 } });
    try {
      const sb = client();
      expect((await sb.auth.signUp({ email: uniqueEmail(), password: 'hunter22' })).error).toBeNull();
      const over = await sb.auth.signUp({ email: uniqueEmail(), password: 'hunter22' });
      expect(over.error?.status).toBe(429);
      expect(over.error?.code).toBe('over_request_rate_limit');
    } finally {
      configureAuth(emulator.ctx, { rateLimits: before.rateLimits });
    }
  });

  it('lists the mailbox as a page', async () => {
    const res = await fetch(emulator.mailboxUrl);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Local mailbox');
    expect(html).toContain('Reset your Flipwise password');
  });
});
