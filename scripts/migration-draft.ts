// A migration drafted from the objects that differ between the migrated database and the one the schema files make
// (scripts/schema-objects.ts), for `npm run db:diff`. Each difference becomes the statements pg_dump itself prints for
// the object, or the drop, `create or replace`, `alter table` or grant that turns one version into the other. What it
// cannot write (a column's new type that needs a USING, a view's columns, data) it leaves as a `-- review:` note;
// db:diff then applies the draft and says which objects still differ. Decision 077 says why this is ours, not migra's.
import type { Difference, DumpObject } from './schema-objects';

export type Draft = { statements: string[]; notes: string[] };

/** Splits at commas outside parentheses and quotes: a CREATE TABLE body into its columns and constraints. */
function topLevelParts(body: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === "'" || c === '"') {
      const close = body.indexOf(c, i + 1);
      i = close < 0 ? body.length : close;
      // '' inside a literal is a quote, and the loop goes on after it.
      while (c === "'" && body[i + 1] === "'") i = body.indexOf("'", i + 2);
    } else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(body.slice(start, i).trim());
      start = i + 1;
    }
  }
  if (body.slice(start).trim()) parts.push(body.slice(start).trim());
  return parts;
}

type TableShape = { head: string; columns: Map<string, string>; checks: Map<string, string>; tail: string };

/** pg_dump's CREATE TABLE: its columns (name -> definition) and inline CHECK constraints (name -> definition). */
function tableShape(sql: string): TableShape {
  const open = sql.indexOf('(\n');
  const close = sql.lastIndexOf('\n)');
  const columns = new Map<string, string>();
  const checks = new Map<string, string>();
  for (const part of topLevelParts(sql.slice(open + 2, close))) {
    const name = /^("(?:[^"]|"")+"|\S+)/.exec(part)![1];
    if (name === 'CONSTRAINT') checks.set(part.split(/\s+/)[1], part);
    else columns.set(name, part.slice(name.length).trim());
  }
  return { head: sql.slice(0, open), columns, checks, tail: sql.slice(close) };
}

/** A column definition as pg_dump writes it: `type [COLLATE c] [DEFAULT expr] [NOT NULL]`, or a generated column. */
function columnParts(def: string) {
  const generated = /\bGENERATED ALWAYS AS\b/.test(def);
  const notNull = / NOT NULL$/.test(def);
  const rest = notNull ? def.slice(0, -' NOT NULL'.length) : def;
  const at = rest.indexOf(' DEFAULT ');
  return {
    generated,
    notNull,
    type: (at < 0 ? rest : rest.slice(0, at)).trim(),
    default: at < 0 ? undefined : rest.slice(at + ' DEFAULT '.length).trim(),
  };
}

const qualified = (o: DumpObject, name = o.name) => (o.schema === '-' ? name : `${o.schema}.${name}`);
const tableOf = (o: DumpObject) => qualified(o, o.name.slice(0, o.name.indexOf(' ')));
const ownName = (o: DumpObject) => o.name.slice(o.name.indexOf(' ') + 1);
const quoteIdent = (name: string) =>
  /^[a-z_][a-z0-9_$]*$/.test(name) ? name : `"${name.replace(/"/g, '""')}"`;

/** The table a dependent object (index, constraint, trigger, policy, comment on a column) belongs to. */
function targetTable(o: DumpObject): string | undefined {
  if (/CONSTRAINT$|^(TRIGGER|POLICY|ROW SECURITY|DEFAULT)$/.test(o.type))
    return o.type === 'ROW SECURITY' ? qualified(o) : tableOf(o);
  if (o.type === 'INDEX') return /\bON (?:ONLY )?(\S+)/.exec(o.sql)?.[1];
  const on = /^(?:COMMENT|ACL)$/.test(o.type)
    ? /^(TABLE|VIEW|MATERIALIZED VIEW|COLUMN) (.*)$/.exec(o.name)
    : null;
  if (!on) return undefined;
  return qualified(o, on[1] === 'COLUMN' ? on[2].slice(0, on[2].lastIndexOf('.')) : on[2]);
}

/** How a new object of a pg_dump type is named in a grant, and the kind of default privileges it gets. */
const DEFAULT_KINDS: Record<string, [string, string]> = {
  FUNCTION: ['FUNCTION', 'FUNCTIONS'],
  PROCEDURE: ['PROCEDURE', 'FUNCTIONS'],
  TABLE: ['TABLE', 'TABLES'],
  VIEW: ['TABLE', 'TABLES'],
  'MATERIALIZED VIEW': ['TABLE', 'TABLES'],
  SEQUENCE: ['SEQUENCE', 'SEQUENCES'],
};

/** Words a type's name can start with that are not an argument's name ("double precision", "time with time zone"). */
const TYPE_FIRST_WORDS = new Set(['double', 'character', 'time', 'timestamp', 'bit', 'interval', 'national']);

/**
 * The function a COMMENT or ACL is about, as its FUNCTION object names it: pg_dump heads those with the arguments'
 * names ("market_suggest(p_query text, p_limit integer)"), the function itself with their types only.
 */
function targetFunction(o: DumpObject): string | undefined {
  const on = /^(?:FUNCTION|PROCEDURE|AGGREGATE) ([^(]+)\((.*)\)$/.exec(o.name);
  if (!on || !/^(COMMENT|ACL)$/.test(o.type)) return undefined;
  const types = on[2]
    .split(', ')
    .filter(Boolean)
    .map((arg) => {
      const words = arg.replace(/^(IN|INOUT) /, '').split(' ');
      return words.length > 1 && !TYPE_FIRST_WORDS.has(words[0]) && words[0] !== 'VARIADIC'
        ? words.slice(1).join(' ')
        : words.join(' ');
    });
  return qualified(o, `${on[1]}(${types.join(', ')})`);
}

/** The statements that take an object away. */
function dropOf(o: DumpObject): string | undefined {
  switch (o.type) {
    case 'FUNCTION':
    case 'PROCEDURE':
    case 'AGGREGATE':
      return `DROP ${o.type} ${qualified(o)};`;
    case 'TABLE':
    case 'VIEW':
    case 'MATERIALIZED VIEW':
    case 'INDEX':
    case 'TYPE':
    case 'DOMAIN':
      return `DROP ${o.type} ${qualified(o)};`;
    case 'SCHEMA':
    case 'EXTENSION':
      return `DROP ${o.type} ${quoteIdent(o.name)};`;
    case 'CONSTRAINT':
    case 'FK CONSTRAINT':
    case 'CHECK CONSTRAINT':
      return `ALTER TABLE ${tableOf(o)} DROP CONSTRAINT ${ownName(o)};`;
    case 'TRIGGER':
      return `DROP TRIGGER ${ownName(o)} ON ${tableOf(o)};`;
    case 'POLICY':
      return `DROP POLICY ${quoteIdent(ownName(o))} ON ${tableOf(o)};`;
    case 'ROW SECURITY':
      return `ALTER TABLE ${qualified(o)} DISABLE ROW LEVEL SECURITY;`;
    case 'DEFAULT':
      return `ALTER TABLE ${tableOf(o)} ALTER COLUMN ${ownName(o)} DROP DEFAULT;`;
    case 'COMMENT':
      return o.sql.replace(/ IS '[\s\S]*$/, ' IS NULL;');
    case 'ACL':
    case 'DEFAULT ACL':
      return aclLines(o.sql, []).join('\n');
    case 'SEQUENCE': {
      const identity = /^ALTER TABLE (\S+) ALTER COLUMN (\S+) ADD GENERATED/.exec(o.sql);
      return identity
        ? `ALTER TABLE ${identity[1]} ALTER COLUMN ${identity[2]} DROP IDENTITY;`
        : `DROP SEQUENCE ${qualified(o)};`;
    }
    default:
      return undefined;
  }
}

/** The grants that turn one grant block into another: the old block's own lines undone, then the new block's. */
function aclLines(before: string, after: string[] | string): string[] {
  const old = before.split('\n').filter(Boolean);
  const next = (typeof after === 'string' ? after.split('\n') : after).filter(Boolean);
  const undo = old
    .filter((line) => !next.includes(line))
    .map((line) =>
      line.startsWith('GRANT ')
        ? line.replace(/^GRANT /, 'REVOKE ').replace(/ TO ([^;]*?)( WITH GRANT OPTION)?;$/, ' FROM $1;')
        : line.replace(/^REVOKE /, 'GRANT ').replace(/ FROM ([^;]*);$/, ' TO $1;'),
    );
  return [...undo, ...next.filter((line) => !old.includes(line))];
}

/** The statements that turn the migrations' table into the schema files' one, or notes where it cannot. */
function alterTable(before: DumpObject, after: DumpObject, notes: string[]): string[] {
  const table = qualified(after);
  const a = tableShape(before.sql);
  const b = tableShape(after.sql);
  const out: string[] = [];
  if (a.head !== b.head || a.tail !== b.tail)
    notes.push(`${table}: the table's options changed (${b.tail.trim()}); write them by hand`);
  for (const name of a.checks.keys())
    if (a.checks.get(name) !== b.checks.get(name)) out.push(`ALTER TABLE ${table} DROP CONSTRAINT ${name};`);
  for (const name of a.columns.keys())
    if (!b.columns.has(name)) out.push(`ALTER TABLE ${table} DROP COLUMN ${name};`);
  for (const [name, def] of b.columns) {
    const old = a.columns.get(name);
    if (old === undefined) {
      out.push(`ALTER TABLE ${table} ADD COLUMN ${name} ${def};`);
      continue;
    }
    if (old === def) continue;
    const x = columnParts(old);
    const y = columnParts(def);
    if (x.generated || y.generated) {
      out.push(
        `ALTER TABLE ${table} DROP COLUMN ${name};`,
        `ALTER TABLE ${table} ADD COLUMN ${name} ${def};`,
      );
      notes.push(
        `${table}.${name}: dropped and added again (a generated expression cannot be altered on PostgreSQL 15); ` +
          'it is now the last column: move it to the end of its create table in the schema file too',
      );
      continue;
    }
    if (x.type !== y.type) {
      out.push(`ALTER TABLE ${table} ALTER COLUMN ${name} TYPE ${y.type};`);
      notes.push(
        `${table}.${name}: ${x.type} -> ${y.type}; add a USING clause if the old values do not cast`,
      );
    }
    if (x.default !== y.default) {
      const change = y.default === undefined ? 'DROP DEFAULT' : `SET DEFAULT ${y.default}`;
      out.push(`ALTER TABLE ${table} ALTER COLUMN ${name} ${change};`);
    }
    if (x.notNull !== y.notNull)
      out.push(`ALTER TABLE ${table} ALTER COLUMN ${name} ${y.notNull ? 'SET' : 'DROP'} NOT NULL;`);
  }
  for (const [name, def] of b.checks)
    if (a.checks.get(name) !== def) out.push(`ALTER TABLE ${table} ADD ${def};`);
  return out;
}

/**
 * The migration that makes the migrated database (the objects `migrations`) into the schema files' (`schemas`): drops
 * first, in the reverse of pg_dump's order, then what is new or changed in pg_dump's order of the schema files'
 * database, which is an order that creates every object after what it needs.
 */
export function draftMigration(
  differences: Difference[],
  migrations: DumpObject[],
  schemas: DumpObject[],
): Draft {
  const notes: string[] = [];
  const order = (list: DumpObject[]) => new Map(list.map((o, i) => [o.key, i]));
  const inMigrations = order(migrations);
  const inSchemas = order(schemas);
  const droppedTables = new Set(
    differences
      .filter((d) => d.kind === 'only-migrations' && d.migrations!.type === 'TABLE')
      .map((d) => d.key.slice(6)),
  );
  const keptFunctions = new Set(schemas.filter((o) => o.type === 'FUNCTION').map((o) => qualified(o)));
  // A function whose arguments' names, defaults or result change is dropped and made again: its grants and comment
  // start over, so they are written whole from the schema files.
  const remade = new Set<string>();
  for (const d of differences)
    if (
      d.kind === 'differs' &&
      d.schemas!.type === 'FUNCTION' &&
      d.migrations!.sql.split('\n')[0] !== d.schemas!.sql.split('\n')[0]
    )
      remade.add(d.key);
  const remadeNames = new Set(schemas.filter((o) => remade.has(o.key)).map((o) => qualified(o)));

  // Who the schemas' default privileges give every new function, table and sequence to (hosted Supabase: anon,
  // authenticated and service_role in public), by "schema KIND".
  const defaultGrantees = new Map<string, string>();
  for (const o of schemas.filter((x) => x.type === 'DEFAULT ACL'))
    for (const line of o.sql.split('\n')) {
      const grant = / IN SCHEMA (\S+) GRANT .* ON (\w+) +TO (\S+);$/.exec(line);
      if (!grant) continue;
      const key = `${grant[1]} ${grant[2]}`;
      defaultGrantees.set(key, [defaultGrantees.get(key), grant[3]].filter(Boolean).join(', '));
    }

  const drops: { at: number; sql: string }[] = [];
  const creates: { at: number; sql: string }[] = [];
  const written = new Set<string>();

  for (const d of differences) {
    const before = d.migrations;
    const after = d.schemas;
    const o = (after ?? before)!;
    // Dependants of a dropped table go with it; grants and comments of a dropped function too.
    const table = targetTable(o);
    if (!after && table && droppedTables.has(table) && o.type !== 'TABLE') continue;
    const fn = targetFunction(o);
    if (!after && fn && !keptFunctions.has(fn)) continue;
    if (fn && remadeNames.has(fn)) continue;

    if (!after) {
      const sql = dropOf(before!);
      if (sql === undefined) notes.push(`${d.key}: made by the migrations only; remove it by hand`);
      else if (sql) drops.push({ at: inMigrations.get(d.key)!, sql });
      continue;
    }
    const at = inSchemas.get(d.key)!;
    if (!before) {
      creates.push({ at, sql: after.sql });
      // A new object also gets the schema's default privileges, which its grant block (written relative to the
      // built-in defaults) does not mention: they are taken back first.
      const kind = DEFAULT_KINDS[after.type];
      const grantees = kind && defaultGrantees.get(`${after.schema} ${kind[1]}`);
      if (grantees)
        creates.push({ at: at + 0.5, sql: `REVOKE ALL ON ${kind[0]} ${qualified(after)} FROM ${grantees};` });
      continue;
    }
    switch (after.type) {
      case 'FUNCTION':
      case 'PROCEDURE':
        if (remade.has(d.key)) {
          drops.push({ at: inMigrations.get(d.key)!, sql: dropOf(before)! });
          creates.push({ at, sql: after.sql });
          for (const related of schemas)
            if (targetFunction(related) === qualified(after) && !written.has(related.key)) {
              written.add(related.key);
              creates.push({ at: inSchemas.get(related.key)!, sql: related.sql });
            }
        } else creates.push({ at, sql: after.sql.replace(/^CREATE /, 'CREATE OR REPLACE ') });
        break;
      case 'VIEW':
        creates.push({ at, sql: after.sql.replace(/^CREATE VIEW /, 'CREATE OR REPLACE VIEW ') });
        notes.push(`${d.key}: replaced; a view whose columns change must be dropped and made again instead`);
        break;
      case 'TABLE':
        creates.push(...alterTable(before, after, notes).map((sql) => ({ at, sql })));
        break;
      case 'ACL':
      case 'DEFAULT ACL':
        creates.push({ at, sql: aclLines(before.sql, after.sql).join('\n') });
        break;
      case 'COMMENT':
        creates.push({ at, sql: after.sql });
        break;
      case 'INDEX':
      case 'CONSTRAINT':
      case 'FK CONSTRAINT':
      case 'CHECK CONSTRAINT':
      case 'TRIGGER':
      case 'POLICY':
        drops.push({ at: inMigrations.get(d.key)!, sql: dropOf(before)! });
        creates.push({ at, sql: after.sql });
        break;
      default:
        notes.push(`${d.key}: changed; write the change by hand (the schema files have:\n${after.sql})`);
    }
  }
  drops.sort((x, y) => y.at - x.at);
  creates.sort((x, y) => x.at - y.at);
  const statements = [...drops, ...creates].map((s) => s.sql).filter(Boolean);
  // pg_dump's order puts functions before the tables their bodies may read: pg_dump itself writes this setting.
  if (
    creates.some((c) => /^CREATE (OR REPLACE )?FUNCTION /.test(c.sql)) &&
    creates.some((c) => /^(CREATE (TABLE|VIEW|MATERIALIZED VIEW) |ALTER TABLE \S+ ADD COLUMN )/.test(c.sql))
  )
    statements.unshift('SET check_function_bodies = false;');
  return { statements, notes };
}
