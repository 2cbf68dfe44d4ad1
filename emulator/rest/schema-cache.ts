// What PostgREST calls the schema cache: the tables, views and functions of the exposed schema, read from the
// catalogue once and again only when a request names something the cache does not know (a migration or a test
// created it since). Every identifier that reaches SQL has been found here first.
import type { Queryable } from '../context';

export type Column = {
  name: string;
  type: string;
  notNull: boolean;
  hasDefault: boolean;
  generated: boolean;
};

export type Relation = {
  name: string;
  /** "public"."name" */
  ref: string;
  kind: 'table' | 'view';
  columns: Map<string, Column>;
  primaryKey: string[];
};

export type FunctionArg = {
  /** '' for an unnamed argument. */
  name: string;
  type: string;
  /** No default: a call must give it. */
  required: boolean;
};

export type RpcFunction = {
  /** The exposed schema it lives in. */
  schema: string;
  name: string;
  /** Input arguments in order (IN, INOUT, VARIADIC). */
  args: FunctionArg[];
  returnsSet: boolean;
  returnsComposite: boolean;
  returnsVoid: boolean;
  /** Output columns when known (RETURNS TABLE, OUT args, SETOF table). */
  outputColumns?: Map<string, { type: string }>;
  volatility: 'i' | 's' | 'v';
  /**
   * The function's own `set statement_timeout`, which PostgREST 12.2 hoists to the request's transaction (its
   * db-hoisted-tx-settings): inside a function the setting would come too late to limit the call.
   */
  statementTimeout?: string;
};

const RELATIONS = `
select c.relname as name, c.relkind::text as kind,
  coalesce(
    (select json_agg(json_build_object(
        'name', a.attname,
        'type', format_type(a.atttypid, a.atttypmod),
        'notNull', a.attnotnull,
        'hasDefault', a.atthasdef or a.attidentity <> '',
        'generated', a.attgenerated <> '') order by a.attnum)
     from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped),
    '[]') as columns,
  coalesce(
    (select json_agg(a.attname order by array_position(con.conkey, a.attnum))
     from pg_constraint con join pg_attribute a on a.attrelid = con.conrelid and a.attnum = any(con.conkey)
     where con.conrelid = c.oid and con.contype = 'p'),
    '[]') as primary_key,
  format_type(c.reltype, null) as row_type
from pg_class c join pg_namespace n on n.oid = c.relnamespace
where n.nspname = $1 and c.relkind in ('r', 'v', 'm', 'f', 'p')`;

const FUNCTIONS = `
select p.proname as name,
  coalesce(p.proargnames, array[]::text[]) as arg_names,
  coalesce(p.proargmodes::text[], array[]::text[]) as arg_modes,
  array(select format_type(t, null) from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality as x(t, o) order by o) as arg_types,
  p.pronargdefaults as n_defaults,
  p.proretset as returns_set,
  format_type(p.prorettype, null) as return_type,
  (rt.typtype = 'c' or p.prorettype = 'record'::regtype) as returns_composite,
  p.prorettype = 'void'::regtype as returns_void,
  p.provolatile::text as volatility,
  (select substr(c, length('statement_timeout=') + 1) from unnest(p.proconfig) c
   where starts_with(c, 'statement_timeout=') limit 1) as statement_timeout
from pg_proc p
join pg_namespace n on n.oid = p.pronamespace
join pg_type rt on rt.oid = p.prorettype
where n.nspname = $1 and p.prokind = 'f'`;

/** How an RPC request's body comes, by its Content-Type: JSON (named arguments) unless it says otherwise. */
export type BodyMedia = 'json' | 'text' | 'xml' | 'bytea';

/** The types a single unnamed argument may have, by the body media passed to it whole. */
export const WHOLE_BODY_TYPES: Record<BodyMedia, string[]> = {
  json: ['json', 'jsonb'],
  text: ['text'],
  xml: ['xml'],
  bytea: ['bytea'],
};
const wholeBodyTypes = new Set(Object.values(WHOLE_BODY_TYPES).flat());

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

export class SchemaCache {
  relations = new Map<string, Relation>();
  functions = new Map<string, RpcFunction[]>();
  private loading: Promise<void> | undefined;
  private loaded = false;

  constructor(readonly schema = 'public') {}

  /** Forget everything; the next lookup reads the catalogue again. */
  invalidate() {
    this.loaded = false;
  }

  async ensure(db: Queryable) {
    if (!this.loaded) await this.reload(db);
  }

  /** One reload at a time; concurrent callers share it. */
  reload(db: Queryable): Promise<void> {
    this.loading ??= this.read(db).finally(() => {
      this.loading = undefined;
    });
    return this.loading;
  }

  private async read(db: Queryable) {
    const [rels, fns] = [
      await db.query<{
        name: string;
        kind: string;
        columns: Column[] | string;
        primary_key: string[] | string;
        row_type: string;
      }>(RELATIONS, [this.schema]),
      await db.query<{
        name: string;
        arg_names: string[];
        arg_modes: string[];
        arg_types: string[];
        n_defaults: number;
        returns_set: boolean;
        return_type: string;
        returns_composite: boolean;
        returns_void: boolean;
        volatility: 'i' | 's' | 'v';
        statement_timeout: string | null;
      }>(FUNCTIONS, [this.schema]),
    ];
    const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

    const relations = new Map<string, Relation>();
    const byRowType = new Map<string, Relation>();
    for (const row of rels.rows) {
      const columns = new Map(json(row.columns).map((c) => [c.name, c]));
      const rel: Relation = {
        name: row.name,
        ref: `${quoteIdent(this.schema)}.${quoteIdent(row.name)}`,
        kind: row.kind === 'r' || row.kind === 'p' ? 'table' : 'view',
        columns,
        primaryKey: json(row.primary_key),
      };
      relations.set(row.name, rel);
      byRowType.set(row.row_type, rel);
    }

    const functions = new Map<string, RpcFunction[]>();
    for (const row of fns.rows) {
      const modes = row.arg_modes.length ? row.arg_modes : row.arg_types.map(() => 'i');
      const args: FunctionArg[] = [];
      const outs: [string, { type: string }][] = [];
      row.arg_types.forEach((type, i) => {
        const mode = modes[i];
        const name = row.arg_names[i] ?? '';
        if (mode === 'i' || mode === 'b' || mode === 'v') args.push({ name, type, required: true });
        if (mode === 'o' || mode === 'b' || mode === 't') outs.push([name, { type }]);
      });
      args.forEach((arg, i) => {
        arg.required = i < args.length - row.n_defaults;
      });
      // PostgREST's schema cache leaves out what a request cannot call (SchemaCache.hs, funcsSqlQuery): a function
      // with more than one unnamed argument, or one unnamed argument of a type other than a whole body's.
      const unnamed = args.filter((a) => a.name === '');
      if (unnamed.length > 1 || (unnamed.length === 1 && !wholeBodyTypes.has(unnamed[0].type))) continue;
      const setOf = byRowType.get(row.return_type);
      const fn: RpcFunction = {
        schema: this.schema,
        name: row.name,
        args,
        returnsSet: row.returns_set,
        returnsComposite: row.returns_composite,
        returnsVoid: row.returns_void,
        outputColumns: outs.length ? new Map(outs) : setOf ? setOf.columns : undefined,
        volatility: row.volatility,
        ...(row.statement_timeout ? { statementTimeout: row.statement_timeout } : {}),
      };
      const list = functions.get(row.name) ?? [];
      list.push(fn);
      functions.set(row.name, list);
    }
    this.relations = relations;
    this.functions = functions;
    this.loaded = true;
  }
}
