// POST /logout through the real supabase-js client: signing out one session, the others, or all of them.
import { type SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { setUpSharedServer } from './test-support';

const server = setUpSharedServer();

describe('sessions', () => {
  it('logs out one session, the others, or all of them', async () => {
    const { email, password } = await server.confirmedUser();
    const devices = [server.client(), server.client(), server.client()];
    for (const d of devices) expect((await d.auth.signInWithPassword({ email, password })).error).toBeNull();
    const alive = async (d: SupabaseClient) => {
      const token = (await d.auth.getSession()).data.session?.access_token;
      if (!token) return false;
      return !(await d.auth.getUser(token)).error;
    };
    const tokens = await Promise.all(
      devices.map(async (d) => (await d.auth.getSession()).data.session!.access_token),
    );

    expect((await devices[0].auth.signOut({ scope: 'local' })).error).toBeNull();
    expect((await devices[0].auth.getUser(tokens[0])).error?.name).toBe('AuthSessionMissingError');
    expect(await alive(devices[1])).toBe(true);

    const badScope = await fetch(`${server.url}/auth/v1/logout?scope=everyone`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${tokens[1]}` },
    });
    expect(badScope.status).toBe(400);
    expect(await badScope.json()).toMatchObject({ code: 'validation_failed' });

    expect((await devices[1].auth.signOut({ scope: 'others' })).error).toBeNull();
    expect(await alive(devices[1])).toBe(true);
    expect((await devices[2].auth.getUser(tokens[2])).error?.name).toBe('AuthSessionMissingError');

    const again = server.client();
    await again.auth.signInWithPassword({ email, password });
    expect((await devices[1].auth.signOut()).error).toBeNull();
    expect(await alive(again)).toBe(false);
  });
});
