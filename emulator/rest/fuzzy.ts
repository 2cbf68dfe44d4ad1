// The closest name to a misspelt one, for "Perhaps you meant …" hints. PostgREST uses the fuzzyset library
// (Data.FuzzySet, after fuzzyset.js): cosine similarity of character n-grams, largest gram size first, the best
// candidates re-scored by Levenshtein distance. Since PostgREST 14.6 a table or function name is suggested only at
// a score of 0.75 or more, so that a hint does not reveal names unlike the one asked for; argument lists keep 0.33.

/** The lowest score a suggestion of a table or function name needs (PostgREST's getFuzzyHint). */
export const NAME_MIN_SCORE = 0.75;
/** The lowest score a suggestion of an argument list needs (fuzzyset's getOne). */
export const PARAMS_MIN_SCORE = 0.33;
const GRAM_SIZES = [3, 2];

function grams(value: string, size: number): Map<string, number> {
  let text = `-${value.toLowerCase().replace(/[^\p{L}\p{N}, ]+/gu, '')}-`;
  if (text.length < size) text += '-'.repeat(size - text.length);
  const counts = new Map<string, number>();
  for (let i = 0; i + size <= text.length; i++) {
    const gram = text.slice(i, i + size);
    counts.set(gram, (counts.get(gram) ?? 0) + 1);
  }
  return counts;
}

function cosine(a: Map<string, number>, b: Map<string, number>): number {
  let dot = 0;
  for (const [gram, n] of a) dot += n * (b.get(gram) ?? 0);
  const norm = (m: Map<string, number>) => Math.sqrt([...m.values()].reduce((s, n) => s + n * n, 0));
  return dot / (norm(a) * norm(b) || 1);
}

function levenshtein(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(
        previous[j] + 1,
        current[j - 1] + 1,
        previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[b.length];
}

/** The candidate most like `value`, or undefined when none scores `minScore` or more. */
export function closestMatch(
  value: string,
  candidates: Iterable<string>,
  minScore = PARAMS_MIN_SCORE,
): string | undefined {
  const list = [...new Set(candidates)];
  if (list.length === 0) return undefined;
  const exact = list.find((c) => c.toLowerCase() === value.toLowerCase());
  if (exact !== undefined) return exact;
  for (const size of GRAM_SIZES) {
    const target = grams(value, size);
    const scored = list
      .map((candidate) => ({ candidate, score: cosine(target, grams(candidate, size)) }))
      .filter((s) => s.score > 0)
      .sort((x, y) => y.score - x.score)
      .slice(0, 50)
      .map(({ candidate }) => {
        const a = value.toLowerCase();
        const b = candidate.toLowerCase();
        return { candidate, score: 1 - levenshtein(a, b) / Math.max(a.length, b.length, 1) };
      })
      .filter((s) => s.score >= minScore)
      .sort((x, y) => y.score - x.score);
    if (scored.length) return scored[0].candidate;
  }
  return undefined;
}
