import type { z } from 'zod';

export const NETWORK_MESSAGE = 'Could not reach Flipwise. Please check your connection and try again.';

/**
 * The message to show for a failed call: the service's own words when it gave some, else the SPEC's fallback.
 * When the request never got an answer (offline, server down, a code chunk that failed to load) the browser's
 * words ('Failed to fetch') would mean nothing to the user, so they get a plain network message instead.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (isRetryable(error) || error instanceof TypeError) return NETWORK_MESSAGE;
  if (error instanceof Error && error.message.trim()) return error.message;
  if (
    typeof error === 'object' &&
    error &&
    'message' in error &&
    typeof error.message === 'string' &&
    error.message.trim()
  )
    return error.message;
  return fallback;
}

/** Parses a function's input; a bad input becomes a plain Error carrying the schema's (SPEC) message. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new Error(result.error.issues[0]?.message ?? 'Invalid input');
  return result.data;
}

/** Network failures and 5xx answers: the request never reached a decision, so the user should simply retry. */
export function isRetryable(error: unknown): boolean {
  if (typeof error !== 'object' || !error) return false;
  const { name, status } = error as { name?: string; status?: number };
  return name === 'AuthRetryableFetchError' || status === 0 || (typeof status === 'number' && status >= 500);
}
