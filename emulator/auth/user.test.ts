// GET and PUT /user through the real supabase-js client: the token checks, metadata updates, password changes and
// the two-link email change.
import { describe, expect, it } from 'vitest';
import { follow, setUpSharedServer, SITE, uniqueEmail, verifyLinkOf } from './test-support';

const server = setUpSharedServer();

describe('sessions', () => {
  it('rejects user calls without a usable token', async () => {
    const noBearer = await fetch(`${server.url}/auth/v1/user`, {
      headers: { 'X-Supabase-Api-Version': '2024-01-01' },
    });
    expect(noBearer.status).toBe(401);
    expect(await noBearer.json()).toMatchObject({ code: 'no_authorization' });
    const anon = await fetch(`${server.url}/auth/v1/user`, {
      headers: { Authorization: `Bearer ${server.anonKey}` },
    });
    expect(anon.status).toBe(403);
    expect(await anon.json()).toMatchObject({ code: 'bad_jwt', message: 'invalid claim: missing sub claim' });
    const forged = await fetch(`${server.url}/auth/v1/user`, {
      headers: { Authorization: `Bearer ${server.anonKey.slice(0, -4)}AAAA` },
    });
    expect(forged.status).toBe(403);
    expect(await forged.json()).toMatchObject({ code: 'bad_jwt' });
  });
});

describe('updating the user', () => {
  it('merges metadata shallowly and deletes keys set to null', async () => {
    const { sb } = await server.confirmedUser('hunter22', {
      first_name: 'Ada',
      last_name: 'Lovelace',
      zip_code: '10115',
    });
    const { data, error } = await sb.auth.updateUser({
      data: { first_name: 'Augusta', zip_code: null, plan: 'pro' },
    });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toMatchObject({
      first_name: 'Augusta',
      last_name: 'Lovelace',
      plan: 'pro',
    });
    expect(data.user?.user_metadata).not.toHaveProperty('zip_code');
    const appMeta = await fetch(`${server.url}/auth/v1/user`, {
      method: 'PUT',
      headers: {
        Authorization: `Bearer ${(await sb.auth.getSession()).data.session!.access_token}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ app_metadata: { role: 'admin' } }),
    });
    expect(appMeta.status).toBe(403);
  });

  it('changes the password, refusing weak or unchanged ones, and signs out other devices', async () => {
    const { sb, email } = await server.confirmedUser('hunter22');
    const other = server.client();
    await other.auth.signInWithPassword({ email, password: 'hunter22' });
    const otherToken = (await other.auth.getSession()).data.session!.access_token;

    const same = await sb.auth.updateUser({ password: 'hunter22' });
    expect(same.error?.code).toBe('same_password');
    expect(same.error?.status).toBe(422);
    expect(same.error?.message).toBe('New password should be different from the old password.');
    const weak = await sb.auth.updateUser({ password: 'abc' });
    expect(weak.error?.code).toBe('weak_password');

    expect((await sb.auth.updateUser({ password: 'correct-horse' })).error).toBeNull();
    expect((await sb.auth.getUser()).error).toBeNull();
    expect((await other.auth.getUser(otherToken)).error?.name).toBe('AuthSessionMissingError');
    expect((await server.client().auth.signInWithPassword({ email, password: 'hunter22' })).error?.code).toBe(
      'invalid_credentials',
    );
    expect(
      (await server.client().auth.signInWithPassword({ email, password: 'correct-horse' })).error,
    ).toBeNull();
  });

  it('changes the email only after both links are opened: the one to the new address and the one to the current', async () => {
    const { sb, email } = await server.confirmedUser('hunter22');
    const taken = await server.confirmedUser('hunter22');
    const clash = await sb.auth.updateUser({ email: taken.email });
    expect(clash.error?.code).toBe('email_exists');
    expect(clash.error?.status).toBe(422);

    const next = uniqueEmail('moved');
    const { data, error } = await sb.auth.updateUser({ email: next }, { emailRedirectTo: `${SITE}/account` });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.new_email).toBe(next);
    const [toNew] = await server.inbox(next);
    const toCurrent = (await server.inbox(email)).find((m) => m.subject === 'Confirm Email Change');
    expect(toNew.subject).toBe('Confirm Email Change');
    expect(toCurrent).toBeDefined();

    // The new address's link alone changes nothing.
    const first = await follow(verifyLinkOf(toNew));
    expect(first.base).toBe(`${SITE}/account`);
    expect(first.params.message).toBe(
      'Confirmation link accepted. Please proceed to confirm link sent to the other email',
    );
    expect(first.params.access_token).toBeUndefined();
    expect((await server.client().auth.signInWithPassword({ email, password: 'hunter22' })).error).toBeNull();
    expect(
      (await server.client().auth.signInWithPassword({ email: next, password: 'hunter22' })).error?.code,
    ).toBe('invalid_credentials');

    // The current address's link completes it.
    const second = await follow(verifyLinkOf(toCurrent!));
    expect(second.params.type).toBe('email_change');
    expect(second.params.access_token).toBeTruthy();
    expect(
      (await server.client().auth.signInWithPassword({ email: next, password: 'hunter22' })).error,
    ).toBeNull();
    expect((await server.client().auth.signInWithPassword({ email, password: 'hunter22' })).error?.code).toBe(
      'invalid_credentials',
    );
  });
});
