// GET and POST /verify through the real supabase-js client: where email links redirect, their expiry, and
// verification by token hash and by emailed code.
import { describe, expect, it } from 'vitest';
import { follow, setUpSharedServer, SITE, uniqueEmail, verifyLinkOf } from './test-support';

const server = setUpSharedServer();

describe('email links', () => {
  it('redirects only to site_url, its host on any loopback port, or additional_redirect_urls', async () => {
    const cases: [string, string][] = [
      ['https://evil.example/steal', `${SITE}`],
      ['http://localhost:4321/welcome', 'http://localhost:4321/welcome'],
      ['http://127.0.0.1:5173', 'http://127.0.0.1:5173'],
      ['http://127.0.0.1:40000/x', 'http://127.0.0.1:40000/x'],
      ['https://localhost.evil.example/', `${SITE}`],
    ];
    for (const [requested, expected] of cases) {
      const email = uniqueEmail('redirect');
      await server
        .client()
        .auth.signUp({ email, password: 'hunter22', options: { emailRedirectTo: requested } });
      const [mail] = await server.inbox(email);
      const { base } = await follow(verifyLinkOf(mail));
      expect(base, requested).toBe(expected);
    }
  });

  it('expires links after otp_expiry', async () => {
    const email = uniqueEmail('late');
    await server.client().auth.signUp({ email, password: 'hunter22' });
    server.advanceClock(3601_000);
    const [mail] = await server.inbox(email);
    expect((await follow(verifyLinkOf(mail))).params.error_code).toBe('otp_expired');
  });

  it('verifies with POST token_hash and with the emailed code', async () => {
    const email = uniqueEmail('post');
    const sb = server.client();
    await sb.auth.signUp({ email, password: 'hunter22' });
    const [mail] = await server.inbox(email);
    const tokenHash = new URL(verifyLinkOf(mail)).searchParams.get('token')!;
    const { data, error } = await sb.auth.verifyOtp({ token_hash: tokenHash, type: 'signup' });
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
    const reused = await sb.auth.verifyOtp({ token_hash: tokenHash, type: 'signup' });
    expect(reused.error?.code).toBe('otp_expired');
    expect(reused.error?.status).toBe(403);

    const other = uniqueEmail('code');
    await sb.auth.resetPasswordForEmail(other); // unknown: no mail, no error
    expect(await server.inbox(other)).toEqual([]);
    server.advanceClock(2_000);
    await sb.auth.resetPasswordForEmail(email);
    const wrongCode = await sb.auth.verifyOtp({ email, token: '000000', type: 'recovery' });
    expect(wrongCode.error?.code).toBe('otp_expired');
    expect(wrongCode.error?.message).toBe('Token has expired or is invalid');
  });
});
