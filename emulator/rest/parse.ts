// Parses PostgREST's query-string grammar (select, filters, logic trees, order, Prefer, Range) into plain data.
// Nothing here touches SQL: names are checked against the schema cache and values bound later (sql.ts).
import { parseError, RestError } from './errors';

/** A column reference, optionally with a JSON path: data->a->>b */
export type Field = { column: string; path: { arrow: '->' | '->>'; key: string }[] };

export type SelectItem = { kind: 'star' } | { kind: 'field'; field: Field; alias?: string; cast?: string };

export type Operator =
  | 'eq'
  | 'neq'
  | 'gt'
  | 'gte'
  | 'lt'
  | 'lte'
  | 'like'
  | 'ilike'
  | 'match'
  | 'imatch'
  | 'is'
  | 'isdistinct'
  | 'in'
  | 'cs'
  | 'cd'
  | 'ov'
  | 'sl'
  | 'sr'
  | 'nxr'
  | 'nxl'
  | 'adj'
  | 'fts'
  | 'plfts'
  | 'phfts'
  | 'wfts';

export const OPERATORS = new Set<string>([
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'is',
  'isdistinct',
  'in',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxr',
  'nxl',
  'adj',
  'fts',
  'plfts',
  'phfts',
  'wfts',
]);

export type Condition = {
  kind: 'condition';
  field: Field;
  negate: boolean;
  op: Operator;
  /** The text-search configuration of fts(english) */
  config?: string;
  value: string;
  /** For `in`: the parsed list. */
  list?: string[];
  /** `like(any).{a*,b*}`: the value is an array and the comparison holds for any or all of it. */
  quantifier?: 'any' | 'all';
};

/** The operators PostgREST lets take (any) or (all) (ApiRequest/QueryParams.hs, quantOperator). */
const QUANTIFIABLE = new Set(['eq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch']);

export type Logic = { kind: 'logic'; op: 'and' | 'or'; negate: boolean; children: (Condition | Logic)[] };

export type OrderTerm = { field: Field; desc: boolean; nulls?: 'first' | 'last' };

/** What a read asks for in the query string: the columns, the filters, the order and the page. */
export type ReadShape = {
  select: SelectItem[];
  filters: (Condition | Logic)[];
  order: OrderTerm[];
  limit?: number;
  offset: number;
};

const IDENT_STOP = /[.,:()!>\-"\s]/;

/** Parses `col`, `col->a->>b`, `col->0`. */
export function parseField(text: string): Field {
  const trimmed = text.trim();
  // A double-quoted name ("column whitespace") may hold what a bare one may not.
  const quoted = /^"((?:[^"\\]|\\.)+)"/.exec(trimmed);
  const parts = (quoted ? trimmed.slice(quoted[0].length) : trimmed).split(/(->>|->)/);
  const column = quoted ? quoted[1].replace(/\\(.)/g, '$1') : parts[0];
  if (quoted ? parts[0] !== '' : !column || IDENT_STOP.test(column))
    throw parseError(`"failed to parse field (${text})"`, `Unexpected "${text}"`);
  const path: Field['path'] = [];
  for (let i = 1; i < parts.length; i += 2) {
    const key = parts[i + 1];
    if (!key) throw parseError(`"failed to parse field (${text})"`);
    path.push({ arrow: parts[i] as '->' | '->>', key });
  }
  return { column, path };
}

/** Splits on commas that are outside parentheses and double quotes. */
function splitTopLevel(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      current += ch;
      if (ch === '\\' && i + 1 < text.length) current += text[++i];
      else if (ch === '"') quoted = false;
      continue;
    }
    if (ch === '"') quoted = true;
    else if (ch === '(') depth++;
    else if (ch === ')') depth--;
    if (depth < 0) throw parseError('"failed to parse logic tree"', `Unbalanced parentheses in ${text}`);
    if (ch === ',' && depth === 0) {
      out.push(current);
      current = '';
    } else current += ch;
  }
  if (quoted || depth !== 0)
    throw parseError('"failed to parse logic tree"', `Unbalanced quotes or parentheses in ${text}`);
  out.push(current);
  return out;
}

const CAST = /^[A-Za-z_][A-Za-z0-9_]*(\[\])?$/;

/** More columns than any table here has: a longer select list is refused (issue 12). */
export const MAX_SELECT_ITEMS = 1000;

export function parseSelect(text: string | undefined): SelectItem[] {
  if (text === undefined || text.trim() === '') return [{ kind: 'star' }];
  // postgrest-js strips whitespace outside quotes; so do we (one pass: no regex backtracking on long inputs).
  let compact = '';
  let inQuotes = false;
  for (const ch of text) {
    if (ch === '"') inQuotes = !inQuotes;
    if (inQuotes || !/\s/.test(ch)) compact += ch;
  }
  const items = splitTopLevel(compact);
  // Postgres stops at 1,664 output columns with an internal error; a select list that long is a bad request.
  if (items.length > MAX_SELECT_ITEMS)
    throw parseError(
      `"failed to parse select parameter (${text.slice(0, 100)}...)"`,
      `A select list may name at most ${MAX_SELECT_ITEMS} columns.`,
    );
  return items.map((raw) => {
    if (raw === '*') return { kind: 'star' } as const;
    if (raw.includes('(') || raw.startsWith('...')) {
      throw parseError(
        `"failed to parse select parameter (${text})"`,
        'Embedded resources, spreads and aggregates are not supported by the local Supabase emulator; select columns of one table, or use an RPC.',
      );
    }
    let rest = raw;
    let alias: string | undefined;
    const aliasMatch = /^([^:]+):(?!:)(.+)$/.exec(rest);
    if (aliasMatch) {
      alias = aliasMatch[1];
      rest = aliasMatch[2];
      if (IDENT_STOP.test(alias))
        throw parseError(`"failed to parse select parameter (${text})"`, `Bad alias "${alias}"`);
    }
    let cast: string | undefined;
    const castAt = rest.indexOf('::');
    if (castAt >= 0) {
      cast = rest.slice(castAt + 2);
      rest = rest.slice(0, castAt);
      if (!CAST.test(cast))
        throw parseError(`"failed to parse select parameter (${text})"`, `Bad cast "${cast}"`);
    }
    return { kind: 'field', field: parseField(rest), alias, cast };
  });
}

/** Unquotes a value written inside a logic tree or an in-list: "a,b" -> a,b (with \" and \\ escapes). */
function unquote(value: string): string {
  const v = value.trim();
  if (v.length >= 2 && v.startsWith('"') && v.endsWith('"')) return v.slice(1, -1).replace(/\\(.)/g, '$1');
  return value;
}

export function parseList(value: string): string[] {
  if (!value.startsWith('(') || !value.endsWith(')'))
    throw parseError(`"failed to parse filter (in.${value})"`, 'Expected a list like (a,b,c)');
  const inner = value.slice(1, -1);
  if (inner.trim() === '') return [];
  return splitTopLevel(inner).map(unquote);
}

/** Parses `[not.]op[(config)].value` (the value of `col=`); `inLogic` unquotes values as PostgREST does there. */
export function parseCondition(field: Field, text: string, inLogic = false): Condition {
  let rest = text;
  let negate = false;
  if (rest.startsWith('not.')) {
    negate = true;
    rest = rest.slice(4);
  }
  const match = /^([a-z]+)(?:\(([A-Za-z0-9_]+)\))?\.([\s\S]*)$/.exec(rest);
  if (!match || !OPERATORS.has(match[1])) {
    throw parseError(`"failed to parse filter (${text})"`, `unknown or missing operator in "${text}"`);
  }
  const op = match[1] as Operator;
  let config: string | undefined = match[2];
  let quantifier: Condition['quantifier'];
  if ((config === 'any' || config === 'all') && QUANTIFIABLE.has(op)) {
    quantifier = config;
    config = undefined;
  }
  if (config && !['fts', 'plfts', 'phfts', 'wfts'].includes(op))
    throw parseError(`"failed to parse filter (${text})"`);
  let value = match[3];
  const condition: Condition = { kind: 'condition', field, negate, op, config, value };
  if (quantifier) condition.quantifier = quantifier;
  if (op === 'in') condition.list = parseList(value);
  else if (inLogic) value = unquote(value);
  condition.value = value;
  if (op === 'is' && !['null', 'true', 'false', 'unknown', 'not_null'].includes(value.toLowerCase())) {
    throw parseError(`"failed to parse filter (${text})"`, 'is accepts null, true, false or unknown');
  }
  return condition;
}

/** Parses the value of or=/and= (and of not.or= etc.): (a.eq.1,b.gt.2,and(c.lt.3,d.is.null)) */
export function parseLogic(op: 'and' | 'or', negate: boolean, text: string): Logic {
  if (!text.startsWith('(') || !text.endsWith(')')) {
    throw parseError(`"failed to parse logic tree (${text})"`, 'Expected a parenthesised list of conditions');
  }
  const children = splitTopLevel(text.slice(1, -1)).map((term): Condition | Logic => {
    const t = term.trim();
    const nested = /^(not\.)?(and|or)(\(.*\))$/s.exec(t);
    if (nested) return parseLogic(nested[2] as 'and' | 'or', Boolean(nested[1]), nested[3]);
    // field.op.value, where the field itself may be a JSON path (a->>b)
    const dot = t.search(/\.(not\.)?[a-z]+(\([A-Za-z0-9_]+\))?\./);
    if (dot <= 0) throw parseError(`"failed to parse logic tree (${text})"`, `Cannot parse "${t}"`);
    return parseCondition(parseField(t.slice(0, dot)), t.slice(dot + 1), true);
  });
  return { kind: 'logic', op, negate, children };
}

export function parseOrder(text: string): OrderTerm[] {
  return splitTopLevel(text).map((term) => {
    const parts = term.split('.');
    const modifiers: string[] = [];
    while (parts.length > 1 && ['asc', 'desc', 'nullsfirst', 'nullslast'].includes(parts[parts.length - 1])) {
      modifiers.unshift(parts.pop()!);
    }
    const field = parseField(parts.join('.'));
    const order: OrderTerm = { field, desc: modifiers.includes('desc') };
    if (modifiers.includes('nullsfirst')) order.nulls = 'first';
    if (modifiers.includes('nullslast')) order.nulls = 'last';
    return order;
  });
}

export function parseNonNegative(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d{1,9}$/.test(value))
    throw parseError(
      `"failed to parse ${name} parameter (${value})"`,
      `${name} must be a non-negative integer`,
    );
  return Number(value);
}

export type Prefer = {
  return?: 'minimal' | 'representation' | 'headers-only';
  count?: 'exact' | 'planned' | 'estimated';
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missing?: 'default' | 'null';
  params?: 'single-object';
  handling?: 'strict' | 'lenient';
  tx?: 'commit' | 'rollback';
  'max-affected'?: string;
};

export function parsePrefer(header: string | undefined): Prefer {
  const prefer: Record<string, string> = {};
  for (const part of (header ?? '').split(',')) {
    const [key, value] = part.trim().split('=');
    if (key && value) prefer[key.trim()] = value.trim();
  }
  return prefer as Prefer;
}

/** Range: 0-9 (items) → offset and limit. */
export function parseRange(header: string | undefined): { offset: number; limit?: number } | undefined {
  if (!header) return undefined;
  const m = /^(?:items=)?(\d+)-(\d*)$/.exec(header.trim());
  if (!m) return undefined;
  const from = Number(m[1]);
  const to = m[2] === '' ? undefined : Number(m[2]);
  if (to !== undefined && to < from) {
    throw new RestError(416, 'PGRST103', 'Requested range not satisfiable', `The range ${header} is empty.`);
  }
  return { offset: from, limit: to === undefined ? undefined : to - from + 1 };
}

/** `columns="a","b"` or `columns=a,b` of an insert. */
export function parseColumnsParam(text: string): string[] {
  return splitTopLevel(text).map((c) => unquote(c.trim()));
}
