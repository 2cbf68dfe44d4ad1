// Row-level security through /rest/v1: each request runs as the JWT's role with its claims set, so owner policies
// written against auth.uid() behave as on hosted Supabase. Users are real: signed up and confirmed through /auth/v1.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { signJwt } from '../emulator/keys';
import { startEmulator, type RunningEmulator } from '../emulator/server';
import { client, userToken } from './support/supabase';

let emu: RunningEmulator;
let anon: SupabaseClient;
let service: SupabaseClient;
let alice: { id: string; db: SupabaseClient };
let bob: { id: string; db: SupabaseClient };

/** Signs up through /auth/v1, follows the confirmation link from the local mailbox, returns a signed-in client. */
async function signUp(email: string) {
  const auth = client(emu.url, emu.anonKey);
  const { data, error } = await auth.auth.signUp({ email, password: 'correct-horse-9' });
  if (error || !data.user) throw error ?? new Error('no user');
  const messages = (await (
    await fetch(`${emu.url}/_mail/api/messages?to=${encodeURIComponent(email)}`)
  ).json()) as { links: string[] }[];
  const link = messages[0].links.find((l) => l.includes('/auth/v1/verify'));
  if (!link) throw new Error('no confirmation link');
  const verified = await fetch(link, { redirect: 'manual' });
  const fragment = new URLSearchParams(new URL(verified.headers.get('location')!).hash.slice(1));
  const accessToken = fragment.get('access_token');
  if (!accessToken) throw new Error(`verify did not sign in: ${verified.headers.get('location')}`);
  return { id: data.user.id, db: client(emu.url, emu.anonKey, accessToken) };
}

beforeAll(async () => {
  emu = await startEmulator({ port: 0, dataDir: 'memory', testing: true, log: false });
  await emu.db.exec(`
    create table public.emu_notes (
      id bigint generated always as identity primary key,
      owner_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
      body text not null
    );
    alter table public.emu_notes enable row level security;
    create policy "owners read" on public.emu_notes for select to authenticated using (owner_id = auth.uid());
    create policy "owners write" on public.emu_notes for insert to authenticated with check (owner_id = auth.uid());
    create policy "owners update" on public.emu_notes for update to authenticated using (owner_id = auth.uid()) with check (owner_id = auth.uid());
    create policy "owners delete" on public.emu_notes for delete to authenticated using (owner_id = auth.uid());
  `);
  anon = client(emu.url, emu.anonKey);
  service = client(emu.url, emu.serviceRoleKey);
  alice = await signUp('alice.rls@example.com');
  bob = await signUp('bob.rls@example.com');
  expect((await alice.db.from('emu_notes').insert({ body: 'alice 1' })).error).toBeNull();
  expect((await bob.db.from('emu_notes').insert([{ body: 'bob 1' }, { body: 'bob 2' }])).error).toBeNull();
});

afterAll(async () => {
  await emu?.stop();
});

const bodies = (rows: { body: string }[] | null) => (rows ?? []).map((r) => r.body).sort();

describe('owner policies', () => {
  it('shows anon nothing and refuses its writes with 401', async () => {
    expect((await anon.from('emu_notes').select('body')).data).toEqual([]);
    const insert = await anon.from('emu_notes').insert({ body: 'drive-by', owner_id: alice.id });
    expect(insert.status).toBe(401);
    expect(insert.error?.code).toBe('42501');
  });

  it('lets a user read and write only their own rows', async () => {
    expect(bodies((await alice.db.from('emu_notes').select('body')).data)).toEqual(['alice 1']);
    expect(bodies((await bob.db.from('emu_notes').select('body')).data)).toEqual(['bob 1', 'bob 2']);
    const mine = await alice.db
      .from('emu_notes')
      .insert({ body: 'alice 2' })
      .select('body, owner_id')
      .single();
    expect(mine.data).toEqual({ body: 'alice 2', owner_id: alice.id });
  });

  it('refuses rows written in another user’s name with 403', async () => {
    const forged = await alice.db.from('emu_notes').insert({ body: 'forged', owner_id: bob.id });
    expect(forged.status).toBe(403);
    expect(forged.error?.message).toContain('row-level security');
  });

  it('silently leaves another user’s rows alone on update and delete', async () => {
    const update = await alice.db
      .from('emu_notes')
      .update({ body: 'hijacked' })
      .eq('owner_id', bob.id)
      .select();
    expect(update.data).toEqual([]);
    const remove = await alice.db.from('emu_notes').delete().eq('owner_id', bob.id).select();
    expect(remove.data).toEqual([]);
    const steal = await alice.db
      .from('emu_notes')
      .update({ owner_id: alice.id })
      .eq('body', 'bob 1')
      .select();
    expect(steal.data).toEqual([]);
    expect(bodies((await service.from('emu_notes').select('body').eq('owner_id', bob.id)).data)).toEqual([
      'bob 1',
      'bob 2',
    ]);
  });

  it('lets the service role see and change everything', async () => {
    const all = await service.from('emu_notes').select('body', { count: 'exact' });
    expect(all.count).toBe(4);
    const moved = await service
      .from('emu_notes')
      .update({ body: 'bob 2 (moderated)' })
      .eq('body', 'bob 2')
      .select('body');
    expect(moved.data).toEqual([{ body: 'bob 2 (moderated)' }]);
  });

  it('exposes the claims to SQL as auth.uid(), auth.role() and auth.jwt()', async () => {
    await emu.db.exec(`create function public.emu_claims() returns json language sql stable as $$
      select json_build_object('uid', auth.uid(), 'role', auth.role(), 'email', auth.jwt() ->> 'email', 'user', current_user) $$;`);
    const me = await alice.db.rpc('emu_claims');
    expect(me.data).toEqual({
      uid: alice.id,
      role: 'authenticated',
      email: 'alice.rls@example.com',
      user: 'authenticated',
    });
    expect((await anon.rpc('emu_claims')).data).toEqual({
      uid: null,
      role: 'anon',
      email: null,
      user: 'anon',
    });
    expect((await service.rpc('emu_claims')).data).toMatchObject({
      role: 'service_role',
      user: 'service_role',
    });
  });
});

describe('JWT checks', () => {
  it('answers 401 PGRST303 for an expired token and 401 PGRST301 for a foreign signature', async () => {
    const expired = await signJwt({
      sub: alice.id,
      role: 'authenticated',
      exp: Math.floor(Date.now() / 1000) - 60,
    });
    const res = await client(emu.url, emu.anonKey, expired).from('emu_notes').select();
    expect(res.status).toBe(401);
    expect(res.error?.code).toBe('PGRST303');
    const foreign = await userToken(alice.id, { secret: 'another-projects-secret-that-is-32-chars-long' });
    const raw = await fetch(`${emu.url}/rest/v1/emu_notes`, {
      headers: { apikey: emu.anonKey, Authorization: `Bearer ${foreign}` },
    });
    expect(raw.status).toBe(401);
    expect(((await raw.json()) as { code: string }).code).toBe('PGRST301');
    expect(raw.headers.get('www-authenticate')).toContain('Bearer');
  });

  it('accepts a token signed with the project secret, as the auth service signs them', async () => {
    const token = await userToken(bob.id);
    expect(bodies((await client(emu.url, emu.anonKey, token).from('emu_notes').select('body')).data)).toEqual(
      ['bob 1', 'bob 2 (moderated)'],
    );
  });
});
