// What a parsed JSON body may not hold on its way to the database (issue 12, point 5): a NUL (Postgres text cannot
// store one), an unpaired UTF-16 surrogate (not text at all), or nesting deeper than any request of this product
// needs (Postgres' JSON parser runs out of stack and answers 54001). REST and auth refuse such a body with a 400 and
// say which; they used to answer 500.

/** Deeper than any body the app sends (user metadata, RPC arguments, rows); Postgres itself stops near 1,000s. */
export const MAX_JSON_DEPTH = 64;

const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why this value cannot be stored as sent, or null when it can. */
export function jsonInputProblem(value: unknown, depth = 0): string | null {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) return 'Text may not contain a NUL character (\\u0000).';
    if (UNPAIRED_SURROGATE.test(value)) return 'Text may not contain an unpaired UTF-16 surrogate.';
    return null;
  }
  if (value === null || typeof value !== 'object') return null;
  if (depth >= MAX_JSON_DEPTH) return `JSON may be nested at most ${MAX_JSON_DEPTH} levels deep.`;
  if (Array.isArray(value)) {
    for (const item of value) {
      const problem = jsonInputProblem(item, depth + 1);
      if (problem) return problem;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    const problem = jsonInputProblem(key, depth + 1) ?? jsonInputProblem(item, depth + 1);
    if (problem) return problem;
  }
  return null;
}
