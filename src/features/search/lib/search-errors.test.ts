import { FunctionsFetchError, FunctionsHttpError, FunctionsRelayError } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import {
  logErrorMessage,
  normaliseFunctionError,
  SearchFunctionError,
  searchErrorMessage,
} from './search-errors';

const network = 'Network connection failed. Please check your internet connection and try again.';
const timeout = 'Request timed out. Please try again.';
const unavailable = 'Search service temporarily unavailable. Please try again in a moment.';

const httpError = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new FunctionsHttpError(
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', ...headers },
    }),
  );

describe('searchErrorMessage (SPEC §8) on plain errors', () => {
  it("maps a message containing 'fetch' to the network text", () => {
    expect(searchErrorMessage(new TypeError('Failed to fetch'), 'available')).toBe(network);
  });
  it("maps 'timeout' to the timeout text", () => {
    expect(searchErrorMessage(new Error('Upstream timeout after 8000 ms'), 'sold')).toBe(timeout);
  });
  it("maps 'unavailable' to the unavailable text", () => {
    expect(searchErrorMessage(new Error('Market source unavailable'), 'available')).toBe(unavailable);
  });
  it('checks the SPEC’s cases in order: fetch before timeout before unavailable', () => {
    expect(searchErrorMessage(new Error('fetch timeout'), 'sold')).toBe(network);
    expect(searchErrorMessage(new Error('timeout: source unavailable'), 'sold')).toBe(timeout);
  });
  it('uses the per-search fallback for any other error', () => {
    expect(searchErrorMessage(new Error('boom'), 'available')).toBe(
      'Failed to search available listings. Please try again.',
    );
    expect(searchErrorMessage(new Error('boom'), 'sold')).toBe(
      'Failed to search sold listings. Please try again.',
    );
  });
  it('uses the fetch-listings text for anything that is not an Error', () => {
    expect(searchErrorMessage('fetch failed', 'available')).toBe(
      'Failed to fetch available listings. Please try again.',
    );
    expect(searchErrorMessage({ error: 'x' }, 'sold')).toBe(
      'Failed to fetch sold listings. Please try again.',
    );
    expect(searchErrorMessage(undefined, 'sold')).toBe('Failed to fetch sold listings. Please try again.');
  });
});

describe('supabase-js function errors', () => {
  it('reads FunctionsFetchError as a network failure (its own message never says fetch)', async () => {
    const raw = new FunctionsFetchError(new TypeError('Failed to fetch'));
    expect(searchErrorMessage(raw, 'available')).toBe(network);
    expect(searchErrorMessage(await normaliseFunctionError(raw), 'sold')).toBe(network);
  });

  it('reads a 503 body as unavailable and a 504 body as a timeout', async () => {
    const e503 = await normaliseFunctionError(httpError(503, { error: 'Market data source unavailable' }));
    const e504 = await normaliseFunctionError(httpError(504, { error: 'Market data source timeout' }));
    expect(searchErrorMessage(e503, 'available')).toBe(unavailable);
    expect(searchErrorMessage(e504, 'sold')).toBe(timeout);
  });

  it('trusts the status over the words: a 503 that mentions fetching is still unavailable', async () => {
    const e = await normaliseFunctionError(httpError(503, { error: 'Could not fetch from eBay' }));
    expect(searchErrorMessage(e, 'available')).toBe(unavailable);
  });

  it('tells a rate-limited user when to retry, from the body or the Retry-After header', async () => {
    const fromBody = await normaliseFunctionError(
      httpError(429, { error: 'Too many searches', retryAfter: 42 }),
    );
    expect(searchErrorMessage(fromBody, 'available')).toBe(
      'Too many searches. Please try again in 42 seconds.',
    );
    const fromHeader = await normaliseFunctionError(
      httpError(429, { error: 'Too many searches' }, { 'retry-after': '7' }),
    );
    expect(searchErrorMessage(fromHeader, 'sold')).toBe('Too many searches. Please try again in 7 seconds.');
    const unknown = await normaliseFunctionError(httpError(429, {}));
    expect(searchErrorMessage(unknown, 'sold')).toBe('Too many searches. Please try again in a minute.');
  });

  it("says when the data source's own quota ran out, in the function's words, not as the user's limit", async () => {
    const e = await normaliseFunctionError(
      httpError(
        429,
        {
          error: "eBay's daily limit is used up. Please try again in about 7 hours.",
          retryAfter: 25200,
          reason: 'source-quota',
        },
        { 'retry-after': '25200' },
      ),
    );
    expect(searchErrorMessage(e, 'available')).toBe(
      "eBay's daily limit is used up. Please try again in about 7 hours.",
    );
  });

  it('asks a user whose session lapsed to log in again on 401', async () => {
    const e = await normaliseFunctionError(httpError(401, { error: 'Sign in to search' }));
    expect(searchErrorMessage(e, 'available')).toBe(
      'Your session has expired. Please log in again to search.',
    );
  });

  it('falls back to the per-search text for a 400, a 500 without words, a body that is not JSON, or a relay error', async () => {
    const e400 = await normaliseFunctionError(
      httpError(400, { error: 'itemName must be 2 to 100 characters' }),
    );
    expect(searchErrorMessage(e400, 'available')).toBe(
      'Failed to search available listings. Please try again.',
    );
    const e500 = await normaliseFunctionError(new FunctionsHttpError(new Response('oops', { status: 500 })));
    expect(searchErrorMessage(e500, 'sold')).toBe('Failed to search sold listings. Please try again.');
    const relay = await normaliseFunctionError(new FunctionsRelayError(new Response('', { status: 502 })));
    expect(searchErrorMessage(relay, 'sold')).toBe('Failed to search sold listings. Please try again.');
  });

  it('keeps the raw cause with its status for the search log', async () => {
    const e = await normaliseFunctionError(httpError(503, { error: 'Market data source unavailable' }));
    expect(e).toBeInstanceOf(SearchFunctionError);
    expect(logErrorMessage(e)).toBe('503: Market data source unavailable');
    expect(logErrorMessage(new Error('boom'))).toBe('boom');
    expect(logErrorMessage('plain string')).toBe('plain string');
  });
});
