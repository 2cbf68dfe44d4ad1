// /rest/v1: a PostgREST-compatible API over the emulator's database, enough for postgrest-js (supabase-js `from()`
// and `rpc()`) to behave as on hosted Supabase. Each request runs in one transaction under the JWT's role with
// request.jwt.claims set, so row-level security decides what it sees, exactly as in production.
import { Hono, type Context } from 'hono';
import { section } from '../config';
import type { EmulatorContext, Queryable } from '../context';
import { cors } from '../cors';
import { jsonInputProblem } from '../json-input';
import { verifyJwt, type VerifyKeys } from '../keys';
import { columnNotFound, fromDatabaseError, jwtError, parseError, RestError, tableNotFound } from './errors';
import {
  parseColumnsParam,
  parseCondition,
  parseField,
  parseLogic,
  parseNonNegative,
  parseOrder,
  parsePrefer,
  parseRange,
  parseSelect,
  type Prefer,
  type ReadShape,
} from './parse';
import { buildCall, findFunction, takesArgumentsWhole, type CallArgs } from './rpc';
import { quoteIdent, SchemaCache, type BodyMedia, type Relation } from './schema-cache';
import { Params, renderLogic, renderOrder, renderSelect, where, type Scope } from './sql';

export const REST_EXPOSE_HEADERS =
  'Content-Encoding, Content-Location, Content-Range, Content-Type, Date, Location, Server, Transfer-Encoding, Range-Unit';

const OBJECT_MEDIA = 'application/vnd.pgrst.object+json';
const caches = new WeakMap<EmulatorContext, Map<string, SchemaCache>>();

/** The REST service's schema cache of one exposed schema (tests call reload() after DDL, like NOTIFY pgrst). */
export function schemaCacheOf(ctx: EmulatorContext, schema = 'public'): SchemaCache {
  let bySchema = caches.get(ctx);
  if (!bySchema) caches.set(ctx, (bySchema = new Map()));
  let cache = bySchema.get(schema);
  if (!cache) bySchema.set(schema, (cache = new SchemaCache(schema)));
  return cache;
}

/** Reads every exposed schema's catalogue again. */
export async function reloadSchemaCaches(ctx: EmulatorContext): Promise<void> {
  for (const cache of caches.get(ctx)?.values() ?? [schemaCacheOf(ctx)]) await cache.reload(ctx.db);
}

type Auth = { role: string; claims: Record<string, unknown> };

/** Who asks, and in which exposed schema. */
type Caller = Auth & { schema: string; cache: SchemaCache };

type Outcome = { status: number; body: string | null; headers: Record<string, string> };

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers },
  });

function errorResponse(error: RestError): Response {
  return json(error.status, error.body(), {
    'Proxy-Status': `PostgREST; error=${error.code}`,
    ...error.headers,
  });
}

const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);

/**
 * Hosted Supabase sets these on the roles (`alter role anon set statement_timeout = '3s'`, authenticated 8s) and
 * PostgREST applies a role's settings to each request it makes as that role. The service role has none of its own, so
 * its requests keep the 8 s of the role PostgREST connects as (authenticator): "service_role: none (defaults to the
 * authenticator role's 8s timeout if unset)", supabase.com/docs/guides/database/postgres/timeouts. A search past its
 * function's deadline is cancelled there too, and lets go of what it holds (docs/decisions/073).
 */
export const STATEMENT_TIMEOUT: Record<string, string> = {
  anon: '3s',
  authenticated: '8s',
  service_role: '8s',
};

/** The hosted gateway's key check: every request names a project key in `apikey`. */
async function authenticate(c: Context, keys: VerifyKeys): Promise<Auth | Response> {
  const apikey = c.req.header('apikey') ?? c.req.query('apikey');
  if (!apikey) {
    return json(401, {
      message: 'No API key found in request',
      hint: 'No `apikey` request header or url param was found.',
    });
  }
  const key = await verifyJwt(apikey, keys);
  if (!key.ok) {
    return json(401, {
      message: 'Invalid API key',
      hint: 'Double check your Supabase `anon` or `service_role` API key.',
    });
  }
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '');
  const check = bearer ? await verifyJwt(bearer[1], keys) : key;
  if (!check.ok) throw jwtError(check.reason === 'expired', check.message);
  const role = typeof check.claims.role === 'string' && check.claims.role ? check.claims.role : 'anon';
  // PostgREST's authenticator may become only the roles granted to it: on Supabase anon, authenticated and
  // service_role. A token signed for any other role (postgres, supabase_admin) is refused as Postgres refuses the
  // role switch, however it was signed (issue 12).
  if (!API_ROLES.has(role)) throw new RestError(403, '42501', `permission denied to set role "${role}"`);
  return { role, claims: { ...check.claims, role } };
}

type Query = ReadShape & {
  onConflict?: string[];
  columns?: string[];
  /** RPC over GET: arguments by name. */
  args: Map<string, string>;
};

const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'on_conflict', 'columns', 'apikey']);

function parseQuery(url: URL, rangeHeader: string | undefined, argNames?: Set<string>): Query {
  const q: Query = { select: [{ kind: 'star' }], filters: [], order: [], offset: 0, args: new Map() };
  for (const [key, value] of url.searchParams) {
    if (argNames?.has(key)) {
      q.args.set(key, value);
      continue;
    }
    switch (key) {
      case 'apikey':
        break;
      case 'select':
        q.select = parseSelect(value);
        break;
      case 'order':
        q.order = parseOrder(value);
        break;
      case 'limit':
        q.limit = parseNonNegative('limit', value);
        break;
      case 'offset':
        q.offset = parseNonNegative('offset', value) ?? 0;
        break;
      case 'on_conflict':
        q.onConflict = parseColumnsParam(value);
        break;
      case 'columns':
        q.columns = parseColumnsParam(value);
        break;
      case 'or':
      case 'and':
        q.filters.push(parseLogic(key, false, value));
        break;
      case 'not.or':
      case 'not.and':
        q.filters.push(parseLogic(key.slice(4) as 'or' | 'and', true, value));
        break;
      default: {
        const last = key.split('.').pop() ?? '';
        if (key.includes('.') && (RESERVED.has(last) || last === 'or' || last === 'and')) {
          throw parseError(
            `"failed to parse parameter ${key}"`,
            'Filters and modifiers on embedded resources are not supported by the local Supabase emulator.',
          );
        }
        q.filters.push(parseCondition(parseField(key), value));
      }
    }
  }
  const range = parseRange(rangeHeader);
  if (range && !url.searchParams.has('offset')) q.offset = range.offset;
  if (range?.limit !== undefined && !url.searchParams.has('limit')) q.limit = range.limit;
  return q;
}

function contentRange(offset: number, count: number, total: number | null): string {
  const t = total === null ? '*' : String(total);
  return count > 0 ? `${offset}-${offset + count - 1}/${t}` : `*/${t}`;
}

/** What json_strip_nulls does: drops every object field whose value is null, at any depth; array items stay. */
function stripNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripNulls);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== null)
        .map(([k, v]) => [k, stripNulls(v)]),
    );
  }
  return value;
}

/** Prefer: handling=strict, max-affected=N refuses a change or call that touches more than N rows (Query.hs). */
function checkMaxAffected(prefer: Prefer, count: number) {
  const max = Number(prefer['max-affected']);
  if (
    prefer.handling === 'strict' &&
    prefer['max-affected'] !== undefined &&
    Number.isInteger(max) &&
    count > max
  ) {
    throw new RestError(
      400,
      'PGRST124',
      'Query result exceeds max-affected preference constraint',
      `The query affects ${count} rows`,
    );
  }
}

/** How an RPC body is passed, by its Content-Type (PostgREST's MediaType): JSON unless it says otherwise. */
function bodyMedia(contentType: string | undefined): BodyMedia {
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  if (type === 'text/plain') return 'text';
  if (type === 'text/xml') return 'xml';
  if (type === 'application/octet-stream') return 'bytea';
  return 'json';
}

async function readBody(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '') return undefined;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new RestError(400, 'PGRST102', 'Empty or invalid json');
  }
  // What Postgres would refuse deep inside a statement, and answer 500 for (issue 12, point 5).
  const problem = jsonInputProblem(body);
  if (problem) throw new RestError(400, 'PGRST102', 'Empty or invalid json', problem);
  return body;
}

export function createRestApp(ctx: EmulatorContext): Hono {
  const app = new Hono();
  const api = section(ctx.config, 'api');
  const maxRows = Number(api.max_rows ?? 1000) || undefined;
  // [api] schemas and extra_search_path of config.toml, as PostgREST's db-schemas and db-extra-search-path.
  const exposed = Array.isArray(api.schemas) && api.schemas.length ? api.schemas.map(String) : ['public'];
  const extraSearchPath = Array.isArray(api.extra_search_path)
    ? api.extra_search_path.map(String)
    : ['public', 'extensions'];

  /** Looks a name up; on a miss reads the catalogue again once (a migration or test may have created it). */
  async function withReload<T>(cache: SchemaCache, lookup: () => T): Promise<T> {
    await cache.ensure(ctx.db);
    try {
      return lookup();
    } catch (error) {
      if (
        !(error instanceof RestError) ||
        !['PGRST205', 'PGRST204', 'PGRST202', '42703'].includes(error.code)
      )
        throw error;
      await cache.reload(ctx.db);
      return lookup();
    }
  }

  /**
   * One transaction with PostgREST's per-request settings: the role's statement timeout, or the called function's own
   * (`statementTimeout`, hoisted as PostgREST 12.2 does).
   */
  function run<T>(
    c: Context,
    auth: Caller,
    readOnly: boolean,
    fn: (tx: Queryable) => Promise<T>,
    statementTimeout?: string,
  ): Promise<T> {
    const searchPath = [...new Set([auth.schema, ...extraSearchPath])].map(quoteIdent).join(', ');
    const headers: Record<string, string> = {};
    c.req.raw.headers.forEach((value, key) => {
      headers[key] = value;
    });
    // Prefer: tx=rollback answers as usual and then rolls the transaction back (PostgREST's optionalRollback, which
    // hosted Supabase allows: db-tx-end = commit-allow-override).
    const rollback = parsePrefer(c.req.header('prefer')).tx === 'rollback';
    const rolledBack = Symbol('rolled back');
    let result: T;
    const transaction = ctx.db.transaction(async (tx) => {
      await tx.query(
        `select set_config('search_path', $7, true), set_config('role', $1, true),
          set_config('request.jwt.claims', $2, true), set_config('request.method', $3, true),
          set_config('request.path', $4, true), set_config('request.headers', $5, true),
          set_config('request.cookies', '{}', true), set_config('statement_timeout', $6, true)${readOnly ? ", set_config('transaction_read_only', 'on', true)" : ''}`,
        [
          auth.role,
          JSON.stringify(auth.claims),
          c.req.method,
          new URL(c.req.url).pathname,
          JSON.stringify(headers),
          statementTimeout ?? STATEMENT_TIMEOUT[auth.role] ?? '0',
          searchPath,
        ],
      );
      result = await fn(tx);
      if (rollback) throw rolledBack;
      return result;
    });
    return rollback
      ? transaction.catch((error: unknown) => {
          if (error === rolledBack) return result;
          throw error;
        })
      : transaction;
  }

  function respond(c: Context, outcome: Outcome, single: boolean): Response {
    const headers: Record<string, string> = { ...outcome.headers };
    let body = outcome.body;
    if (body !== null) {
      // application/vnd.pgrst.{array,object}+json;nulls=stripped: json_strip_nulls on the answer (MediaType.hs).
      const strip = /vnd\.pgrst\.(array|object)(\+json)?;\s*nulls=stripped/.test(
        c.req.header('accept') ?? '',
      );
      const media = single ? OBJECT_MEDIA : strip ? 'application/vnd.pgrst.array+json' : 'application/json';
      headers['Content-Type'] = `${media}${strip ? ';nulls=stripped' : ''}; charset=utf-8`;
      if (strip) body = JSON.stringify(stripNulls(JSON.parse(body)));
    }
    return new Response(c.req.method === 'HEAD' ? null : body, { status: outcome.status, headers });
  }

  const singleError = (count: number) =>
    new RestError(
      406,
      'PGRST116',
      'Cannot coerce the result to a single JSON object',
      `The result contains ${count} rows`,
    );

  /** The schema a request names in Accept-Profile (reads) or Content-Profile (writes), else the first exposed. */
  function requestSchema(c: Context): string {
    const profile = c.req.header(
      c.req.method === 'GET' || c.req.method === 'HEAD' ? 'accept-profile' : 'content-profile',
    );
    if (profile && !exposed.includes(profile)) {
      throw new RestError(406, 'PGRST106', `The schema must be one of the following: ${exposed.join(', ')}`);
    }
    return profile || exposed[0];
  }

  async function handle(c: Context, fn: (auth: Caller) => Promise<Response>): Promise<Response> {
    let role = 'anon';
    try {
      const schema = requestSchema(c);
      const auth = await authenticate(c, ctx.keys);
      if (auth instanceof Response) return auth;
      role = auth.role;
      return await fn({ ...auth, schema, cache: schemaCacheOf(ctx, schema) });
    } catch (error) {
      const restError = fromDatabaseError(error, role);
      if (restError.status >= 500) ctx.log(`rest: ${c.req.method} ${c.req.path}: ${restError.message}`);
      return errorResponse(restError);
    }
  }

  // ---------------------------------------------------------------- tables and views

  async function tableRequest(c: Context, auth: Caller): Promise<Response> {
    const { cache } = auth;
    const name = c.req.param('table') ?? '';
    const method = c.req.method;
    const prefer = parsePrefer(c.req.header('prefer'));
    const single = (c.req.header('accept') ?? '').includes(OBJECT_MEDIA);
    const url = new URL(c.req.url);
    const query = parseQuery(url, c.req.header('range'));

    const rel = await withReload(cache, () => {
      const found = cache.relations.get(name);
      if (!found) throw tableNotFound(auth.schema, name);
      return found;
    });

    if (method === 'GET' || method === 'HEAD') {
      const built = await withReload(cache, () => buildRead(rel, query, prefer, single, maxRows));
      const outcome = await run(c, auth, true, async (tx) => {
        const { rows } = await tx.query<{ total: number | null; page_total: number; body: string | null }>(
          built.sql,
          built.params,
        );
        const { page_total: count, body } = rows[0];
        let total = rows[0].total === null ? null : Number(rows[0].total);
        if (prefer.count === 'planned') total = await explainCount(tx, rel, query);
        else if (prefer.count === 'estimated' && maxRows !== undefined && total !== null && total > maxRows) {
          total = Math.max(total, (await explainCount(tx, rel, query)) ?? 0);
        }
        if (single && count !== 1) throw singleError(count);
        let status = 200;
        if (total !== null) {
          if (query.offset > total) {
            throw new RestError(
              416,
              'PGRST103',
              'Requested range not satisfiable',
              `An offset of ${query.offset} was requested, but there are only ${total} rows.`,
            );
          }
          if (count < total) status = 206;
        }
        return { status, body, headers: { 'Content-Range': contentRange(query.offset, count, total) } };
      });
      return respond(c, outcome, single);
    }

    if (method === 'POST') {
      const body = await readBody(c);
      const rows = body === undefined ? [] : Array.isArray(body) ? body : [body];
      if (rows.some((r) => !r || typeof r !== 'object' || Array.isArray(r))) {
        throw new RestError(
          400,
          'PGRST102',
          'All object keys must match',
          'The body must be a JSON object or an array of objects.',
        );
      }
      const built = await withReload(cache, () =>
        buildInsert(rel, query, prefer, rows as Record<string, unknown>[], single),
      );
      return respond(c, await mutate(c, auth, built, prefer, single, 201, 'insert'), single);
    }

    if (method === 'PATCH') {
      const body = await readBody(c);
      if (!body || typeof body !== 'object' || Array.isArray(body)) {
        throw new RestError(400, 'PGRST102', 'Empty or invalid json', 'PATCH expects one JSON object.');
      }
      if (query.filters.length === 0) throw new RestError(400, '21000', 'UPDATE requires a WHERE clause');
      const built = await withReload(cache, () =>
        buildUpdate(rel, query, prefer, body as Record<string, unknown>, single),
      );
      return respond(c, await mutate(c, auth, built, prefer, single, 200, 'update'), single);
    }

    if (method === 'DELETE') {
      // Hosted Supabase loads pg-safeupdate for API requests: a delete without a filter is refused.
      if (query.filters.length === 0) throw new RestError(400, '21000', 'DELETE requires a WHERE clause');
      const built = await withReload(cache, () => buildDelete(rel, query, prefer, single));
      return respond(c, await mutate(c, auth, built, prefer, single, 200, 'delete'), single);
    }

    throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
  }

  async function mutate(
    c: Context,
    auth: Caller,
    built: Built,
    prefer: Prefer,
    single: boolean,
    representationStatus: number,
    kind: 'insert' | 'update' | 'delete',
  ): Promise<Outcome> {
    const representation = prefer.return === 'representation';
    return run(c, auth, false, async (tx) => {
      let count: number;
      let body: string | null = null;
      if (built.noop) {
        count = 0;
        body = representation ? (single ? null : '[]') : null;
      } else if (representation) {
        const { rows } = await tx.query<{ page_total: number; body: string | null }>(built.sql, built.params);
        count = rows[0].page_total;
        body = rows[0].body;
      } else {
        const result = await tx.query(built.sql, built.params);
        count = result.affectedRows ?? 0;
      }
      if (single && count !== 1) throw singleError(count);
      if (kind !== 'insert') checkMaxAffected(prefer, count);
      const total = prefer.count ? String(count) : '*';
      const range = kind === 'update' && count > 0 ? `0-${count - 1}/${total}` : `*/${total}`;
      // PostgREST answers 200, not 201, to an upsert that merged into existing rows and inserted none (Response.hs).
      let insertStatus = 201;
      if (kind === 'insert' && prefer.resolution === 'merge-duplicates') {
        let updated = 0;
        if (!built.noop) {
          const { rows } = await tx.query<{ updated: string | null }>(
            `select current_setting('pgrst.updated', true) as updated`,
          );
          updated = Number(rows[0]?.updated || 0);
        }
        if (count - updated <= 0) insertStatus = 200;
      }
      const status = kind === 'insert' ? insertStatus : representation ? representationStatus : 204;
      return { status, body: representation ? body : null, headers: { 'Content-Range': range } };
    });
  }

  // ---------------------------------------------------------------- RPC

  async function rpcRequest(c: Context, auth: Caller): Promise<Response> {
    const { cache } = auth;
    const name = c.req.param('fn') ?? '';
    const method = c.req.method;
    if (!['GET', 'HEAD', 'POST'].includes(method))
      throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
    const url = new URL(c.req.url);
    const prefer = parsePrefer(c.req.header('prefer'));
    const single = (c.req.header('accept') ?? '').includes(OBJECT_MEDIA);
    const readOnly = method !== 'POST';

    const media = readOnly ? 'json' : bodyMedia(c.req.header('content-type'));
    let body: unknown;
    let raw: string | Uint8Array = '';
    let given: string[];
    await cache.ensure(ctx.db);
    if (!cache.functions.has(name)) await cache.reload(ctx.db);
    const overloads = cache.functions.get(name);
    if (readOnly) {
      // Over GET, a parameter that is no argument of any overload is a filter on the result.
      const argNames = new Set((overloads ?? []).flatMap((f) => f.args.map((a) => a.name)));
      given = [...new Set(url.searchParams.keys())].filter(
        (k) =>
          !RESERVED.has(k) &&
          !k.includes('.') &&
          k !== 'or' &&
          k !== 'and' &&
          (!overloads || argNames.has(k)),
      );
    } else if (media === 'json') {
      body = (await readBody(c)) ?? {};
      raw = (await c.req.text()) || '{}';
      given = body && typeof body === 'object' && !Array.isArray(body) ? Object.keys(body) : [];
    } else {
      raw = media === 'bytea' ? new Uint8Array(await c.req.arrayBuffer()) : await c.req.text();
      given = [];
    }
    const fn = findFunction(
      auth.schema,
      name,
      overloads,
      { given, post: !readOnly, media, singleObject: prefer.params === 'single-object' },
      cache.functions.keys(),
    );
    const query = parseQuery(
      url,
      c.req.header('range'),
      readOnly ? new Set(fn.args.map((a) => a.name)) : undefined,
    );
    let args: CallArgs;
    if (!readOnly && (media !== 'json' || takesArgumentsWhole(fn, prefer)))
      args = { kind: 'whole', body: raw };
    else if (takesArgumentsWhole(fn, prefer))
      args = { kind: 'whole', body: JSON.stringify(Object.fromEntries(query.args)) };
    else args = { kind: 'named', values: readOnly ? query.args : (body as Record<string, unknown>) };
    const built = buildCall(fn, query, args, prefer, single, maxRows);

    const outcome = await run(
      c,
      auth,
      readOnly,
      async (tx): Promise<Outcome> => {
        const { rows } = await tx.query<{
          body: string | null;
          page_total: number | null;
          total: number | string | null;
        }>(built.sql, built.params);
        const row = rows[0];
        const count = row.page_total ?? 0;
        const total = row.total === null ? null : Number(row.total);
        // PostgREST's rangeStatusHeader: a page shorter than the counted total is 206 Partial Content.
        const range = contentRange(query.offset, count, total);
        checkMaxAffected(prefer, count);
        if (fn.returnsVoid) return { status: 204, body: null, headers: { 'Content-Range': range } };
        if (built.kind === 'set' && single && count !== 1) throw singleError(count);
        const status = total !== null && count < total ? 206 : 200;
        return { status, body: row.body ?? 'null', headers: { 'Content-Range': range } };
      },
      fn.statementTimeout,
    );
    return respond(c, outcome, single && built.kind === 'set');
  }

  app.use('*', cors(REST_EXPOSE_HEADERS));
  app.get('/', (c) =>
    handle(c, async () => json(200, { message: 'Flipwise local Supabase: PostgREST-compatible API' })),
  );
  app.all('/rpc/:fn', (c) => handle(c, (auth) => rpcRequest(c, auth)));
  app.all('/:table', (c) => handle(c, (auth) => tableRequest(c, auth)));
  return app;
}

// ---------------------------------------------------------------- SQL builders

type Built = { sql: string; params: unknown[]; noop?: boolean };

const relScope = (rel: Relation, qualifier = rel.ref): Scope => ({
  name: rel.name,
  columns: rel.columns,
  qualifier,
});

function buildRead(rel: Relation, q: Query, prefer: Prefer, single: boolean, maxRows?: number): Built {
  const params = new Params();
  const scope = relScope(rel);
  const columns = renderSelect(q.select, scope, params);
  const conditions = q.filters.map((f) => renderLogic(f, scope, params));
  const order = q.order.length ? ` order by ${renderOrder(q.order, scope, params)}` : '';
  const limit =
    q.limit === undefined ? maxRows : maxRows === undefined ? q.limit : Math.min(q.limit, maxRows);
  const page = `${limit === undefined ? '' : ` limit ${limit}`}${q.offset ? ` offset ${q.offset}` : ''}`;
  const filter = where(conditions);
  // PostgREST's counts (Query.hs resultSetWTotal): exact counts every row; estimated counts up to max_rows + 1 and
  // takes the planner's estimate beyond that; planned is the planner's estimate alone (explainCount).
  const total =
    prefer.count === 'exact' || (prefer.count === 'estimated' && maxRows === undefined)
      ? `(select count(*) from ${rel.ref}${filter})`
      : prefer.count === 'estimated'
        ? `(select count(*) from (select 1 from ${rel.ref}${filter} limit ${maxRows! + 1}) pgrst_c)`
        : 'null::bigint';
  const body = single
    ? `case when count(*) = 1 then (json_agg(pgrst_t) -> 0)::text end`
    : `coalesce(json_agg(pgrst_t), '[]')::text`;
  const sql = `with pgrst_source as (select ${columns} from ${rel.ref}${filter}${order}${page})
select ${total} as total, count(*)::int as page_total, ${body} as body from pgrst_source pgrst_t`;
  return { sql, params: params.values };
}

/** The planner's row estimate for a read's filters: EXPLAIN (FORMAT JSON) of `select 1 from … where …`. */
async function explainCount(tx: Queryable, rel: Relation, q: Query): Promise<number | null> {
  const params = new Params();
  const filter = where(q.filters.map((f) => renderLogic(f, relScope(rel), params)));
  const { rows } = await tx.query<{ 'QUERY PLAN': unknown }>(
    `explain (format json) select 1 from ${rel.ref}${filter}`,
    params.values,
  );
  const value = rows[0]?.['QUERY PLAN'];
  const plan = (typeof value === 'string' ? JSON.parse(value) : value) as [
    { Plan?: { 'Plan Rows'?: number } },
  ];
  const estimate = plan?.[0]?.Plan?.['Plan Rows'];
  return typeof estimate === 'number' ? estimate : null;
}

/** The representation of mutated rows: the select list applied to what RETURNING gave. */
function representation(rel: Relation, q: Query, params: Params): string {
  const columns = renderSelect(
    q.select,
    { name: rel.name, columns: rel.columns, qualifier: 'pgrst_source' },
    params,
  );
  return `select count(*)::int as page_total, coalesce(json_agg(pgrst_t), '[]')::text as body
from (select ${columns} from pgrst_source) pgrst_t`;
}

function wrapMutation(
  rel: Relation,
  q: Query,
  prefer: Prefer,
  statement: string,
  params: Params,
  single: boolean,
): string {
  if (prefer.return !== 'representation') return statement;
  const rep = representation(rel, q, params);
  const body = single
    ? rep.replace(
        `coalesce(json_agg(pgrst_t), '[]')::text`,
        `case when count(*) = 1 then (json_agg(pgrst_t) -> 0)::text end`,
      )
    : rep;
  return `with pgrst_source as (${statement} returning ${rel.ref}.*)\n${body}`;
}

function checkColumns(rel: Relation, names: Iterable<string>) {
  for (const name of names) if (!rel.columns.has(name)) throw columnNotFound(rel.name, name);
}

function buildInsert(
  rel: Relation,
  q: Query,
  prefer: Prefer,
  rows: Record<string, unknown>[],
  single: boolean,
): Built {
  const params = new Params();
  if (rows.length === 0) return { sql: '', params: [], noop: true };
  const keys = q.columns ?? [...new Set(rows.flatMap((r) => Object.keys(r)))];
  checkColumns(rel, keys);
  const cols = keys.map(quoteIdent).join(', ');
  let statement: string;
  if (keys.length === 0) {
    if (rows.length > 1)
      throw new RestError(
        400,
        'PGRST102',
        'All object keys must match',
        'Empty objects can only be inserted one at a time.',
      );
    statement = `insert into ${rel.ref} default values`;
  } else if (prefer.missing === 'default' && rows.some((r) => keys.some((k) => !(k in r)))) {
    // A column missing from a row takes its default (missing=default), which json_populate_recordset cannot express.
    const values = rows.map((row) => {
      const p = params.add(JSON.stringify(row));
      return `(${keys.map((k) => (k in row ? `(select ${quoteIdent(k)} from json_populate_record(null::${rel.ref}, ${p}::json))` : 'default')).join(', ')})`;
    });
    statement = `insert into ${rel.ref} (${cols}) values ${values.join(', ')}`;
  } else {
    const p = params.add(JSON.stringify(rows));
    statement = `insert into ${rel.ref} (${cols}) select ${cols} from json_populate_recordset(null::${rel.ref}, ${p}::json)`;
  }
  // PostgREST's Insert plan (Query/QueryBuilder.hs): the conflict target is on_conflict or the primary key; a table
  // with neither gets a plain insert. merge-duplicates sets every inserted column, the key too, so an upsert whose body
  // holds only the key still returns the row; each conflicting row bumps pgrst.updated, from which the status is told.
  const target = prefer.resolution ? (q.onConflict ?? rel.primaryKey) : [];
  if (target.length) {
    checkColumns(rel, target);
    const action =
      prefer.resolution === 'merge-duplicates' && keys.length
        ? `do update set ${keys.map((k) => `${quoteIdent(k)} = excluded.${quoteIdent(k)}`).join(', ')} where ${COUNT_UPDATED}`
        : 'do nothing';
    statement += ` on conflict (${target.map(quoteIdent).join(', ')}) ${action}`;
  }
  return { sql: wrapMutation(rel, q, prefer, statement, params, single), params: params.values };
}

/** True, and one more conflicting row counted in the transaction's pgrst.updated setting. */
const COUNT_UPDATED = `set_config('pgrst.updated', (coalesce(nullif(current_setting('pgrst.updated', true), '')::int, 0) + 1)::text, true) <> '0'`;

function buildUpdate(
  rel: Relation,
  q: Query,
  prefer: Prefer,
  body: Record<string, unknown>,
  single: boolean,
): Built {
  const params = new Params();
  const keys = Object.keys(body);
  checkColumns(rel, keys);
  const conditions = q.filters.map((f) => renderLogic(f, relScope(rel), params));
  if (keys.length === 0) return { sql: '', params: [], noop: true };
  const p = params.add(JSON.stringify(body));
  const sets = keys.map((k) => `${quoteIdent(k)} = pgrst_body.${quoteIdent(k)}`).join(', ');
  const statement = `update ${rel.ref} set ${sets} from (select * from json_populate_record(null::${rel.ref}, ${p}::json)) pgrst_body${where(conditions)}`;
  return { sql: wrapMutation(rel, q, prefer, statement, params, single), params: params.values };
}

function buildDelete(rel: Relation, q: Query, prefer: Prefer, single: boolean): Built {
  const params = new Params();
  const conditions = q.filters.map((f) => renderLogic(f, relScope(rel), params));
  const statement = `delete from ${rel.ref}${where(conditions)}`;
  return { sql: wrapMutation(rel, q, prefer, statement, params, single), params: params.values };
}
