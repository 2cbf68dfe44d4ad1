// A local stand-in for eBay's OAuth, Browse and Marketplace Insights endpoints, speaking the documented shapes
// (../shared/research/ebay-api.md): client-credentials tokens, item_summary/search and item_sales/search totals,
// the OAuth and REST error bodies, and scripted answers (401 for a stale token, 429 quota with or without Retry-After,
// 5xx, a 200 with warnings and no total, slow answers), and a slow token endpoint to make simultaneous mints overlap.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const BROWSE_SCOPE = 'https://api.ebay.com/oauth/api_scope';
export const INSIGHTS_SCOPE = 'https://api.ebay.com/oauth/api_scope/buy.marketplace.insights';

export type FakeItem = {
  title: string;
  conditionId: string;
  price: number;
  /** Set for sold items (Marketplace Insights); unset items are live listings (Browse). */
  lastSoldDate?: string;
  /** Units sold of a multi-quantity listing (Marketplace Insights `totalSoldQuantity`); 1 unless set. */
  totalSoldQuantity?: number;
};

export type FakeEbayOptions = {
  clientId?: string;
  clientSecret?: string;
  /** Scopes this keyset may mint. Default: Browse only, like most keysets. */
  grantedScopes?: string[];
  items?: FakeItem[];
  tokenExpiresIn?: number;
  /** The token endpoint waits this long before it answers. */
  tokenDelayMs?: number;
};

/**
 * Live listings of Levi's 501 jeans, one per used grade (3000 used, 2990 pre-owned excellent, 3010 pre-owned fair):
 * three pre-owned listings for a search of "levis 501".
 */
export const levis501Listings: FakeItem[] = [
  { title: 'Levis 501 jeans 32x30', conditionId: '3000', price: 25 },
  { title: 'Levis 501 jeans excellent', conditionId: '2990', price: 35 },
  { title: 'Levis 501 jeans fair', conditionId: '3010', price: 12 },
];

/** The keyset a fake accepts unless it is started with another. */
const FAKE_CLIENT_ID = 'fake-app-id';
const FAKE_CLIENT_SECRET = 'fake-cert-id';

/** The functions' settings that send their eBay calls to this fake, with the keyset it accepts. */
export const ebayEnv = (ebay: FakeEbay) => ({
  EBAY_API_BASE: ebay.url,
  EBAY_CLIENT_ID: FAKE_CLIENT_ID,
  EBAY_CLIENT_SECRET: FAKE_CLIENT_SECRET,
});

/**
 * The functions' settings that make this fake the market source of search-available and search-sold: eBay as the
 * headline (sold count and rate), which needs eBay's written approval (decision 055), and no cache between calls.
 */
export const ebayMarketEnv = (ebay: FakeEbay) => ({
  MARKET_PROVIDER: 'ebay',
  EBAY_RATES_APPROVED: 'true',
  ...ebayEnv(ebay),
  MARKET_CACHE: 'off',
});

type Warning = { errorId: number; domain: string; message: string };

/** Browse's warning when it could not apply a search's filter. */
export const BROWSE_FILTER_WARNING: Warning = {
  errorId: 12002,
  domain: 'API_BROWSE',
  message: 'The filter value is invalid.',
};

/** A scripted 200 that carries a warning and no `total`, as eBay answers a search it could only partly apply. */
export function warningWithoutTotal(href: string, limit: number, warning: Warning): Scripted {
  return {
    status: 200,
    body: {
      href,
      limit,
      offset: 0,
      warnings: [
        { errorId: warning.errorId, domain: warning.domain, category: 'REQUEST', message: warning.message },
      ],
    },
  };
}

type Scripted = { status: number; body: unknown; delayMs?: number; headers?: Record<string, string> };

export type FakeEbay = {
  url: string;
  /** Client-credentials tokens minted so far. */
  mints: () => number;
  /** Requests seen, newest last: method, path and query, and the headers that matter. */
  requests: {
    method: string;
    path: string;
    query: URLSearchParams;
    authorization: string | null;
    marketplace: string | null;
  }[];
  /** The next `times` calls to paths starting with `pathPrefix` get this answer instead. */
  failNext(pathPrefix: string, answer: Scripted, times?: number): void;
  /** Every API answer waits this long (to exceed a caller's deadline). */
  setDelay(ms: number): void;
  /** Issued tokens stop working, as when they expire early or are revoked. */
  revokeTokens(): void;
  stop(): Promise<void>;
};

const apiError = (
  errorId: number,
  domain: string,
  category: string,
  message: string,
  longMessage?: string,
) => ({
  errors: [{ errorId, domain, category, message, ...(longMessage ? { longMessage } : {}) }],
});

/** eBay's answer to a call past the keyset's daily quota (with a 429). */
export const QUOTA_EXCEEDED_BODY = apiError(
  2001,
  'ACCESS',
  'REQUEST',
  'Too many requests.',
  'The request limit has been reached for the resource.',
);

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** conditionIds:{1000|1500},buyingOptions:{...},lastSoldDate:[from..to],price:[lo..hi] -> parts. */
function parseFilter(filter: string | null) {
  const conditionIds = /conditionIds:\{([^}]*)\}/.exec(filter ?? '')?.[1]?.split('|') ?? null;
  const sold = /lastSoldDate:\[(.*?)\.\.(.*?)\]/.exec(filter ?? '');
  // eBay's price filter: both ends inclusive, either may be left out.
  const price = /(?:^|,)price:\[([0-9.]*)\.\.([0-9.]*)\]/.exec(filter ?? '');
  return {
    conditionIds,
    soldFrom: sold?.[1] ? Date.parse(sold[1]) : null,
    soldTo: sold?.[2] ? Date.parse(sold[2]) : null,
    priceFrom: price?.[1] ? Number(price[1]) : null,
    priceTo: price?.[2] ? Number(price[2]) : null,
  };
}

function matches(
  item: FakeItem,
  q: string,
  conditionIds: string[] | null,
  price: { priceFrom: number | null; priceTo: number | null } = { priceFrom: null, priceTo: null },
): boolean {
  const title = item.title.toLowerCase();
  const words = q.toLowerCase().split(/\s+/).filter(Boolean);
  return (
    words.every((w) => title.includes(w)) &&
    (!conditionIds || conditionIds.includes(item.conditionId)) &&
    (price.priceFrom === null || item.price >= price.priceFrom) &&
    (price.priceTo === null || item.price <= price.priceTo)
  );
}

/**
 * The first page of a search answer, as Browse and Marketplace Insights both shape it: the total, the page's bounds
 * and its items under `key`, each with an id from `firstId` on and the API's own `fields`.
 */
function searchPage(
  url: URL,
  limit: number,
  found: FakeItem[],
  key: 'itemSummaries' | 'itemSales',
  firstId: number,
  fields: (item: FakeItem) => Record<string, unknown>,
) {
  return {
    href: url.toString(),
    total: found.length,
    limit,
    offset: 0,
    [key]: found.slice(0, limit).map((i, n) => ({
      itemId: `v1|${firstId + n}|0`,
      title: i.title,
      conditionId: i.conditionId,
      ...fields(i),
      buyingOptions: ['FIXED_PRICE'],
    })),
  };
}

export async function startFakeEbay(options: FakeEbayOptions = {}): Promise<FakeEbay> {
  const clientId = options.clientId ?? FAKE_CLIENT_ID;
  const clientSecret = options.clientSecret ?? FAKE_CLIENT_SECRET;
  const granted = new Set(options.grantedScopes ?? [BROWSE_SCOPE]);
  const items = options.items ?? [];
  const tokens = new Map<string, Set<string>>();
  const scripted: { prefix: string; answer: Scripted; times: number }[] = [];
  const requests: FakeEbay['requests'] = [];
  let mints = 0;
  let delay = 0;

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake.ebay');
    requests.push({
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      authorization: req.headers.authorization ?? null,
      marketplace: (req.headers['x-ebay-c-marketplace-id'] as string | undefined) ?? null,
    });

    const script = scripted.find((s) => url.pathname.startsWith(s.prefix) && s.times > 0);
    if (script) {
      script.times--;
      if (script.answer.delayMs) await new Promise((r) => setTimeout(r, script.answer.delayMs));
      return send(res, script.answer.status, script.answer.body, script.answer.headers);
    }

    if (req.method === 'POST' && url.pathname === '/identity/v1/oauth2/token') {
      const form = new URLSearchParams(await readBody(req));
      const basic = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
      if (req.headers.authorization !== basic) {
        return send(res, 401, { error: 'invalid_client', error_description: 'client authentication failed' });
      }
      if (form.get('grant_type') !== 'client_credentials') {
        return send(res, 400, {
          error: 'unsupported_grant_type',
          error_description: 'grant type in request is not supported by the authorization server',
        });
      }
      const scopes = (form.get('scope') ?? '').split(' ').filter(Boolean);
      if (scopes.some((s) => !granted.has(s))) {
        return send(res, 400, {
          error: 'invalid_scope',
          error_description:
            'The requested scope is invalid, unknown, malformed, or exceeds the scope granted to the client',
        });
      }
      mints++;
      if (options.tokenDelayMs) await new Promise((r) => setTimeout(r, options.tokenDelayMs));
      const token = `v^1.1#i^1#fake-${mints}-${Math.random().toString(36).slice(2)}`;
      tokens.set(token, new Set(scopes));
      return send(res, 200, {
        access_token: token,
        expires_in: options.tokenExpiresIn ?? 7200,
        token_type: 'Application Access Token',
      });
    }

    if (delay) await new Promise((r) => setTimeout(r, delay));
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const tokenScopes = bearer ? tokens.get(bearer) : undefined;
    if (!tokenScopes) {
      return send(
        res,
        401,
        apiError(
          1001,
          'OAuth',
          'REQUEST',
          'Invalid access token',
          'Invalid access token. Check the value of the Authorization HTTP request header.',
        ),
      );
    }
    const q = url.searchParams.get('q');
    const limit = Number(url.searchParams.get('limit') ?? 50);
    const { conditionIds, soldFrom, soldTo, ...price } = parseFilter(url.searchParams.get('filter'));

    if (req.method === 'GET' && url.pathname === '/buy/browse/v1/item_summary/search') {
      if (!q && !url.searchParams.get('category_ids')) {
        return send(
          res,
          400,
          apiError(
            12001,
            'API_BROWSE',
            'REQUEST',
            "The 'category_ids' or 'q' or 'epid' or 'gtin' is required.",
          ),
        );
      }
      const found = items.filter((i) => !i.lastSoldDate && matches(i, q ?? '', conditionIds, price));
      return send(
        res,
        200,
        searchPage(url, limit, found, 'itemSummaries', 1000, (i) => ({
          price: { value: i.price.toFixed(2), currency: 'USD' },
        })),
      );
    }

    if (req.method === 'GET' && url.pathname === '/buy/marketplace_insights/v1_beta/item_sales/search') {
      if (!tokenScopes.has(INSIGHTS_SCOPE)) {
        return send(
          res,
          403,
          apiError(
            1100,
            'ACCESS',
            'REQUEST',
            'Access denied',
            'Insufficient permissions to fulfill the request.',
          ),
        );
      }
      if (!req.headers['x-ebay-c-marketplace-id']) {
        return send(
          res,
          400,
          apiError(
            100020,
            'API_MARKETPLACE_INSIGHTS',
            'REQUEST',
            'The X-EBAY-C-MARKETPLACE-ID header is missing or invalid.',
          ),
        );
      }
      const found = items.filter((i) => {
        if (!i.lastSoldDate || !matches(i, q ?? '', conditionIds, price)) return false;
        const at = Date.parse(i.lastSoldDate);
        return (soldFrom === null || at >= soldFrom) && (soldTo === null || at <= soldTo);
      });
      return send(
        res,
        200,
        searchPage(url, limit, found, 'itemSales', 2000, (i) => ({
          lastSoldDate: i.lastSoldDate,
          lastSoldPrice: { value: i.price.toFixed(2), currency: 'USD' },
          totalSoldQuantity: i.totalSoldQuantity ?? 1,
        })),
      );
    }

    return send(res, 404, apiError(2002, 'API', 'REQUEST', 'Resource not found'));
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    mints: () => mints,
    requests,
    failNext(prefix, answer, times = 1) {
      scripted.push({ prefix, answer, times });
    },
    setDelay(ms) {
      delay = ms;
    },
    revokeTokens() {
      tokens.clear();
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
