// What db:check compares and db:diff writes, on pg_dump text made by hand (tests/db-check.test.ts runs both on
// PostgreSQL 15): objects named as a person names them, grants compared whatever order they were made in, and a draft
// that replaces a function in place, remakes one whose arguments changed with its grants, takes back the default
// privileges a new function gets, and leaves the grants of a dropped function alone.
import { describe, expect, it } from 'vitest';
import { draftMigration } from './migration-draft';
import { compareObjects, dumpObjects } from './schema-objects';

/** pg_dump's text for these objects: [name, type, schema, sql], after its preamble. */
function dump(...objects: [string, string, string, string][]): string {
  return (
    '--\n-- PostgreSQL database dump\n--\n\n' +
    objects
      .map(
        ([name, type, schema, sql]) =>
          `--\n-- Name: ${name}; Type: ${type}; Schema: ${schema}; Owner: -\n--\n\n${sql}\n\n`,
      )
      .join('')
  );
}

const DEFAULTS: [string, string, string, string] = [
  'DEFAULT PRIVILEGES FOR FUNCTIONS',
  'DEFAULT ACL',
  'public',
  ['anon', 'authenticated', 'service_role']
    .map(
      (r) => `ALTER DEFAULT PRIVILEGES FOR ROLE postgres IN SCHEMA public GRANT ALL ON FUNCTIONS  TO ${r};`,
    )
    .join('\n'),
];
const fn = (args: string, body: string): [string, string, string, string] => [
  `f(${args.replace(/p_\w+ /g, '')})`,
  'FUNCTION',
  'public',
  `CREATE FUNCTION public.f(${args}) RETURNS integer\n    LANGUAGE sql\n    AS $$ ${body} $$;`,
];
const acl = (args: string, ...lines: string[]): [string, string, string, string] => [
  `FUNCTION f(${args})`,
  'ACL',
  'public',
  lines.map((l) => l.replace('%', `public.f(${args})`)).join('\n'),
];

describe('dumpObjects', () => {
  it('names each object as a person would, and sorts a grant block (revokes first)', () => {
    const objects = dumpObjects(
      dump(
        [
          'market_listings market_listings_pkey',
          'CONSTRAINT',
          'public',
          'ALTER TABLE ONLY public.market_listings ...',
        ],
        ['blog_articles Readers can see published articles', 'POLICY', 'public', 'CREATE POLICY ...'],
        ['COLUMN market_listings.terms', 'COMMENT', 'public', "COMMENT ON COLUMN ... IS 'x';"],
        acl('p_a text', 'GRANT ALL ON FUNCTION % TO service_role;', 'REVOKE ALL ON FUNCTION % FROM PUBLIC;'),
      ),
    );
    expect(objects.map((o) => o.key)).toEqual([
      'CONSTRAINT market_listings_pkey ON public.market_listings',
      'POLICY "Readers can see published articles" ON public.blog_articles',
      'COMMENT ON COLUMN public.market_listings.terms',
      'ACL ON FUNCTION public.f(p_a text)',
    ]);
    expect(objects[3].sql.split('\n')[0]).toMatch(/^REVOKE ALL/);
  });

  it('finds two grant blocks made in a different order equal, and a changed body different', () => {
    const a = dumpObjects(
      dump(
        fn('p_a text', 'select 1'),
        acl('p_a text', 'GRANT ALL ON FUNCTION % TO anon;', 'GRANT ALL ON FUNCTION % TO service_role;'),
      ),
    );
    const b = dumpObjects(
      dump(
        fn('p_a text', 'select 2'),
        acl('p_a text', 'GRANT ALL ON FUNCTION % TO service_role;', 'GRANT ALL ON FUNCTION % TO anon;'),
      ),
    );
    expect(compareObjects(a, b).map((d) => [d.key, d.kind])).toEqual([
      ['FUNCTION public.f(text)', 'differs'],
    ]);
  });
});

describe('draftMigration', () => {
  const draft = (before: string, after: string) => {
    const m = dumpObjects(before);
    const s = dumpObjects(after);
    return draftMigration(compareObjects(m, s), m, s);
  };
  const ownGrants = ['REVOKE ALL ON FUNCTION % FROM PUBLIC;', 'GRANT ALL ON FUNCTION % TO service_role;'];

  it('replaces a function whose body changed in place, and nothing else', () => {
    const { statements } = draft(
      dump(DEFAULTS, fn('p_a text', 'select 1'), acl('p_a text', ...ownGrants)),
      dump(DEFAULTS, fn('p_a text', 'select 2'), acl('p_a text', ...ownGrants)),
    );
    expect(statements).toEqual([
      'CREATE OR REPLACE FUNCTION public.f(p_a text) RETURNS integer\n    LANGUAGE sql\n    AS $$ select 2 $$;',
    ]);
  });

  it('drops and makes again a function whose arguments changed, with its grants whole', () => {
    const { statements } = draft(
      dump(DEFAULTS, fn('p_a text', 'select 1'), acl('p_a text', ...ownGrants)),
      dump(DEFAULTS, fn('p_a text, p_b integer', 'select 1'), acl('p_a text, p_b integer', ...ownGrants)),
    );
    expect(statements[0]).toBe('DROP FUNCTION public.f(text);');
    expect(statements[1]).toMatch(/^CREATE FUNCTION public.f\(p_a text, p_b integer\)/);
    // A new function: the default privileges' grants taken back, then its own.
    expect(statements.slice(2)).toEqual([
      'REVOKE ALL ON FUNCTION public.f(text, integer) FROM anon, authenticated, service_role;',
      'REVOKE ALL ON FUNCTION public.f(p_a text, p_b integer) FROM PUBLIC;\n' +
        'GRANT ALL ON FUNCTION public.f(p_a text, p_b integer) TO service_role;',
    ]);
  });

  it('drops a function without touching its grants, which go with it', () => {
    const { statements } = draft(
      dump(DEFAULTS, fn('p_a text', 'select 1'), acl('p_a text', ...ownGrants)),
      dump(DEFAULTS),
    );
    expect(statements).toEqual(['DROP FUNCTION public.f(text);']);
  });

  it('turns a changed grant block into the grants and revokes between the two', () => {
    const { statements } = draft(
      dump(fn('p_a text', 'select 1'), acl('p_a text', ...ownGrants, 'GRANT ALL ON FUNCTION % TO anon;')),
      dump(
        fn('p_a text', 'select 1'),
        acl('p_a text', ...ownGrants, 'GRANT ALL ON FUNCTION % TO authenticated;'),
      ),
    );
    expect(statements).toEqual([
      'REVOKE ALL ON FUNCTION public.f(p_a text) FROM anon;\nGRANT ALL ON FUNCTION public.f(p_a text) TO authenticated;',
    ]);
  });

  it('alters a table column by column: a column added, a default changed, a check replaced', () => {
    const table = (cols: string) =>
      ['t', 'TABLE', 'public', `CREATE TABLE public.t (\n${cols}\n);`] as [string, string, string, string];
    const { statements, notes } = draft(
      dump(table("    a text DEFAULT 'x'::text NOT NULL,\n    CONSTRAINT t_a_check CHECK ((a <> ''::text))")),
      dump(
        table(
          "    a text DEFAULT 'y'::text NOT NULL,\n    b integer,\n    CONSTRAINT t_a_check CHECK ((char_length(a) < 9))",
        ),
      ),
    );
    expect(statements).toEqual([
      'ALTER TABLE public.t DROP CONSTRAINT t_a_check;',
      "ALTER TABLE public.t ALTER COLUMN a SET DEFAULT 'y'::text;",
      'ALTER TABLE public.t ADD COLUMN b integer;',
      'ALTER TABLE public.t ADD CONSTRAINT t_a_check CHECK ((char_length(a) < 9));',
    ]);
    expect(notes).toEqual([]);
  });
});
