// The admin API (/admin/users) through supabase-js's auth.admin with the service_role key, and its refusal of
// everyone else.
import { describe, expect, it } from 'vitest';
import { setUpSharedServer, uniqueEmail } from './test-support';

const server = setUpSharedServer();

describe('admin API (service_role)', () => {
  const admin = () => server.client(server.serviceRoleKey).auth.admin;

  it('creates confirmed users, updates, bans and deletes them', async () => {
    const email = uniqueEmail('admin');
    const created = await admin().createUser({
      email,
      password: 'hunter22',
      email_confirm: true,
      user_metadata: { first_name: 'Grace' },
    });
    expect(created.error).toBeNull();
    const id = created.data.user!.id;
    expect(created.data.user?.email_confirmed_at).toBeTruthy();
    expect(created.data.user?.user_metadata).toMatchObject({ first_name: 'Grace', email_verified: true });
    expect(await server.inbox(email)).toEqual([]);
    expect((await server.client().auth.signInWithPassword({ email, password: 'hunter22' })).error).toBeNull();

    const duplicate = await admin().createUser({ email, password: 'hunter22' });
    expect(duplicate.error?.code).toBe('email_exists');

    const updated = await admin().updateUserById(id, {
      user_metadata: { plan: 'pro' },
      app_metadata: { tier: 2 },
    });
    expect(updated.data.user?.user_metadata).toMatchObject({ first_name: 'Grace', plan: 'pro' });
    expect(updated.data.user?.app_metadata).toEqual({ provider: 'email', providers: ['email'], tier: 2 });
    expect((await admin().getUserById(id)).data.user?.email).toBe(email);
    expect((await admin().listUsers()).data.users.some((u) => u.id === id)).toBe(true);

    await admin().updateUserById(id, { ban_duration: '24h' });
    expect((await server.client().auth.signInWithPassword({ email, password: 'hunter22' })).error?.code).toBe(
      'user_banned',
    );
    await admin().updateUserById(id, { ban_duration: 'none' });

    expect((await admin().deleteUser(id)).error).toBeNull();
    expect((await server.client().auth.signInWithPassword({ email, password: 'hunter22' })).error?.code).toBe(
      'invalid_credentials',
    );
    expect((await admin().getUserById(id)).error?.status).toBe(404);
  });

  it('refuses anyone but the service role', async () => {
    const res = await fetch(`${server.url}/auth/v1/admin/users`, {
      headers: { Authorization: `Bearer ${server.anonKey}`, 'X-Supabase-Api-Version': '2024-01-01' },
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'not_admin' });
  });
});
