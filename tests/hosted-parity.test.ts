// Where the local Supabase once answered otherwise than hosted Supabase (issue 30), what hosted answers, pinned through
// supabase-js: upserts, which overload an RPC means, counts on calls and planned counts, and the admin users API.
// The reference for each answer (PostgREST 12's and GoTrue's source) is in docs/decisions/063-answers-as-hosted.md.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startEmulator, type RunningEmulator } from '../emulator/server';
import { startFixtureEmulator } from './support/fixture-emulator';
import { client } from './support/supabase';

let emu: RunningEmulator;
let db: SupabaseClient;

beforeAll(async () => {
  emu = await startEmulator({ port: 0, dataDir: 'memory', log: false, testing: true });
  await emu.db.exec(`
    create table public.parity_users (
      username text primary key,
      status text not null default 'ONLINE',
      age int
    );
    create table public.parity_notes (body text not null);
    alter table public.parity_users enable row level security;
    alter table public.parity_notes enable row level security;
    insert into public.parity_users (username, age) values ('ada', 36), ('grace', 85), ('alan', 41),
      ('edsger', 72), ('barbara', 48);

    create function public.parity_pick(a text) returns text language sql as $$ select 'text' $$;
    create function public.parity_pick(a int) returns text language sql as $$ select 'int' $$;
    create function public.parity_by_name() returns void language sql as '';
    create function public.parity_by_name(a text) returns text language sql as $$ select 'a' $$;
    create function public.parity_by_name(b int) returns text language sql as $$ select 'b' $$;
    create function public.parity_whole_json(json) returns json language sql as $$ select $1 $$;
    create function public.parity_whole_text(text) returns text language sql as $$ select $1 $$;
    create function public.parity_whole_int(int) returns int language sql as $$ select $1 $$;
    create function public.parity_defaults() returns int language sql as 'select 1';
    create function public.parity_defaults(text default 'x') returns text language sql as $$ select 'two' $$;
    create function public.parity_count() returns int language sql as 'select 42';
    create function public.parity_ages() returns setof int language sql as
      $$ select age from public.parity_users order by age $$;
  `);
  await emu.reloadSchema();
  db = client(emu.url, emu.serviceRoleKey);
});

afterAll(async () => {
  await emu?.stop();
});

/** A raw request, for what supabase-js cannot send or hides (a text body, a status on HEAD). */
function rest(path: string, init: RequestInit & { headers?: Record<string, string> } = {}) {
  return fetch(`${emu.url}/rest/v1/${path}`, {
    ...init,
    headers: { apikey: emu.serviceRoleKey, authorization: `Bearer ${emu.serviceRoleKey}`, ...init.headers },
  });
}

/** A JSON body sent with a Prefer header, as supabase-js sends a write (it hides the status we assert). */
function sendJson(method: 'POST' | 'PATCH', path: string, prefer: string, body: unknown) {
  return rest(path, {
    method,
    headers: { 'content-type': 'application/json', prefer },
    body: JSON.stringify(body),
  });
}

describe('upsert', () => {
  it('returns an existing row for a body that holds only its key, with 200 as nothing was inserted', async () => {
    const res = await sendJson(
      'POST',
      'parity_users?on_conflict=username&select=*',
      'resolution=merge-duplicates,return=representation',
      { username: 'ada' },
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([{ username: 'ada', status: 'ONLINE', age: 36 }]);
  });

  it('answers 200 to an upsert that only updated, and 201 once any row is new', async () => {
    const updated = await db.from('parity_users').upsert({ username: 'grace', age: 86 }).select();
    expect(updated.status).toBe(200);
    expect(updated.data).toEqual([{ username: 'grace', status: 'ONLINE', age: 86 }]);

    const minimal = await db.from('parity_users').upsert({ username: 'grace', age: 87 });
    expect(minimal.status).toBe(200);

    const mixed = await db
      .from('parity_users')
      .upsert([
        { username: 'alan', age: 42 },
        { username: 'katherine', age: 101 },
      ])
      .select('username, age')
      .order('username');
    expect(mixed.status).toBe(201);
    expect(mixed.data).toEqual([
      { username: 'alan', age: 42 },
      { username: 'katherine', age: 101 },
    ]);

    const ignored = await db
      .from('parity_users')
      .upsert({ username: 'ada', age: 1 }, { ignoreDuplicates: true })
      .select();
    expect(ignored.status).toBe(201);
    expect(ignored.data).toEqual([]);
  });

  it('inserts into a table with no primary key when no conflict target is named', async () => {
    const res = await db.from('parity_notes').upsert({ body: 'first' }).select();
    expect(res.error).toBeNull();
    expect(res.status).toBe(201);
    expect(res.data).toEqual([{ body: 'first' }]);
  });
});

describe('which function a call means', () => {
  it('answers 300 PGRST203 when two overloads take the same argument names', async () => {
    const res = await db.rpc('parity_pick', { a: 'x' });
    expect(res.status).toBe(300);
    expect(res.error).toEqual({
      code: 'PGRST203',
      details: null,
      hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
      message:
        'Could not choose the best candidate function between: public.parity_pick(a => integer), public.parity_pick(a => text)',
    });
  });

  it('tells overloads apart by their argument names', async () => {
    expect((await db.rpc('parity_by_name', { b: 1 })).data).toBe('b');
    expect((await db.rpc('parity_by_name', { a: 'x' })).data).toBe('a');
    expect((await db.rpc('parity_by_name')).status).toBe(204);
  });

  it('passes the whole body to a single unnamed json or text argument', async () => {
    const json = await db.rpc('parity_whole_json', { size: 'M', tags: ['denim'] });
    expect(json.data).toEqual({ size: 'M', tags: ['denim'] });
    const text = await rest('rpc/parity_whole_text', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'Levi’s 501',
    });
    expect(text.status).toBe(200);
    expect(await text.json()).toBe('Levi’s 501');
  });

  it('answers 300 when a call without arguments fits two overloads through defaults', async () => {
    const res = await db.rpc('parity_defaults');
    expect(res.status).toBe(300);
    expect(res.error?.message).toBe(
      'Could not choose the best candidate function between: public.parity_defaults(), public.parity_defaults( => text)',
    );
  });

  it('answers 404 PGRST202 with the closest name for a function it cannot call or does not have', async () => {
    const unnamedInt = await db.rpc('parity_whole_int', { '': 1 });
    expect(unnamedInt.status).toBe(404);
    expect(unnamedInt.error).toEqual({
      code: 'PGRST202',
      details:
        'Searched for the function public.parity_whole_int with parameter  or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      hint: 'Perhaps you meant to call the function public.parity_whole_text',
      message: 'Could not find the function public.parity_whole_int() in the schema cache',
    });

    const misspelt = await db.rpc('parity_count_', {});
    expect(misspelt.error).toMatchObject({
      code: 'PGRST202',
      message: 'Could not find the function public.parity_count_ without parameters in the schema cache',
      hint: 'Perhaps you meant to call the function public.parity_count',
    });

    // A name unlike any other gets no hint: since PostgREST 14.6 a name is suggested only when it is close (0.75).
    const unrelated = await db.rpc('fold_the_laundry', {});
    expect(unrelated.error).toMatchObject({ code: 'PGRST202', hint: null });

    const wrongArgs = await db.rpc('parity_by_name', { aa: 'x' });
    expect(wrongArgs.error).toMatchObject({
      message: 'Could not find the function public.parity_by_name(aa) in the schema cache',
      hint: 'Perhaps you meant to call the function public.parity_by_name(a)',
    });
  });
});

describe('counts', () => {
  it('counts a function that returns one value as one row', async () => {
    const res = await db.rpc('parity_count', {}, { count: 'exact' });
    expect(res).toMatchObject({ data: 42, count: 1, status: 200 });
    const head = await db.rpc('parity_count', {}, { count: 'exact', head: true });
    expect(head).toMatchObject({ data: null, count: 1, status: 200 });
  });

  it('answers 206 with the counted total when a call returns part of its rows', async () => {
    const res = await db.rpc('parity_ages', {}, { count: 'exact' }).range(0, 1);
    expect(res.status).toBe(206);
    expect(res.count).toBeGreaterThan(2);
    expect(res.data).toHaveLength(2);
  });

  it("gives the planner's estimate for a planned count, and 206 when it is more than the page", async () => {
    const { rows } = await emu.db.query<{ plan: unknown }>(
      'explain (format json) select 1 from public.parity_users',
    );
    const raw = rows[0] as Record<string, unknown>;
    const plan = Object.values(raw)[0];
    const estimate = (typeof plan === 'string' ? JSON.parse(plan) : plan)[0].Plan['Plan Rows'] as number;
    const page = await db.from('parity_users').select('*', { count: 'planned' }).limit(2);
    expect(page.count).toBe(estimate);
    expect(page.status).toBe(estimate > 2 ? 206 : 200);

    const head = await rest('parity_users?select=*', {
      method: 'HEAD',
      headers: { prefer: 'count=planned' },
    });
    expect(head.headers.get('content-range')).toMatch(new RegExp(`/${estimate}$`));
  });

  it('counts exactly for an estimated count under the row limit', async () => {
    const res = await db.from('parity_users').select('username', { count: 'estimated', head: true });
    const exact = await db.from('parity_users').select('username', { count: 'exact', head: true });
    expect(res.count).toBe(exact.count);
  });
});

describe('admin users', () => {
  it('stores user_metadata as sent on create and merges it on update', async () => {
    const created = await db.auth.admin.createUser({
      email: 'parity@example.com',
      password: 'a long enough password 1',
      user_metadata: { first_name: 'Ada' },
    });
    expect(created.error).toBeNull();
    expect(created.data.user?.user_metadata).toEqual({ first_name: 'Ada' });

    const updated = await db.auth.admin.updateUserById(created.data.user!.id, {
      user_metadata: { plan: 'pro' },
    });
    expect(updated.data.user?.user_metadata).toEqual({ first_name: 'Ada', plan: 'pro' });

    const confirmed = await db.auth.admin.updateUserById(created.data.user!.id, { email_confirm: true });
    expect(confirmed.data.user?.user_metadata).toEqual({
      first_name: 'Ada',
      plan: 'pro',
      email_verified: true,
    });
  });

  it('refuses a page that is not a whole number', async () => {
    const res = await db.auth.admin.listUsers({ page: -1 });
    expect(res.error?.status).toBe(400);
    expect(res.error?.message).toContain('Bad Pagination Parameters');
    const ok = await db.auth.admin.listUsers({ page: 1, perPage: 10 });
    expect(ok.error).toBeNull();
  });
});

describe('smaller PostgREST features', () => {
  it('filters with like(any), ilike(all) and eq(any)', async () => {
    const any = await db
      .from('parity_users')
      .select('username')
      .likeAnyOf('username', ['a*', 'g*'])
      .order('username');
    expect(any.data?.map((r) => r.username)).toEqual(['ada', 'alan', 'grace']);
    const all = await db.from('parity_users').select('username').ilikeAllOf('username', ['*A*', '*L*']);
    expect(all.data?.map((r) => r.username)).toEqual(['alan']);
    const eq = await rest('parity_users?select=username&age=eq(any).{36,48}&order=username');
    expect(await eq.json()).toEqual([{ username: 'ada' }, { username: 'barbara' }]);
  });

  it('refuses a change over max-affected under handling=strict, and leaves the rows as they were', async () => {
    const res = await sendJson('PATCH', 'parity_users?age=gt.0', 'handling=strict, max-affected=1', {
      status: 'AWAY',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 'PGRST124',
      message: 'Query result exceeds max-affected preference constraint',
    });
    const away = await db
      .from('parity_users')
      .select('username', { count: 'exact', head: true })
      .eq('status', 'AWAY');
    expect(away.count).toBe(0);
  });

  it('answers a change under Prefer: tx=rollback and then rolls it back', async () => {
    const res = await sendJson('POST', 'parity_users?select=username', 'return=representation, tx=rollback', {
      username: 'rolled_back',
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual([{ username: 'rolled_back' }]);
    const kept = await db.from('parity_users').select('username').eq('username', 'rolled_back');
    expect(kept.data).toEqual([]);
  });

  it('strips null fields for application/vnd.pgrst.array+json;nulls=stripped', async () => {
    await db.from('parity_users').insert({ username: 'nobody' });
    const res = await rest('parity_users?select=username,age&username=eq.nobody', {
      headers: { accept: 'application/vnd.pgrst.array+json;nulls=stripped' },
    });
    expect(res.headers.get('content-type')).toContain('nulls=stripped');
    expect(await res.json()).toEqual([{ username: 'nobody' }]);
  });
});

describe('a schema other than public', () => {
  it('answers from a schema config.toml exposes, and 406 PGRST106 for one it does not', async () => {
    const fixture = await startFixtureEmulator();
    try {
      await fixture.db.exec(`
        create schema personal;
        grant usage on schema personal to anon, authenticated, service_role;
        create table personal.closet (item text primary key);
        grant all on personal.closet to service_role;
        alter table personal.closet enable row level security;
        insert into personal.closet values ('Barbour jacket');
        create function personal.closet_size() returns int language sql as 'select count(*)::int from personal.closet';
        grant execute on function personal.closet_size() to service_role;
      `);
      await fixture.reloadSchema();
      const personal = client(fixture.url, fixture.serviceRoleKey).schema('personal');
      expect((await personal.from('closet').select('item')).data).toEqual([{ item: 'Barbour jacket' }]);
      expect((await personal.rpc('closet_size')).data).toBe(1);
      const missing = await personal.from('wardrobe').select();
      expect(missing.error?.message).toBe("Could not find the table 'personal.wardrobe' in the schema cache");

      const other = await client(fixture.url, fixture.serviceRoleKey)
        .schema('private')
        .from('closet')
        .select();
      expect(other.status).toBe(406);
      expect(other.error).toMatchObject({
        code: 'PGRST106',
        message: 'The schema must be one of the following: public, personal',
      });
    } finally {
      await fixture.stop();
    }
  });
});
