import { searchMessages as m } from '../messages';

export type SearchType = 'available' | 'sold';

/**
 * A failed search function call, normalised from supabase-js. supabase-js reports every failure with a fixed
 * message ('Edge Function returned a non-2xx status code', ...) that never contains 'fetch', 'timeout' or
 * 'unavailable', so the api layer reads the HTTP status and the function's own {error} body into this class.
 */
export class SearchFunctionError extends Error {
  readonly status: number | null;
  readonly network: boolean;
  readonly retryAfter: number | null;
  /** 'source-quota': the data source's own limit (eBay's daily calls), not this user's. */
  readonly reason: string | null;

  constructor(
    message: string,
    options: {
      status?: number | null;
      network?: boolean;
      retryAfter?: number | null;
      reason?: string | null;
    } = {},
  ) {
    super(message);
    this.name = 'SearchFunctionError';
    this.status = options.status ?? null;
    this.network = options.network ?? false;
    this.retryAfter = options.retryAfter ?? null;
    this.reason = options.reason ?? null;
  }
}

type ErrorWithContext = Error & { context?: unknown };

/** Turns whatever supabase.functions.invoke put in `error` into a SearchFunctionError (or passes non-Errors through). */
export async function normaliseFunctionError(error: unknown): Promise<unknown> {
  if (!(error instanceof Error)) return error;
  const { name } = error;
  if (name === 'FunctionsFetchError') {
    // The request never got an answer: offline, DNS, CORS, or an abort. The SPEC's 'fetch' case.
    return new SearchFunctionError('Failed to fetch', { network: true });
  }
  if (name === 'FunctionsHttpError') {
    const response = (error as ErrorWithContext).context;
    if (response instanceof Response) {
      const body = await readJson(response);
      const serverMessage =
        typeof body?.error === 'string' ? body.error : typeof body?.message === 'string' ? body.message : '';
      const retryHeader = Number(response.headers.get('retry-after'));
      const retryAfter =
        typeof body?.retryAfter === 'number' && Number.isFinite(body.retryAfter)
          ? Math.ceil(body.retryAfter)
          : Number.isFinite(retryHeader) && retryHeader > 0
            ? Math.ceil(retryHeader)
            : null;
      return new SearchFunctionError(serverMessage || `HTTP ${response.status}`, {
        status: response.status,
        retryAfter,
        reason: typeof body?.reason === 'string' ? body.reason : null,
      });
    }
  }
  return error;
}

async function readJson(response: Response): Promise<Record<string, unknown> | null> {
  try {
    const body: unknown = await response.clone().json();
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * SPEC §8: the message a user sees for a failed search. HTTP statuses from our own functions are authoritative
 * (503 unavailable, 504 timeout); everything else is matched on its text, in the SPEC's order.
 */
export function searchErrorMessage(error: unknown, type: SearchType): string {
  if (!(error instanceof Error)) return type === 'available' ? m.errorAvailableNonError : m.errorSoldNonError;
  if (error.name === 'FunctionsFetchError') return m.errorNetwork;
  if (error instanceof SearchFunctionError) {
    if (error.network) return m.errorNetwork;
    if (error.status === 503) return m.errorUnavailable;
    if (error.status === 504) return m.errorTimeout;
    // The data source's own quota (eBay's daily calls) is not this user's limit: the function's words say whose.
    if (error.status === 429 && error.reason === 'source-quota' && !error.message.startsWith('HTTP '))
      return error.message;
    if (error.status === 429) return m.errorRateLimited(error.retryAfter);
    if (error.status === 401) return m.errorSessionExpired;
  }
  const text = error.message.toLowerCase();
  if (text.includes('fetch')) return m.errorNetwork;
  if (text.includes('timeout') || text.includes('timed out')) return m.errorTimeout;
  if (text.includes('unavailable')) return m.errorUnavailable;
  return type === 'available' ? m.errorAvailableOther : m.errorSoldOther;
}

/** What goes into marketplace_search_logs.error_message: the raw cause, for whoever reads the logs. */
export function logErrorMessage(error: unknown): string {
  if (error instanceof SearchFunctionError)
    return error.status ? `${error.status}: ${error.message}` : error.message;
  if (error instanceof Error) return error.message || error.name;
  try {
    return typeof error === 'string' ? error : (JSON.stringify(error) ?? String(error));
  } catch {
    return String(error);
  }
}

/**
 * The function answered 200 with something the screen cannot read (a missing count or demo flag). It is shown as the
 * SPEC's per-search error, and its log row keeps what was wrong.
 */
export class UnreadableAnswerError extends Error {
  constructor(type: SearchType, detail: string) {
    super(`Unreadable ${type} answer: ${detail}`);
    this.name = 'UnreadableAnswerError';
  }
}
