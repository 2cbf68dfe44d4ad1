// The emulator's database start-up: Supabase's bootstrap (roles, schemas, grants, auth helpers), migrations applied
// once each and recorded, seed.sql only on a fresh database, data kept across restarts, and a failing migration
// stopping start-up with the file and the Postgres error.
import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../emulator/server';
import { fixtureProject as fixture } from './support/fixture-emulator';

const temps: string[] = [];

/** A copy of the fixture project with extra migrations and a seed, in a temp folder. */
function project(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'flipwise-emu-project-'));
  temps.push(dir);
  cpSync(fixture, dir, { recursive: true });
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(dir, name), content);
  return dir;
}

afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

describe('bootstrap', () => {
  it('creates what a Supabase project has before its first migration', async () => {
    const emu = await startEmulator({ port: 0, dataDir: 'memory', supabaseDir: fixture, log: false });
    try {
      const { rows } = await emu.db.query<Record<string, unknown>>(`
        select
          (select array_agg(rolname order by rolname) from pg_roles where rolname in ('anon','authenticated','service_role','authenticator')) as roles,
          (select rolbypassrls from pg_roles where rolname = 'service_role') as service_bypasses_rls,
          (select array_agg(nspname order by nspname) from pg_namespace where nspname in ('auth','extensions','supabase_migrations')) as schemas,
          (select array_agg(extname order by extname) from pg_extension e join pg_namespace n on n.oid = e.extnamespace where n.nspname = 'extensions') as extensions,
          to_regclass('auth.users') is not null and to_regclass('auth.sessions') is not null and to_regclass('auth.refresh_tokens') is not null as auth_tables`);
      expect(rows[0]).toEqual({
        roles: ['anon', 'authenticated', 'authenticator', 'service_role'],
        service_bypasses_rls: true,
        schemas: ['auth', 'extensions', 'supabase_migrations'],
        extensions: ['pg_trgm', 'pgcrypto', 'unaccent', 'uuid-ossp'],
        auth_tables: true,
      });

      // Default privileges: a table created later is usable by every API role, so RLS is the only guard.
      await emu.db.exec('create table public.emu_later (id int)');
      const grants = await emu.db.query<{ role: string; ok: boolean }>(
        `select r as role, has_table_privilege(r, 'public.emu_later', 'select, insert, update, delete') as ok
         from unnest(array['anon','authenticated','service_role']) r`,
      );
      expect(grants.rows.every((g) => g.ok)).toBe(true);

      const claims = await emu.db.transaction(async (tx) => {
        await tx.query(`select set_config('request.jwt.claims', $1, true)`, [
          JSON.stringify({
            sub: '2b7e1516-28ae-4d2a-abf7-158809cf4f3c',
            role: 'authenticated',
            email: 'a@example.com',
          }),
        ]);
        return (
          await tx.query<Record<string, unknown>>(
            `select auth.uid()::text as uid, auth.role() as role, auth.jwt() ->> 'email' as email`,
          )
        ).rows[0];
      });
      expect(claims).toEqual({
        uid: '2b7e1516-28ae-4d2a-abf7-158809cf4f3c',
        role: 'authenticated',
        email: 'a@example.com',
      });
      const { rows: none } = await emu.db.query<{ uid: string | null }>('select auth.uid() as uid');
      expect(none[0].uid).toBeNull();
    } finally {
      await emu.stop();
    }
  });
});

describe('migrations and seed', () => {
  it('applies each migration once, seeds only a fresh database, and keeps data across restarts', async () => {
    const dir = project({
      'seed.sql': "insert into public.emu_colors (name) values ('teal');",
    });
    writeFileSync(
      path.join(dir, 'migrations', '20250102000000_colors.sql'),
      'create table public.emu_colors (name text primary key);',
    );
    const dataDir = path.join(dir, '.data');

    // PGlite on disk even when DATABASE_URL is set: a folder is what persistence means here.
    const first = await startEmulator({ port: 0, dataDir, databaseUrl: '', supabaseDir: dir, log: false });
    expect(first.fresh).toBe(true);
    await first.db.exec(`insert into public.emu_colors values ('navy')`);
    const applied = await first.db.query<{ version: string }>(
      'select version from supabase_migrations.schema_migrations order by version',
    );
    expect(applied.rows.map((r) => r.version)).toEqual(['20250101000000_whoami', '20250102000000_colors']);
    await first.stop();

    writeFileSync(
      path.join(dir, 'migrations', '20250103000000_sizes.sql'),
      'alter table public.emu_colors add column hex text;',
    );
    const second = await startEmulator({ port: 0, dataDir, databaseUrl: '', supabaseDir: dir, log: false });
    try {
      expect(second.fresh).toBe(false);
      const colors = await second.db.query<{ name: string; hex: string | null }>(
        'select name, hex from public.emu_colors order by name',
      );
      // The seed ran once (teal), the row written at run time survived (navy), the new migration ran (hex).
      expect(colors.rows).toEqual([
        { name: 'navy', hex: null },
        { name: 'teal', hex: null },
      ]);
    } finally {
      await second.stop();
    }
  });

  it('stops start-up on a failing migration, naming the file, the line and the Postgres error', async () => {
    const dir = project({});
    writeFileSync(
      path.join(dir, 'migrations', '20250104000000_broken.sql'),
      'create table public.emu_ok (id int);\n\ncreate table public.emu_broken (id int references public.nowhere (id));\n',
    );
    await expect(startEmulator({ port: 0, dataDir: 'memory', supabaseDir: dir, log: false })).rejects.toThrow(
      /20250104000000_broken\.sql failed: relation "public\.nowhere" does not exist \(SQLSTATE 42P01\)/,
    );
  });

  it('refuses a database built from migrations the folder no longer has, saying how to rebuild it', async () => {
    const dir = project({});
    writeFileSync(
      path.join(dir, 'migrations', '20250102000000_colors.sql'),
      'create table public.emu_c (n text);',
    );
    const dataDir = path.join(dir, '.data');
    const first = await startEmulator({ port: 0, dataDir, databaseUrl: '', supabaseDir: dir, log: false });
    await first.stop();

    // The history squashed into a baseline: the old file goes, a new one holds what it made.
    rmSync(path.join(dir, 'migrations', '20250102000000_colors.sql'));
    writeFileSync(
      path.join(dir, 'migrations', '20260101000000_baseline.sql'),
      'create table public.emu_c (n text);',
    );
    await expect(
      startEmulator({ port: 0, dataDir, databaseUrl: '', supabaseDir: dir, log: false }),
    ).rejects.toThrow(
      'This database was built from migrations that supabase/migrations no longer has (20250102000000_colors). ' +
        'It cannot be brought up to date: delete it and build it again (for the local database: npm run db:reset).',
    );
  });

  it('runs seed scripts and the afterFreshSeed hook on a fresh database', async () => {
    const seen: string[] = [];
    const emu = await startEmulator({
      port: 0,
      dataDir: 'memory',
      supabaseDir: fixture,
      log: false,
      afterFreshSeed: async (ctx) => {
        seen.push(ctx.apiUrl);
        await ctx.db.exec('create table public.emu_seeded (id int)');
      },
    });
    try {
      expect(seen).toEqual([emu.url]);
      expect(
        (await emu.db.query<{ ok: boolean }>(`select to_regclass('public.emu_seeded') is not null as ok`))
          .rows[0].ok,
      ).toBe(true);
    } finally {
      await emu.stop();
    }
  });
});

describe('snapshots', () => {
  it('gives the next id after a start from the cached snapshot that a fresh database gives', async () => {
    const dir = project({
      // A comment of its own, so that no snapshot of an earlier run is found and the first start builds one.
      'migrations/20250201000000_items.sql': `-- ${randomUUID()}
create table public.snap_items (id bigint generated by default as identity primary key, title text);`,
      'seed.sql': "insert into public.snap_items (title) values ('a'), ('b'), ('c');",
    });
    const nextId = async () => {
      const emu = await startEmulator({ port: 0, dataDir: 'memory', supabaseDir: dir, log: false });
      try {
        const { rows } = await emu.db.query<{ id: string | number }>(
          "insert into public.snap_items (title) values ('d') returning id",
        );
        return { fresh: emu.fresh, id: Number(rows[0].id) };
      } finally {
        await emu.stop();
      }
    };
    const first = await nextId();
    const restored = await nextId();
    expect(first).toEqual({ fresh: true, id: 4 });
    expect(restored).toEqual({ fresh: true, id: 4 });
  });
});
