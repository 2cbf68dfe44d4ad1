// The schema files (supabase/schemas) and the migrations agree, and db:check says so when they do not
// (docs/decisions/077-declarative-schema-files.md): on copies of the project with one side changed, it names the object
// that differs, on PostgreSQL 15. A change made the new way (a schema edit, then `npm run db:diff`) is one migration
// that makes the two agree again. `npm test` runs db:check itself on the repository as it stands.
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbCheck } from '../scripts/db-check';
import { dbDiff } from '../scripts/db-diff';
import { migratedTemplate } from '../scripts/schema-files';
import { startPostgres } from '../scripts/throwaway-postgres.mjs';

const root = path.resolve(import.meta.dirname, '..');
const work = mkdtempSync(path.join(tmpdir(), 'flipwise-db-check-'));
let server: { url: string; stop(): void } | undefined;
let serverUrl: string;
/** The repository's migrations applied once; each case starts from a copy of that database. */
let migrated: { name: string; drop(): Promise<void> } | undefined;

beforeAll(async () => {
  serverUrl = process.env.DATABASE_URL ?? (server = startPostgres({ stdio: 'ignore' })).url;
  migrated = await migratedTemplate(serverUrl, path.join(root, 'supabase'));
});

afterAll(async () => {
  await migrated?.drop();
  server?.stop();
  rmSync(work, { recursive: true, force: true });
});

const check = (dir: string) => dbCheck(serverUrl, dir, migrated!.name);

/** A copy of the project's supabase/ folder (config, migrations, schema files) named `name`. */
function project(name: string): string {
  const dir = path.join(work, name, 'supabase');
  mkdirSync(dir, { recursive: true });
  for (const part of ['config.toml', 'migrations', 'schemas'])
    cpSync(path.join(root, 'supabase', part), path.join(dir, part), { recursive: true });
  return dir;
}

function edit(file: string, from: string, to: string) {
  const text = readFileSync(file, 'utf8');
  expect(text).toContain(from);
  writeFileSync(file, text.replace(from, to));
}

const HAS_DEMO = "select exists (select 1 from public.market_listings where source = 'demo')";

describe('npm run db:check', () => {
  it('fails, naming the function, when a schema file changes and no migration does', async () => {
    const dir = project('schema-changed');
    edit(path.join(dir, 'schemas', '40_market_search.sql'), HAS_DEMO, HAS_DEMO.replace("'demo'", "'panel'"));

    const { ok, lines } = await check(dir);

    expect(ok).toBe(false);
    expect(lines).toContain(
      'FUNCTION public.market_has_demo(): differs (- as the migrations make it, + as the schema files have it)',
    );
    expect(lines).toContainEqual(expect.stringMatching(/^ {4}\+ .*source = 'panel'/));
    expect(lines.at(-1)).toMatch(
      /^db:check: 1 object differ between supabase\/schemas and supabase\/migrations/,
    );
  });

  it('fails, naming the objects, when a migration changes and no schema file does', async () => {
    const dir = project('migration-added');
    writeFileSync(
      path.join(dir, 'migrations', '29991231000000_listings_by_colour.sql'),
      `create index market_listings_colour_idx on public.market_listings (colour);
       comment on table public.market_search_cache is 'Answers of market_search, kept for their time to live.';`,
    );

    const { ok, lines } = await check(dir);

    expect(ok).toBe(false);
    expect(lines).toContain(
      'INDEX public.market_listings_colour_idx: made by the migrations, in no schema file',
    );
    expect(lines).toContain(
      'COMMENT ON TABLE public.market_search_cache: made by the migrations, in no schema file',
    );
  });

  it('names an object that two schema files make, although the second definition hides the first', async () => {
    const dir = project('made-twice');
    appendFileSync(
      path.join(dir, 'schemas', '70_contact.sql'),
      `\ncreate or replace function public.market_has_demo() returns boolean language sql stable set search_path = ''
       as $$\n  ${HAS_DEMO}\n$$;\n`,
    );

    const { ok, lines } = await check(dir);

    expect(ok).toBe(false);
    expect(lines).toContain(
      'function public.market_has_demo(): made more than once, by 40_market_search.sql, 70_contact.sql: keep one definition',
    );
  });
});

describe('npm run db:diff', () => {
  it('drafts a schema edit as one migration that makes the two agree: a function changed, a table with RLS added', async () => {
    const dir = project('drafted');
    edit(
      path.join(dir, 'schemas', '40_market_search.sql'),
      "= 'demo')",
      "= 'demo' and status = 'available')",
    );
    appendFileSync(
      path.join(dir, 'schemas', '60_saved_searches.sql'),
      `
-- Notes a user keeps on a saved search.
create table public.saved_search_notes (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  note text not null check (char_length(note) between 1 and 500)
);
comment on table public.saved_search_notes is 'Notes a user keeps on their saved searches.';
alter table public.saved_search_notes enable row level security;
create policy "Users can see their own notes" on public.saved_search_notes
  for select to authenticated using (user_id = (select auth.uid()));
revoke all on public.saved_search_notes from anon, authenticated;
grant select on public.saved_search_notes to authenticated;
grant all on public.saved_search_notes to service_role;
`,
    );

    const draft = await dbDiff(serverUrl, dir, 'notes_and_demo_rows', migrated!.name);

    expect(draft.lines.at(-1)).toMatch(/^db:diff: wrote .*_notes_and_demo_rows\.sql: review it/);
    expect(draft.status).toBe(0);
    expect(draft.text).toContain('CREATE OR REPLACE FUNCTION public.market_has_demo() RETURNS boolean');
    expect(draft.text).toContain('CREATE TABLE public.saved_search_notes (');
    expect(draft.text).toContain(
      'CREATE POLICY "Users can see their own notes" ON public.saved_search_notes FOR SELECT TO authenticated',
    );
    // What hosted Supabase's default privileges give a new table is taken back before the table's own grants.
    expect(draft.text).toContain(
      'REVOKE ALL ON TABLE public.saved_search_notes FROM anon, authenticated, service_role;',
    );
    expect(draft.text).toContain('GRANT SELECT ON TABLE public.saved_search_notes TO authenticated;');
    expect(draft.text).not.toMatch(/market_count|market_search\(/);

    const after = await check(dir);
    expect(after.lines.at(-1)).toMatch(
      /^db:check: supabase\/schemas \(\d+ files\) and supabase\/migrations make the same/,
    );
    expect(after.ok).toBe(true);
  });
});
