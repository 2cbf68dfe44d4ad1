// POST /recover through the real supabase-js client: the recovery link and new password, unknown addresses, the
// mailbox that shows the recovery mail, and config.toml's own sign-in/sign-up rate limit.
import { describe, expect, it } from 'vitest';
import { readAuthSettings } from './settings';
import { follow, setUpAuthServer, setUpSharedServer, SITE, uniqueEmail, verifyLinkOf } from './test-support';

const server = setUpSharedServer();

describe('password recovery', () => {
  it('emails a recovery link to the requested page; the new password works and the old one does not', async () => {
    const { email } = await server.confirmedUser('hunter22');
    const sb = server.client();
    const { data, error } = await sb.auth.resetPasswordForEmail(email, {
      redirectTo: `${SITE}/reset-password`,
    });
    expect(error).toBeNull();
    expect(data).toEqual({});
    const [mail] = await server.inbox(email);
    expect(mail.subject).toBe('Reset your Flipwise password');
    expect(mail.text).toContain('Choose a new password');
    const { base, params } = await follow(verifyLinkOf(mail));
    expect(base).toBe(`${SITE}/reset-password`);
    expect(params.type).toBe('recovery');
    await sb.auth.setSession({ access_token: params.access_token, refresh_token: params.refresh_token });
    expect((await sb.auth.updateUser({ password: 'brand-new-pass' })).error).toBeNull();
    expect(
      (await server.client().auth.signInWithPassword({ email, password: 'brand-new-pass' })).error,
    ).toBeNull();
    expect((await server.client().auth.signInWithPassword({ email, password: 'hunter22' })).error?.code).toBe(
      'invalid_credentials',
    );
  });

  it('answers unknown addresses exactly like known ones', async () => {
    const res = await fetch(`${server.url}/auth/v1/recover`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: uniqueEmail('ghost') }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({});
  });
});

describe('HTTP plumbing', () => {
  it('lists the mailbox newest first as JSON and as a page with clickable links', async () => {
    const email = uniqueEmail('page');
    await server.client().auth.signUp({ email, password: 'hunter22' });
    server.advanceClock(2_000);
    await server.client().auth.resetPasswordForEmail(email);
    const mails = await server.inbox(email);
    expect(mails.map((m) => m.subject)).toEqual([
      'Reset your Flipwise password',
      'Confirm your Flipwise account',
    ]);
    expect(Object.keys(mails[0]).sort()).toEqual([
      'created_at',
      'html',
      'id',
      'links',
      'subject',
      'text',
      'to',
    ]);
    const page = await (await fetch(`${server.url}/_mail?to=${encodeURIComponent(email)}`)).text();
    expect(page.indexOf('Reset your Flipwise password')).toBeLessThan(
      page.indexOf('Confirm your Flipwise account'),
    );
    expect(page).toContain(`<a href="${verifyLinkOf(mails[0]).replace(/&/g, '&amp;')}">`);
  });
});

describe("config.toml's own rate limits", () => {
  const configured = setUpAuthServer({ rateLimitScale: 1 });

  it('answers 429 on the request after sign_in_sign_ups is used up, as the hosted project would', async () => {
    const limit = readAuthSettings(configured.ctx.config).rateLimits.signInSignUps;
    // Recovery for an unknown address: counted like a sign-up, but no email and no password hashing.
    const recover = () =>
      fetch(`${configured.url}/auth/v1/recover`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', apikey: configured.anonKey },
        body: JSON.stringify({ email: 'nobody@example.com' }),
      });
    for (let i = 0; i < limit; i++) expect((await recover()).status).toBe(200);
    const over = await recover();
    expect(over.status).toBe(429);
    expect(await over.json()).toMatchObject({ code: 'over_request_rate_limit' });
  });
});
