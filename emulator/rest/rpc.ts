// /rest/v1/rpc/<name>: which function a call means and the SQL that calls it, as PostgREST 12 decides them
// (Plan.hs findProc and callPlan, Query/QueryBuilder.hs callPlanToQuery, Error.hs NoRpc and AmbiguousRpc; the
// hint's threshold as in 14.6).
import { RestError } from './errors';
import { closestMatch, NAME_MIN_SCORE } from './fuzzy';
import type { Prefer, ReadShape } from './parse';
import { quoteIdent, WHOLE_BODY_TYPES, type BodyMedia, type RpcFunction } from './schema-cache';
import { Params, renderLogic, renderOrder, renderSelect, where, type Scope } from './sql';

/** What a call gives: its argument names, how the body came, and whether Prefer: params=single-object was sent. */
export type CallShape = { given: string[]; post: boolean; media: BodyMedia; singleObject: boolean };

/** A call names every required argument and only arguments the function has (unnamed ones are named ''). */
function matchesNames(fn: RpcFunction, call: CallShape): boolean {
  if (call.singleObject) return fn.args.length === 1 && ['json', 'jsonb'].includes(fn.args[0].type);
  if (fn.args.length === 0) return call.given.length === 0 && !(call.post && call.media !== 'json');
  const names = new Set(fn.args.map((a) => a.name));
  return (
    call.given.every((g) => names.has(g)) && fn.args.every((a) => !a.required || call.given.includes(a.name))
  );
}

/** A POST body can also go whole to a function's single unnamed argument of the body's own type. */
const takesWholeBody = (fn: RpcFunction, call: CallShape) =>
  call.post &&
  fn.args.length === 1 &&
  fn.args[0].name === '' &&
  WHOLE_BODY_TYPES[call.media].includes(fn.args[0].type);

/** Overloads in PostgREST's order: fewer arguments first, then by argument names and types. */
function byArguments(a: RpcFunction, b: RpcFunction): number {
  if (a.args.length !== b.args.length) return a.args.length - b.args.length;
  const key = (f: RpcFunction) => f.args.map((x) => `${x.name}\u0000${x.type}`).join('\u0001');
  return key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;
}

const signature = (fn: RpcFunction) =>
  `${fn.schema}.${fn.name}(${fn.args.map((a) => `${a.name} => ${a.type}`).join(', ')})`;

/** 300 PGRST203: more than one overload fits the call. */
function ambiguous(candidates: RpcFunction[]): RestError {
  return new RestError(
    300,
    'PGRST203',
    `Could not choose the best candidate function between: ${candidates.map(signature).join(', ')}`,
    null,
    'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
  );
}

/** 404 PGRST202 with PostgREST's message, details and "Perhaps you meant" hint. */
export function functionNotFound(
  schema: string,
  name: string,
  call: CallShape,
  overloads: RpcFunction[],
  allNames: Iterable<string>,
): RestError {
  const keys = [...call.given].sort();
  const list = keys.join(', ');
  const withNames = (text: string) => (keys.length ? text : ' without parameters');
  const wholeBodyOnly = call.singleObject || (call.post && call.media !== 'json');
  const searched = call.singleObject
    ? ' with a single json/jsonb parameter'
    : call.post && call.media !== 'json'
      ? ` with a single unnamed ${call.media} parameter`
      : withNames(` with parameter${keys.length > 1 ? 's' : ''} ${list}`) +
        (call.post ? ' or with a single unnamed json/jsonb parameter' : '');
  let hint: string | null = null;
  if (!wholeBodyOnly) {
    const suggestion = overloads.length
      ? (() => {
          const lists = overloads.map(
            (f) =>
              `(${f.args
                .map((a) => a.name)
                .sort()
                .join(', ')})`,
          );
          const best = closestMatch(`(${list})`, lists);
          return best === undefined ? undefined : `${name}${best}`;
        })()
      : closestMatch(name, allNames, NAME_MIN_SCORE);
    if (suggestion !== undefined) hint = `Perhaps you meant to call the function ${schema}.${suggestion}`;
  }
  return new RestError(
    404,
    'PGRST202',
    `Could not find the function ${schema}.${name}${wholeBodyOnly ? '' : withNames(`(${list})`)} in the schema cache`,
    `Searched for the function ${schema}.${name}${searched}, but no matches were found in the schema cache.`,
    hint,
  );
}

/**
 * The overload a call means: the one whose arguments the call names; failing that, the one that takes the body whole.
 * Two or more that fit are ambiguous (300), none is not found (404).
 */
export function findFunction(
  schema: string,
  name: string,
  overloads: RpcFunction[] | undefined,
  call: CallShape,
  allNames: Iterable<string>,
): RpcFunction {
  const sorted = [...(overloads ?? [])].sort(byArguments);
  const named = sorted.filter((f) => matchesNames(f, call));
  const whole = sorted.filter((f) => !named.includes(f) && takesWholeBody(f, call));
  const candidates = named.length ? named : whole;
  if (candidates.length === 1) return candidates[0];
  if (candidates.length > 1) throw ambiguous(candidates);
  throw functionNotFound(schema, name, call, sorted, allNames);
}

/**
 * Whether the function takes the request's arguments as one value (callPlan's OnePosParam): its single unnamed
 * argument, or any single json argument under Prefer: params=single-object.
 */
export const takesArgumentsWhole = (fn: RpcFunction, prefer: Prefer) =>
  fn.args.length === 1 && (fn.args[0].name === '' || prefer.params === 'single-object');

/** The request's arguments: by name from a JSON object or the query string, or the body whole. */
export type CallArgs =
  | { kind: 'named'; values: Map<string, string> | Record<string, unknown> }
  | { kind: 'whole'; body: string | Uint8Array };

export type BuiltCall = { sql: string; params: unknown[]; kind: 'scalar' | 'set' };

/**
 * SQL for one call. Every statement answers one row: `body` (JSON text), `page_total` and `total` (null unless a count
 * was asked for); a function that returns one value (or one row) counts as one row, as in PostgREST.
 */
export function buildCall(
  fn: RpcFunction,
  q: ReadShape,
  args: CallArgs,
  prefer: Prefer,
  single: boolean,
  maxRows?: number,
): BuiltCall {
  const params = new Params();
  const name = `${quoteIdent(fn.schema)}.${quoteIdent(fn.name)}`;
  let call: string;
  /** A FROM item the call's arguments come from (POST bodies). */
  let argsFrom: string | undefined;
  if (args.kind === 'whole') {
    call = `${name}(${params.add(args.body)}::${fn.args[0].type})`;
  } else if (args.values instanceof Map) {
    // GET: arguments are query-string texts, cast to each argument's type.
    const values = args.values;
    const list = fn.args
      .filter((a) => values.has(a.name))
      .map((a) => `${quoteIdent(a.name)} := ${params.typed(values.get(a.name)!, a.type)}`);
    call = `${name}(${list.join(', ')})`;
  } else {
    // POST: a JSON object; json_to_record converts each value to its argument's type (arrays, json, numbers, …).
    const body = args.values;
    const used = fn.args.filter((a) => a.name in body);
    if (used.length) {
      const p = params.add(JSON.stringify(body));
      argsFrom = `json_to_record(${p}::json) as pgrst_args(${used.map((a) => `${quoteIdent(a.name)} ${a.type}`).join(', ')})`;
    }
    call = `${name}(${used.map((a) => `${quoteIdent(a.name)} := pgrst_args.${quoteIdent(a.name)}`).join(', ')})`;
  }
  const from = argsFrom ? ` from ${argsFrom}` : '';
  // Planned counts are not made for calls (PostgREST plans them only for reads of tables and views).
  const counted = prefer.count === 'exact' || prefer.count === 'estimated';
  const one = counted ? '1::bigint' : 'null::bigint';

  if (fn.returnsVoid || (!fn.returnsSet && !fn.returnsComposite)) {
    const expr = fn.returnsVoid ? `${call}::text` : `to_json(${call})::text`;
    return {
      kind: 'scalar',
      sql: `select ${expr} as body, 1 as page_total, ${one} as total${from}`,
      params: params.values,
    };
  }
  const source = argsFrom ? `${argsFrom} cross join lateral ${call} as pgrst_call` : `${call} as pgrst_call`;
  const limit =
    q.limit === undefined ? maxRows : maxRows === undefined ? q.limit : Math.min(q.limit, maxRows);
  const page = `${limit === undefined ? '' : ` limit ${limit}`}${q.offset ? ` offset ${q.offset}` : ''}`;
  if (!fn.returnsComposite) {
    // SETOF a scalar type: an array of values.
    const total = counted ? `(select count(*) from ${source})` : 'null::bigint';
    const sql = `with pgrst_source as (select pgrst_call as v from ${source}${page})
select ${total} as total, count(*)::int as page_total, coalesce(json_agg(v), '[]')::text as body from pgrst_source`;
    return { kind: 'set', sql, params: params.values };
  }
  const scope: Scope = { name: fn.name, columns: fn.outputColumns, qualifier: 'pgrst_call' };
  const columns = renderSelect(q.select, scope, params);
  if (!fn.returnsSet) {
    const sql = `select (select to_json(pgrst_t) from (select ${columns} from ${source}) pgrst_t)::text as body,
  1 as page_total, ${one} as total`;
    return { kind: 'scalar', sql, params: params.values };
  }
  const filter = where(q.filters.map((f) => renderLogic(f, scope, params)));
  const order = q.order.length ? ` order by ${renderOrder(q.order, scope, params)}` : '';
  const total = counted ? `(select count(*) from ${source}${filter})` : 'null::bigint';
  const body = single
    ? `case when count(*) = 1 then (json_agg(pgrst_t) -> 0)::text end`
    : `coalesce(json_agg(pgrst_t), '[]')::text`;
  const sql = `with pgrst_source as (select ${columns} from ${source}${filter}${order}${page})
select ${total} as total, count(*)::int as page_total, ${body} as body from pgrst_source pgrst_t`;
  return { kind: 'set', sql, params: params.values };
}
