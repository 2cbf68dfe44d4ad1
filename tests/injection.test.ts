// SQL injection through every part of a REST request: identifiers are looked up in the catalogue and quoted, values
// are bound parameters. Each attempt is refused (400/404) or harmlessly matches nothing, and the table is unchanged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../emulator/server';

let emu: RunningEmulator;

const snapshot = async () =>
  (
    await emu.db.query<{ rows: string }>(
      `select json_agg(t order by id)::text as rows from public.emu_vault t`,
    )
  ).rows[0].rows;
let before: string;

beforeAll(async () => {
  emu = await startEmulator({ port: 0, dataDir: 'memory', log: false });
  await emu.db.exec(`
    create table public.emu_vault (id int primary key, owner text not null, secret text not null, meta jsonb);
    alter table public.emu_vault enable row level security;
    create policy "public rows" on public.emu_vault for select using (owner = 'public');
    insert into public.emu_vault values (1, 'public', 'shown', '{"a":1}'), (2, 'admin', 'hidden', null);
    create function public.emu_echo(msg text) returns text language sql immutable as $$ select msg $$;
  `);
  await emu.reloadSchema();
  before = await snapshot();
});

afterAll(async () => {
  await emu?.stop();
});

async function rest(pathAndQuery: string, init: RequestInit = {}) {
  const res = await fetch(`${emu.url}/rest/v1/${pathAndQuery}`, {
    ...init,
    headers: {
      apikey: emu.anonKey,
      'Content-Type': 'application/json',
      ...(init.headers as Record<string, string>),
    },
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
}

const q = encodeURIComponent;

describe('SQL injection attempts', () => {
  it.each([
    ['filter column', `emu_vault?${q('id;drop table emu_vault;--')}=eq.1`],
    ['filter column with a subquery', `emu_vault?${q('(select secret from emu_vault)')}=eq.1`],
    ['filter operator', `emu_vault?id=${q('eq);drop table emu_vault;--.1')}`],
    ['filter value on an integer column', `emu_vault?id=eq.${q('1 or 1=1')}`],
    ['in-list on an integer column', `emu_vault?id=in.${q('(1) or true)--')}`],
    ['is value', `emu_vault?owner=is.${q('null or true')}`],
    ['text-search configuration', `emu_vault?secret=fts(${q("english'),true--")}).x`],
    ['or tree', `emu_vault?or=${q('(id.eq.1)) or true --')}`],
    ['or tree column', `emu_vault?or=${q('(id.eq.1,1=1 or owner.eq.x)')}`],
    ['order column', `emu_vault?order=${q('id;drop table emu_vault')}`],
    ['order expression', `emu_vault?order=${q('(select 1)')}`],
    ['order direction', `emu_vault?order=${q('id.desc;drop table emu_vault')}`],
    ['select subquery', `emu_vault?select=${q('id,(select secret from emu_vault where id=2)')}`],
    ['select function call', `emu_vault?select=${q('pg_sleep(1)')}`],
    ['select cast', `emu_vault?select=${q('id::text from emu_vault;drop table emu_vault;--')}`],
    ['select alias', `emu_vault?select=${q('"x";drop table emu_vault:id')}`],
    ['limit', `emu_vault?limit=${q('1;drop table emu_vault')}`],
    ['offset', `emu_vault?offset=${q('0 union select 1')}`],
  ])('refuses a %s', async (_what, path) => {
    const res = await rest(path);
    expect([400, 404]).toContain(res.status);
  });

  it('treats a hostile value on a text column as plain data', async () => {
    const res = await rest(`emu_vault?select=id,secret&owner=eq.${q("public' or '1'='1")}`);
    expect(res).toEqual({ status: 200, body: [] });
    const json = await rest(`emu_vault?select=${q("meta->>a')),(select secret from emu_vault where id=2")}`);
    expect([200, 400]).toContain(json.status);
    expect(JSON.stringify(json.body)).not.toContain('hidden');
  });

  it('refuses unknown or qualified table names', async () => {
    for (const path of [
      q('emu_vault;drop table emu_vault'),
      'pg_catalog.pg_authid',
      q('auth.users'),
      q('"emu_vault"'),
    ]) {
      expect((await rest(path)).status).toBe(404);
    }
  });

  it('refuses hostile column names in bodies, columns= and on_conflict=', async () => {
    const body = await rest('emu_vault', {
      method: 'POST',
      body: JSON.stringify({ 'id") values (9); drop table emu_vault; --': 1 }),
    });
    expect(body.status).toBe(400);
    const columns = await rest(`emu_vault?columns=${q('id,secret) select 1;--')}`, {
      method: 'POST',
      body: JSON.stringify([{ id: 9 }]),
    });
    expect(columns.status).toBe(400);
    const conflict = await rest(`emu_vault?on_conflict=${q('id) do nothing; drop table emu_vault; --')}`, {
      method: 'POST',
      headers: { apikey: emu.serviceRoleKey, Prefer: 'resolution=merge-duplicates' },
      body: JSON.stringify({ id: 1, owner: 'public', secret: 'x' }),
    });
    expect(conflict.status).toBe(400);
    const patch = await rest('emu_vault?id=eq.1', {
      method: 'PATCH',
      headers: { apikey: emu.serviceRoleKey },
      body: JSON.stringify({ 'secret" = \'pwned\', "owner': 'x' }),
    });
    expect(patch.status).toBe(400);
  });

  it('refuses unknown, qualified and hostile function names and arguments', async () => {
    for (const name of [
      'pg_sleep',
      q('pg_catalog.pg_sleep'),
      q('emu_echo(msg) ; drop table emu_vault; --'),
      'emu_echo%3B',
    ]) {
      const res = await rest(`rpc/${name}`, { method: 'POST', body: JSON.stringify({ seconds: 1 }) });
      expect(res.status).toBe(404);
    }
    const arg = await rest('rpc/emu_echo', {
      method: 'POST',
      body: JSON.stringify({ 'msg := 1); drop table emu_vault; --': 'x' }),
    });
    expect(arg.status).toBe(404);
    const value = await rest('rpc/emu_echo', {
      method: 'POST',
      body: JSON.stringify({ msg: "'); drop table emu_vault; --" }),
    });
    expect(value).toEqual({ status: 200, body: "'); drop table emu_vault; --" });
    const get = await rest(`rpc/emu_echo?msg=${q("x'::text); drop table emu_vault; --")}`);
    expect(get.status).toBe(200);
  });

  it('left the table exactly as it was, and anon never saw the hidden row', async () => {
    expect(await snapshot()).toBe(before);
    const visible = await rest('emu_vault?select=secret');
    expect(visible.body).toEqual([{ secret: 'shown' }]);
  });
});
