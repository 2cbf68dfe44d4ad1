// A local stand-in for Etsy's Open API v3 findAllListingsActive (GET /v3/application/listings/active), speaking the
// documented shapes (docs/decisions/055): the x-api-key header as `keystring:shared_secret`, `{count, results}` with
// the rate-limit headers on every success, 429 `{"error":"Exceeded per second rate limit"}` past the per-second limit
// and `{"error":"Exceeded daily rate limit"}` (x-remaining-today: 0) past the daily one, the refusals of a bad key, and
// scripted answers (a 429 with or without Retry-After, 5xx, slow answers). It counts every request.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeEtsyListing = { title: string; taxonomyId?: number; price?: number };

export type FakeEtsyOptions = {
  keystring?: string;
  sharedSecret?: string;
  listings?: FakeEtsyListing[];
  /** Etsy's defaults for a new app: 10 a second, 10,000 a day. */
  limitPerSecond?: number;
  limitPerDay?: number;
};

type Scripted = { status: number; body: unknown; delayMs?: number; headers?: Record<string, string> };

export type FakeEtsy = {
  url: string;
  keystring: string;
  sharedSecret: string;
  /** Requests seen, newest last: path, query and the x-api-key header. */
  requests: { method: string; path: string; query: URLSearchParams; apiKey: string | null }[];
  /** Requests to the listings search. */
  searches: () => number;
  /** The next `times` searches get this answer instead. */
  failNext(answer: Scripted, times?: number): void;
  /** The next search is over the per-second limit (Etsy sends no Retry-After for it). */
  exceedPerSecond(): void;
  /** The daily limit is used up: every search answers 429 until `resetDay`. Retry-After when given (seconds). */
  exceedPerDay(retryAfter?: number): void;
  resetDay(): void;
  /** Every answer waits this long (to exceed a caller's deadline). */
  setDelay(ms: number): void;
  stop(): Promise<void>;
};

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

export async function startFakeEtsy(options: FakeEtsyOptions = {}): Promise<FakeEtsy> {
  const keystring = options.keystring ?? 'fakeetsykeystring1234';
  const sharedSecret = options.sharedSecret ?? 'fakesecret';
  const listings = options.listings ?? [];
  const limitPerSecond = options.limitPerSecond ?? 10;
  const limitPerDay = options.limitPerDay ?? 10_000;
  const requests: FakeEtsy['requests'] = [];
  const scripted: { answer: Scripted; times: number }[] = [];
  let delay = 0;
  let usedToday = 0;
  let second = { at: 0, used: 0 };
  let forcePerSecond = false;
  let dayExceeded: { retryAfter?: number } | null = null;

  const limitHeaders = () => ({
    'x-limit-per-second': String(limitPerSecond),
    'x-remaining-this-second': String(Math.max(0, limitPerSecond - second.used)),
    'x-limit-per-day': String(limitPerDay),
    'x-remaining-today': String(Math.max(0, limitPerDay - usedToday)),
  });

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake.etsy');
    const apiKey = (req.headers['x-api-key'] as string | undefined) ?? null;
    requests.push({ method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, apiKey });
    if (delay) await new Promise((r) => setTimeout(r, delay));

    const script = scripted.find((s) => s.times > 0);
    if (script) {
      script.times--;
      if (script.answer.delayMs) await new Promise((r) => setTimeout(r, script.answer.delayMs));
      return send(res, script.answer.status, script.answer.body, script.answer.headers);
    }

    // The key first: Etsy answers a bad key before it counts anything against a limit.
    if (!apiKey) return send(res, 403, { error: 'Missing x-api-key header.' });
    const [key, secret] = apiKey.split(':');
    if (secret === undefined)
      return send(res, 403, { error: 'Shared secret is required in x-api-key header.' });
    if (key !== keystring || secret !== sharedSecret) return send(res, 403, { error: 'Invalid API key' });

    // Limits are evaluated in order: per second, then per day.
    const now = Math.floor(Date.now() / 1000);
    if (second.at !== now) second = { at: now, used: 0 };
    if (forcePerSecond || second.used >= limitPerSecond) {
      forcePerSecond = false;
      return send(
        res,
        429,
        { error: 'Exceeded per second rate limit' },
        { 'x-limit-per-second': String(limitPerSecond), 'x-remaining-this-second': '0' },
      );
    }
    if (dayExceeded || usedToday >= limitPerDay) {
      return send(
        res,
        429,
        { error: 'Exceeded daily rate limit' },
        {
          'x-limit-per-day': String(limitPerDay),
          'x-remaining-today': '0',
          ...(dayExceeded?.retryAfter ? { 'retry-after': String(dayExceeded.retryAfter) } : {}),
        },
      );
    }
    second.used++;
    usedToday++;

    if (req.method === 'GET' && url.pathname === '/v3/application/listings/active') {
      const limit = Number(url.searchParams.get('limit') ?? 25);
      if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
        return send(res, 400, { error: 'limit must be an integer between 1 and 100' }, limitHeaders());
      }
      const words = (url.searchParams.get('keywords') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
      const taxonomy = url.searchParams.get('taxonomy_id');
      const found = listings.filter(
        (l) =>
          words.every((w) => l.title.toLowerCase().includes(w)) &&
          (!taxonomy || String(l.taxonomyId ?? '') === taxonomy),
      );
      return send(
        res,
        200,
        {
          count: found.length,
          results: found.slice(0, limit).map((l, n) => ({
            listing_id: 1_000_000 + n,
            title: l.title,
            state: 'active',
            url: `https://www.etsy.com/listing/${1_000_000 + n}`,
            taxonomy_id: l.taxonomyId ?? null,
            price: { amount: Math.round((l.price ?? 20) * 100), divisor: 100, currency_code: 'USD' },
          })),
        },
        limitHeaders(),
      );
    }
    return send(res, 404, { error: 'Resource not found' }, limitHeaders());
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    keystring,
    sharedSecret,
    requests,
    searches: () => requests.filter((r) => r.path === '/v3/application/listings/active').length,
    failNext(answer, times = 1) {
      scripted.push({ answer, times });
    },
    exceedPerSecond() {
      forcePerSecond = true;
    },
    exceedPerDay(retryAfter) {
      dayExceeded = { retryAfter };
    },
    resetDay() {
      dayExceeded = null;
      usedToday = 0;
    },
    setDelay(ms) {
      delay = ms;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
