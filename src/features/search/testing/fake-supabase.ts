// A stand-in for the one supabase-js client, for unit tests of this feature: function calls and table calls are
// answered by handlers the test sets, and every call is recorded so tests can assert what the client sent.
import { FunctionsFetchError, FunctionsHttpError } from '@supabase/supabase-js';

export type InvokeCall = { name: string; body: Record<string, unknown> };
export type TableCall = { table: string; ops: [string, unknown[]][] };
type Result = { data: unknown; error: unknown };
type Deferred = { promise: Promise<Result>; resolve: (r: Result) => void };

export type FakeSupabase = ReturnType<typeof createFakeSupabase>;

export function createFakeSupabase() {
  const invokeCalls: InvokeCall[] = [];
  const tableCalls: TableCall[] = [];
  let invokeHandler: (call: InvokeCall) => Result | Promise<Result> = () => ({ data: {}, error: null });
  let tableHandler: (call: TableCall) => Result | Promise<Result> = () => ({ data: [], error: null });

  const client = {
    functions: {
      invoke: async (name: string, options: { body: Record<string, unknown> }) => {
        const call = { name, body: options.body };
        invokeCalls.push(call);
        return invokeHandler(call);
      },
    },
    from(table: string) {
      const call: TableCall = { table, ops: [] };
      tableCalls.push(call);
      const builder: Record<string, unknown> = new Proxy(
        {},
        {
          get(_target, prop: string) {
            if (prop === 'then') {
              return (resolve: (r: Result) => unknown, reject: (e: unknown) => unknown) =>
                Promise.resolve()
                  .then(() => tableHandler(call))
                  .then(resolve, reject);
            }
            return (...args: unknown[]) => {
              call.ops.push([prop, args]);
              return builder;
            };
          },
        },
      );
      return builder;
    },
  };

  return {
    client,
    invokeCalls,
    tableCalls,
    onInvoke(handler: typeof invokeHandler) {
      invokeHandler = handler;
    },
    onTable(handler: typeof tableHandler) {
      tableHandler = handler;
    },
    /**
     * Answers search-available and search-sold with these bodies (or errors), and search-listed with `listed`: by
     * default `{ rows: [] }`, a deployment with no marketplace configured.
     */
    answer(answers: {
      available?: Result | (() => Result | Promise<Result>);
      sold?: Result | (() => Result | Promise<Result>);
      listed?: Result | (() => Result | Promise<Result>);
    }) {
      invokeHandler = ({ name }) => {
        const a =
          name === 'search-available'
            ? answers.available
            : name === 'search-listed'
              ? (answers.listed ?? { data: { rows: [] }, error: null })
              : answers.sold;
        if (!a) return { data: null, error: new Error(`no answer for ${name}`) };
        return typeof a === 'function' ? a() : a;
      };
    },
    reset() {
      invokeCalls.length = 0;
      tableCalls.length = 0;
      invokeHandler = () => ({ data: {}, error: null });
      tableHandler = () => ({ data: [], error: null });
    },
    /** The calls of the headline search, without search-listed, which runs beside them. */
    headlineCalls() {
      return invokeCalls.filter((c) => c.name !== 'search-listed');
    },
    /** The rows inserted into a table, in order. */
    inserted(table: string) {
      return tableCalls
        .filter((c) => c.table === table)
        .flatMap((c) => c.ops.filter(([op]) => op === 'insert').map(([, args]) => args[0]));
    },
  };
}

export const ok = (data: unknown): Result => ({ data, error: null });
export const httpError = (status: number, body: unknown): Result => ({
  data: null,
  error: new FunctionsHttpError(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  ),
});
export const networkError = (): Result => ({
  data: null,
  error: new FunctionsFetchError(new TypeError('Failed to fetch')),
});

export function deferred(): Deferred {
  let resolve!: (r: Result) => void;
  const promise = new Promise<Result>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const conditionCounts = (n: number) => ({
  new_with_tags: n,
  new_without_tags: n,
  new_with_imperfections: n,
  pre_owned: n,
});

/** A full search-available answer in the backend's contract shape. */
export function availableBody(availableCount: number, extra: Record<string, unknown> = {}) {
  return {
    availableCount,
    source: 'local',
    isDemo: false,
    cached: false,
    byCondition: conditionCounts(availableCount),
    byMarketplace: [{ marketplace: 'ebay', available: availableCount }],
    comps: availableCount,
    asOf: '2026-11-22T01:00:00.000Z',
    ...extra,
  };
}

/** A full search-sold answer in the backend's contract shape. */
export function soldBody(soldCount: number | null, extra: Record<string, unknown> = {}) {
  return {
    soldCount,
    windowDays: 90,
    source: 'local',
    isDemo: false,
    cached: false,
    medianPrice: soldCount ? 42 : null,
    priceRange: soldCount ? { p25: 30, p75: 55 } : null,
    currency: 'USD',
    typicalDaysToSell: soldCount ? 12 : null,
    byCondition: soldCount === null ? null : conditionCounts(soldCount),
    byMarketplace: soldCount === null ? [] : [{ marketplace: 'ebay', sold: soldCount }],
    comps: soldCount ?? 0,
    asOf: '2026-11-22T01:00:00.000Z',
    ...extra,
  };
}

/** A seller panel fact block (supabase/functions/_shared/market/types.ts PanelFacts). */
export function panelFacts(sellers: number, extra: Record<string, unknown> = {}) {
  const minSellers = 5;
  const withheld = sellers > 0 && sellers < minSellers;
  // A withheld figure says nothing of its sellers (issue 49).
  return withheld ? { withheld, minSellers, ...extra } : { sellers, minSellers, withheld, ...extra };
}

/** An eBay "listed now" row of search-listed. */
export function listedRow(extra: Record<string, unknown> = {}) {
  return {
    marketplace: 'ebay',
    label: 'eBay',
    status: 'ok',
    count: 1234,
    approximate: true,
    conditionScoped: true,
    asOf: new Date(Date.now() - 3 * 60_000).toISOString(),
    cached: false,
    url: 'https://www.ebay.com/sch/i.html?_nkw=zorblax+jacket',
    ...extra,
  };
}
