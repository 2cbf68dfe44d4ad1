// The checks of Supabase's database linter (splinter, the dashboard's Security and Performance Advisors) that can
// apply to this project's schema, written here from the rules splinter documents: no storage, GraphQL, queues or
// TimescaleDB here, and nothing that needs traffic (unused indexes, bloat) to mean anything. Levels are splinter's:
// ERROR and WARN are what the hosted advisors flag, INFO is advice. Each query takes $1 = the schemas PostgREST
// exposes (config.toml's [api] schemas) and returns one row per finding: { object, detail }.

export type LintLevel = 'ERROR' | 'WARN' | 'INFO';
export type Lint = { name: string; level: LintLevel; sql: string };
export type LintFinding = { name: string; level: LintLevel; object: string; detail: string };
/** Sort order of findings: ERROR first. */
export const LEVEL_RANK: Record<LintLevel, number> = { ERROR: 0, WARN: 1, INFO: 2 };

/** Schemas Supabase itself (or an extension) owns; the linter looks past them. */
const INTERNAL = `array['auth', 'cron', 'extensions', 'graphql', 'graphql_public', 'information_schema', 'net',
  'pgbouncer', 'pg_catalog', 'pg_toast', 'pgsodium', 'pgsodium_masks', 'realtime', 'storage', 'supabase_functions',
  'supabase_migrations', 'vault']`;

/** Tables of the project's own schemas that no extension owns. */
const OWN_TABLES = `
  select c.oid, n.nspname as schema_name, c.relname as table_name, c.relrowsecurity as rls
  from pg_catalog.pg_class c
  join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p')
    and n.nspname <> all (${INTERNAL})
    and n.nspname not like 'pg\\_temp%'
    and not exists (select from pg_catalog.pg_depend d where d.objid = c.oid and d.deptype = 'e')`;

/** Policies with their expressions as text (what PostgreSQL stores, e.g. "( SELECT auth.uid() AS uid)"). */
const POLICIES = `
  select t.schema_name, t.table_name, t.rls, p.polname as policy_name, p.polpermissive, p.polroles, p.polcmd,
         coalesce(pg_catalog.pg_get_expr(p.polqual, p.polrelid), '') || ' '
           || coalesce(pg_catalog.pg_get_expr(p.polwithcheck, p.polrelid), '') as expr
  from pg_catalog.pg_policy p
  join (${OWN_TABLES}) t on t.oid = p.polrelid`;

export const LINTS: Lint[] = [
  {
    // splinter 0003. A bare auth.uid() in a policy runs once per row; wrapped in a scalar subquery, once per statement.
    name: 'auth_rls_initplan',
    level: 'WARN',
    sql: `
      select format('%I.%I', schema_name, table_name) as object,
             format('policy "%s" calls auth.<function>() or current_setting() once per row: write (select auth.uid())',
                    policy_name) as detail
      from (${POLICIES}) p
      where rls
        and regexp_replace(lower(expr), 'select\\s+(auth\\.(uid|jwt|role|email)|current_setting)\\s*\\(', '', 'g')
            ~ '(auth\\.(uid|jwt|role|email)|current_setting)\\s*\\('`,
  },
  {
    // splinter 0006. Every permissive policy for the same role and command is evaluated for every row.
    name: 'multiple_permissive_policies',
    level: 'WARN',
    sql: `
      select format('%I.%I', schema_name, table_name) as object,
             format('role %s has %s permissive %s policies: %s', r.rolname, count(*), cmd,
                    string_agg(policy_name, ', ' order by policy_name)) as detail
      from (${POLICIES}) p
      join pg_catalog.pg_roles r on p.polroles @> array[r.oid] or p.polroles = array[0::oid]
      cross join lateral unnest(case p.polcmd when 'r' then array['select'] when 'a' then array['insert']
        when 'w' then array['update'] when 'd' then array['delete']
        else array['select', 'insert', 'update', 'delete'] end) as cmd
      where p.polpermissive and r.rolname not like 'pg\\_%' and not r.rolbypassrls
        and r.rolname not like 'supabase%admin' and r.rolname <> 'postgres'
      group by schema_name, table_name, r.rolname, cmd
      having count(*) > 1`,
  },
  {
    // splinter 0007. Policies written but never enforced.
    name: 'policy_exists_rls_disabled',
    level: 'ERROR',
    sql: `
      select format('%I.%I', schema_name, table_name) as object,
             'has policies but row level security is off: enable it' as detail
      from (${POLICIES}) p
      where not rls
      group by schema_name, table_name`,
  },
  {
    // splinter 0008. RLS on and no policy: nobody but the service role reaches the table (often what is meant).
    name: 'rls_enabled_no_policy',
    level: 'INFO',
    sql: `
      select format('%I.%I', schema_name, table_name) as object,
             'row level security is on and no policy exists: only the service role can use it' as detail
      from (${OWN_TABLES}) t
      where rls and not exists (select from pg_catalog.pg_policy p where p.polrelid = t.oid)`,
  },
  {
    // splinter 0013. A table in an exposed schema that the API roles can read, without RLS: anyone reads it all.
    name: 'rls_disabled_in_public',
    level: 'ERROR',
    sql: `
      select format('%I.%I', schema_name, table_name) as object,
             'is exposed through the API without row level security' as detail
      from (${OWN_TABLES}) t
      where not rls and schema_name = any($1::text[])
        and (pg_catalog.has_table_privilege('anon', t.oid, 'select')
          or pg_catalog.has_table_privilege('authenticated', t.oid, 'select'))`,
  },
  {
    // splinter 0009. Two indexes with the same definition: twice the writes, no gain.
    name: 'duplicate_index',
    level: 'WARN',
    sql: `
      select format('%I.%I', t.schema_name, t.table_name) as object,
             'has identical indexes: ' || string_agg(i.indexrelid::regclass::text, ', ' order by i.indexrelid::regclass::text) as detail
      from pg_catalog.pg_index i
      join (${OWN_TABLES}) t on t.oid = i.indrelid
      group by t.schema_name, t.table_name, i.indrelid, i.indkey::text, i.indclass::text, i.indcollation::text,
               coalesce(pg_catalog.pg_get_expr(i.indexprs, i.indrelid), ''),
               coalesce(pg_catalog.pg_get_expr(i.indpred, i.indrelid), '')
      having count(*) > 1`,
  },
  {
    // splinter 0010 and 0016. Views run with their owner's rights unless security_invoker is on, so they skip the
    // caller's RLS; materialized views have no RLS at all.
    name: 'security_definer_view',
    level: 'ERROR',
    sql: `
      select format('%I.%I', n.nspname, c.relname) as object,
             case c.relkind when 'm' then 'is a materialized view the API roles can read (no row level security)'
               else 'is a view without security_invoker: it bypasses the caller''s row level security' end as detail
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('v', 'm') and n.nspname = any($1::text[])
        and not exists (select from pg_catalog.pg_depend d where d.objid = c.oid and d.deptype = 'e')
        and (pg_catalog.has_table_privilege('anon', c.oid, 'select')
          or pg_catalog.has_table_privilege('authenticated', c.oid, 'select'))
        and (c.relkind = 'm' or not coalesce(c.reloptions, '{}') && array['security_invoker=true',
          'security_invoker=on', 'security_invoker=1', 'security_invoker=yes'])`,
  },
  {
    // splinter 0002. A view over auth.users that the API roles can read hands out emails and metadata.
    name: 'auth_users_exposed',
    level: 'ERROR',
    sql: `
      select distinct format('%I.%I', n.nspname, c.relname) as object,
             'reads auth.users and the API roles can select from it' as detail
      from pg_catalog.pg_depend d
      join pg_catalog.pg_rewrite rw on rw.oid = d.objid
      join pg_catalog.pg_class c on c.oid = rw.ev_class
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where d.refobjid = 'auth.users'::regclass and c.oid <> 'auth.users'::regclass
        and n.nspname = any($1::text[])
        and (pg_catalog.has_table_privilege('anon', c.oid, 'select')
          or pg_catalog.has_table_privilege('authenticated', c.oid, 'select'))`,
  },
  {
    // splinter 0011. Without a fixed search_path, whoever can create objects earlier in the path can hijack calls.
    name: 'function_search_path_mutable',
    level: 'WARN',
    sql: `
      select format('%I.%I(%s)', n.nspname, p.proname, pg_catalog.pg_get_function_identity_arguments(p.oid)) as object,
             'has no fixed search_path: add set search_path = ''''' as detail
      from pg_catalog.pg_proc p
      join pg_catalog.pg_namespace n on n.oid = p.pronamespace
      where n.nspname <> all (${INTERNAL}) and n.nspname not like 'pg\\_%'
        and not exists (select from pg_catalog.pg_depend d where d.objid = p.oid and d.deptype = 'e')
        and not exists (select from unnest(coalesce(p.proconfig, '{}')) c where c like 'search_path=%')`,
  },
  {
    // splinter 0028 and 0029. A SECURITY DEFINER function in an exposed schema that the browser's roles may call is
    // an RPC endpoint that skips RLS.
    name: 'security_definer_function_executable',
    level: 'WARN',
    sql: `
      select format('%I.%I(%s)', n.nspname, p.proname, pg_catalog.pg_get_function_identity_arguments(p.oid)) as object,
             'is SECURITY DEFINER and callable through /rest/v1/rpc by '
               || concat_ws(' and ', case when pg_catalog.has_function_privilege('anon', p.oid, 'execute') then 'anon' end,
                  case when pg_catalog.has_function_privilege('authenticated', p.oid, 'execute')
                    then 'authenticated' end) as detail
      from pg_catalog.pg_proc p
      join pg_catalog.pg_namespace n on n.oid = p.pronamespace
      where p.prosecdef and n.nspname = any($1::text[])
        and (pg_catalog.has_function_privilege('anon', p.oid, 'execute')
          or pg_catalog.has_function_privilege('authenticated', p.oid, 'execute'))`,
  },
  {
    // splinter 0014. Extensions in public put their functions and tables in the API.
    name: 'extension_in_public',
    level: 'WARN',
    sql: `
      select e.extname as object, 'is installed in the public schema: use the extensions schema' as detail
      from pg_catalog.pg_extension e
      where e.extname <> 'plpgsql' and e.extnamespace = 'public'::regnamespace`,
  },
  {
    // splinter 0015. user_metadata is editable by the user; a policy must never trust it.
    name: 'rls_references_user_metadata',
    level: 'ERROR',
    sql: `
      select format('%I.%I', schema_name, table_name) as object,
             format('policy "%s" trusts user_metadata, which every user can edit', policy_name) as detail
      from (${POLICIES}) p
      where expr ~ '(auth\\.jwt\\(\\)|request\\.jwt\\.claims).*user_metadata'`,
  },
  {
    // splinter 0004.
    name: 'no_primary_key',
    level: 'INFO',
    sql: `
      select format('%I.%I', schema_name, table_name) as object, 'has no primary key' as detail
      from (${OWN_TABLES}) t
      where not exists (select from pg_catalog.pg_index i where i.indrelid = t.oid and i.indisprimary)`,
  },
  {
    // splinter 0001. Deleting a parent row scans the child table when its foreign key has no index.
    name: 'unindexed_foreign_keys',
    level: 'INFO',
    sql: `
      select format('%I.%I', t.schema_name, t.table_name) as object,
             format('foreign key %s has no index starting with its columns', con.conname) as detail
      from pg_catalog.pg_constraint con
      join (${OWN_TABLES}) t on t.oid = con.conrelid
      where con.contype = 'f'
        and not exists (
          select from pg_catalog.pg_index i
          where i.indrelid = con.conrelid
            and (i.indkey::int2[])[0:cardinality(con.conkey) - 1] @> con.conkey
            and (i.indkey::int2[])[0:cardinality(con.conkey) - 1] <@ con.conkey)`,
  },
];

type Queryable = { query(sql: string, params: unknown[]): Promise<{ rows: unknown[] }> };

/** Every lint on one database, findings sorted ERROR, WARN, INFO. */
export async function runLints(db: Queryable, exposedSchemas: string[]): Promise<LintFinding[]> {
  const findings: LintFinding[] = [];
  for (const lint of LINTS) {
    const { rows } = await db.query(lint.sql, lint.sql.includes('$1') ? [exposedSchemas] : []);
    for (const row of rows as { object: string; detail: string }[]) {
      findings.push({ name: lint.name, level: lint.level, object: row.object, detail: row.detail });
    }
  }
  return findings.sort((a, b) => LEVEL_RANK[a.level] - LEVEL_RANK[b.level] || a.name.localeCompare(b.name));
}
