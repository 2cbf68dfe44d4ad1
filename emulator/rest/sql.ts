// Turns parsed requests into SQL. Identifiers come from the schema cache and are quoted; every value from the
// request is a bound parameter, passed as text and cast to the type the catalogue gives for its column.
import { parseError, undefinedColumn } from './errors';
import type { Condition, Field, Logic, OrderTerm, SelectItem } from './parse';
import { quoteIdent, type Relation } from './schema-cache';

export class Params {
  values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
  /** A text parameter cast to `type` (a type name from the catalogue). */
  typed(value: string, type: string): string {
    return type === 'text' ? `${this.add(value)}::text` : `cast(${this.add(value)}::text as ${type})`;
  }
}

/** Where column names are looked up and how they are qualified in SQL. */
export type Scope = {
  /** For messages: the table or function name. */
  name: string;
  /** Known columns; undefined when unknown (a function returning record): any name is quoted and passed through. */
  columns?: Relation['columns'] | Map<string, { type: string }>;
  /** SQL qualifier for column references, e.g. "public"."todos" */
  qualifier?: string;
};

function columnType(scope: Scope, column: string): string | undefined {
  if (!scope.columns) return undefined;
  const col = scope.columns.get(column);
  if (!col) throw undefinedColumn(scope.name, column);
  return col.type;
}

/** Renders a field; returns its SQL and the type to cast compared values to (undefined = let Postgres infer). */
export function renderField(field: Field, scope: Scope, params: Params): { sql: string; type?: string } {
  const type = columnType(scope, field.column);
  let sql = scope.qualifier ? `${scope.qualifier}.${quoteIdent(field.column)}` : quoteIdent(field.column);
  if (field.path.length === 0) return { sql, type };
  for (const step of field.path) {
    const key = /^-?\d+$/.test(step.key) ? `${params.add(step.key)}::int` : `${params.add(step.key)}::text`;
    sql = `(${sql} ${step.arrow} ${key})`;
  }
  const last = field.path[field.path.length - 1].arrow;
  return last === '->>' ? { sql, type: 'text' } : { sql: `(${sql})::jsonb`, type: 'jsonb' };
}

export function renderSelect(items: SelectItem[], scope: Scope, params: Params): string {
  return items
    .map((item) => {
      if (item.kind === 'star') return scope.qualifier ? `${scope.qualifier}.*` : '*';
      const { sql } = renderField(item.field, scope, params);
      const expr = item.cast ? `(${sql})::${item.cast}` : sql;
      const alias =
        item.alias ?? (item.field.path.length ? item.field.path[item.field.path.length - 1].key : undefined);
      return alias ? `${expr} as ${quoteIdent(alias)}` : expr;
    })
    .join(', ');
}

const COMPARISON: Record<string, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
  match: '~',
  imatch: '~*',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
};

const TEXT_SEARCH: Record<string, string> = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
};

/** Quotes a list as a PostgreSQL array literal: {"a","b \"c\""} */
export function arrayLiteral(items: string[]): string {
  return `{${items.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}

const arrayType = (type: string | undefined) => (type ? `${type}[]` : undefined);

function bind(params: Params, value: string, type: string | undefined): string {
  return type ? params.typed(value, type) : params.add(value);
}

export function renderCondition(c: Condition, scope: Scope, params: Params): string {
  const { sql: lhs, type } = renderField(c.field, scope, params);
  let expr: string;
  if (c.quantifier) {
    // col like any('{a%,b%}'): the value is an array literal of the column's type (text for the pattern operators).
    const pattern = ['like', 'ilike', 'match', 'imatch'].includes(c.op);
    const value = c.op === 'like' || c.op === 'ilike' ? c.value.replace(/\*/g, '%') : c.value;
    const array = pattern ? `${params.add(value)}::text[]` : bind(params, value, arrayType(type));
    expr = `${lhs} ${COMPARISON[c.op]} ${c.quantifier}(${array})`;
    return c.negate ? `not (${expr})` : expr;
  }
  switch (c.op) {
    case 'is': {
      const v = c.value.toLowerCase();
      expr = v === 'not_null' ? `${lhs} is not null` : `${lhs} is ${v}`;
      break;
    }
    case 'isdistinct':
      expr = `${lhs} is distinct from ${bind(params, c.value, type)}`;
      break;
    case 'in':
      expr = `${lhs} = any(${bind(params, arrayLiteral(c.list ?? []), arrayType(type))})`;
      break;
    case 'like':
    case 'ilike':
      // PostgREST accepts * as the wildcard because % is awkward in URLs.
      expr = `${lhs} ${COMPARISON[c.op]} ${params.add(c.value.replace(/\*/g, '%'))}::text`;
      break;
    case 'match':
    case 'imatch':
      expr = `${lhs} ${COMPARISON[c.op]} ${params.add(c.value)}::text`;
      break;
    case 'fts':
    case 'plfts':
    case 'phfts':
    case 'wfts': {
      const fn = TEXT_SEARCH[c.op];
      const query = `${params.add(c.value)}::text`;
      expr = c.config
        ? `${lhs} @@ ${fn}(${params.add(c.config)}::regconfig, ${query})`
        : `${lhs} @@ ${fn}(${query})`;
      break;
    }
    case 'cs':
    case 'cd':
    case 'ov': {
      let value = c.value;
      // postgrest-js sends arrays as {a,b}; PostgREST also accepts (a,b) for array columns.
      if (type?.endsWith('[]') && value.startsWith('(') && value.endsWith(')')) {
        value = arrayLiteral(value.slice(1, -1).split(','));
      }
      expr = `${lhs} ${COMPARISON[c.op]} ${bind(params, value, type)}`;
      break;
    }
    default: {
      const op = COMPARISON[c.op];
      if (!op) throw parseError(`"failed to parse filter (${c.op})"`);
      expr = `${lhs} ${op} ${bind(params, c.value, type)}`;
    }
  }
  return c.negate ? `not (${expr})` : expr;
}

export function renderLogic(node: Condition | Logic, scope: Scope, params: Params): string {
  if (node.kind === 'condition') return renderCondition(node, scope, params);
  const parts = node.children.map((child) => `(${renderLogic(child, scope, params)})`);
  const joined = parts.length
    ? parts.join(node.op === 'and' ? ' and ' : ' or ')
    : node.op === 'and'
      ? 'true'
      : 'false';
  return node.negate ? `not (${joined})` : `(${joined})`;
}

export function renderOrder(terms: OrderTerm[], scope: Scope, params: Params): string {
  return terms
    .map((t) => {
      const { sql } = renderField(t.field, scope, params);
      return `${sql} ${t.desc ? 'desc' : 'asc'}${t.nulls ? ` nulls ${t.nulls}` : ''}`;
    })
    .join(', ');
}

export const where = (conditions: string[]) =>
  conditions.length ? ` where ${conditions.join(' and ')}` : '';
