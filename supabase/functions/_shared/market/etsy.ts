// Etsy as a "listed now" source: Open API v3 findAllListingsActive (GET /v3/application/listings/active) with limit=1,
// read for its `count` only. Etsy has no sold data for other shops and no new/used condition for clothing, so this is
// a count of active listings for the keywords, nothing more. A used-up request limit is remembered for every function
// instance in public.market_source_blocks, as eBay's is (decision 031); why and how: docs/decisions/055.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Env } from '../env.ts';
import { queryKeywords } from './normalize.ts';
import { retryAfterHeader } from './retry-after.ts';
import { SourceRateLimitedError, SourceUnavailableError } from './types.ts';

export const ETSY_QUOTA_MESSAGE =
  "Etsy's request limit for our app has been reached, so Etsy counts are paused until it resets.";
export const ETSY_KEY_REFUSED_MESSAGE =
  'Etsy refused our API key, so Etsy counts are unavailable until the key is fixed.';
export const ETSY_UNKNOWN_MESSAGE =
  'Etsy answered this search without a count of listings, so we show no number rather than 0.';
const UNAVAILABLE = 'Etsy is unavailable right now.';

/** Without a Retry-After: Etsy's per-second limit frees up within the second. */
const PER_SECOND_BLOCK_SECONDS = 1;
/**
 * Without a Retry-After: Etsy's daily limit is a sliding 24-hour window counted in buckets, not a midnight reset; its
 * docs say that after hitting it "you'll only need to wait for at most two more hours" for more requests.
 */
const PER_DAY_BLOCK_SECONDS = 2 * 60 * 60;

export type EtsyConfig = {
  apiKey: string;
  sharedSecret: string;
  apiBase: string;
  /** Etsy's buyer taxonomy node to search within (e.g. clothing); none searches every listing. */
  taxonomyId: string | null;
};

export function etsyConfig(env: Env): EtsyConfig {
  return {
    apiKey: (env.ETSY_API_KEY ?? '').trim(),
    sharedSecret: (env.ETSY_SHARED_SECRET ?? '').trim(),
    apiBase: (env.ETSY_API_BASE ?? 'https://openapi.etsy.com').replace(/\/+$/, ''),
    taxonomyId: /^\d+$/.test(env.ETSY_TAXONOMY_ID?.trim() ?? '') ? env.ETSY_TAXONOMY_ID!.trim() : null,
  };
}

/** Since February 2026 every request must carry `keystring:shared_secret`, so both are needed. */
export function etsyConfigured(env: Env): boolean {
  const config = etsyConfig(env);
  return Boolean(config.apiKey && config.sharedSecret);
}

/** Etsy refused the key itself (400 "Invalid API key", 401, 403): a deployer's problem, never a 0. */
export class EtsyKeyRefusedError extends SourceUnavailableError {
  constructor(detail: string) {
    super(ETSY_KEY_REFUSED_MESSAGE, detail);
    this.name = 'EtsyKeyRefusedError';
  }
}

/** A used-up request limit, shared by every instance; an API key needs no token, so only the block is kept. */
export interface EtsyState {
  /** Seconds left on the block of `key`, or null when there is none. */
  blocked(key: string): Promise<number | null>;
  /** Remembers the limit is used up for `seconds`; answers the seconds left on the block in effect. */
  block(key: string, seconds: number, reason: string): Promise<number>;
}

/**
 * The database: the same public.market_source_blocks as eBay. The block is written by market_source_block (so a
 * shorter block never shortens a longer one); it is read straight from the table, because market_source_access also
 * hands out OAuth tokens, which an API key does not have.
 */
export class DatabaseEtsyState implements EtsyState {
  constructor(private readonly service: SupabaseClient) {}

  async blocked(key: string): Promise<number | null> {
    const { data, error } = await this.service
      .from('market_source_blocks')
      .select('blocked_until')
      .eq('key', key)
      .maybeSingle();
    if (error) throw new SourceUnavailableError(`${UNAVAILABLE} (block look-up failed: ${error.message})`);
    const until = data ? Date.parse(String(data.blocked_until)) : NaN;
    return until > Date.now() ? Math.max(1, Math.ceil((until - Date.now()) / 1000)) : null;
  }

  async block(key: string, seconds: number, reason: string): Promise<number> {
    const { data, error } = await this.service.rpc('market_source_block', {
      p_key: key,
      p_seconds: seconds,
      p_reason: reason,
    });
    if (error || typeof data !== 'number') {
      throw new SourceUnavailableError(
        `${UNAVAILABLE} (market_source_block failed: ${error?.message ?? 'no data'})`,
      );
    }
    return data;
  }
}

/** The same rule in this isolate's memory, for the adapter's own tests. */
export class MemoryEtsyState implements EtsyState {
  private readonly blocks = new Map<string, number>();

  async blocked(key: string): Promise<number | null> {
    const until = this.blocks.get(key) ?? 0;
    return until > Date.now() ? Math.max(1, Math.ceil((until - Date.now()) / 1000)) : null;
  }

  async block(key: string, seconds: number): Promise<number> {
    const until = Math.max(this.blocks.get(key) ?? 0, Date.now() + Math.max(1, seconds) * 1000);
    this.blocks.set(key, until);
    return Math.max(1, Math.ceil((until - Date.now()) / 1000));
  }
}

async function errorText(response: Response): Promise<string> {
  try {
    const payload = (await response.json()) as { error?: unknown; error_description?: unknown };
    return String(payload.error_description ?? payload.error ?? '');
  } catch {
    return '';
  }
}

export class EtsyListedSource {
  constructor(
    private readonly config: EtsyConfig,
    private readonly state: EtsyState,
    private readonly log: (message: string) => void = console.error,
  ) {}

  /** Etsy's limits are per API key, whatever the endpoint: one block per host and key. */
  get blockKey(): string {
    return `${this.config.apiBase}|${this.config.apiKey}|open-api`;
  }

  /** The public search page for the same words, for the row's link. */
  static searchUrl(itemName: string): string {
    return `https://www.etsy.com/search?${new URLSearchParams({ q: itemName.trim() }).toString()}`;
  }

  /**
   * Active listings matching the keywords: Etsy's `count`, or null when Etsy answered without one (unknown, never 0).
   * Throws SourceRateLimitedError while the shared limit is used up (without asking Etsy), EtsyKeyRefusedError when
   * the key is refused, SourceUnavailableError otherwise.
   */
  async countListed(itemName: string, signal: AbortSignal): Promise<number | null> {
    if (!this.config.apiKey || !this.config.sharedSecret) {
      throw new SourceUnavailableError(`${UNAVAILABLE} (ETSY_API_KEY and ETSY_SHARED_SECRET are not set)`);
    }
    const blocked = await this.state.blocked(this.blockKey);
    if (blocked !== null) throw new SourceRateLimitedError(ETSY_QUOTA_MESSAGE, blocked);

    const params = new URLSearchParams({ keywords: queryKeywords(itemName), limit: '1' });
    if (this.config.taxonomyId) params.set('taxonomy_id', this.config.taxonomyId);
    let response: Response;
    try {
      response = await fetch(`${this.config.apiBase}/v3/application/listings/active?${params.toString()}`, {
        headers: {
          'x-api-key': `${this.config.apiKey}:${this.config.sharedSecret}`,
          Accept: 'application/json',
        },
        signal,
      });
    } catch (error) {
      if (signal.aborted) throw signal.reason ?? error;
      throw new SourceUnavailableError(UNAVAILABLE, error);
    }

    if (response.status === 429) throw await this.limitReached(response);
    if (!response.ok) {
      const detail = await errorText(response);
      // 400 "Invalid API key" (older keys), 401, 403 "Shared secret is required in x-api-key header.".
      if (response.status === 401 || response.status === 403 || /api key|x-api-key/i.test(detail)) {
        this.log(`Etsy refused the API key: HTTP ${response.status} ${detail}`.trim());
        throw new EtsyKeyRefusedError(`HTTP ${response.status} ${detail}`.trim());
      }
      throw new SourceUnavailableError(`${UNAVAILABLE} (Etsy answered ${response.status} ${detail})`.trim());
    }
    let payload: { count?: unknown };
    try {
      payload = (await response.json()) as { count?: unknown };
    } catch {
      payload = {};
    }
    const count = payload.count;
    return typeof count === 'number' && Number.isFinite(count) && count >= 0 ? Math.floor(count) : null;
  }

  /**
   * Remembers a 429 for every instance: Etsy's Retry-After when it sends one; otherwise the daily limit when the answer
   * says so (x-remaining-today: 0, or "Exceeded daily rate limit"), else the per-second limit.
   */
  private async limitReached(response: Response): Promise<SourceRateLimitedError> {
    const detail = await errorText(response);
    const daily = response.headers.get('x-remaining-today')?.trim() === '0' || /daily|per day/i.test(detail);
    const seconds = retryAfterHeader(response) ?? (daily ? PER_DAY_BLOCK_SECONDS : PER_SECOND_BLOCK_SECONDS);
    const reason = `HTTP 429 ${daily ? 'per day' : 'per second'}: ${detail || 'no message'}`;
    const retryAfter = await this.state.block(this.blockKey, seconds, reason);
    return new SourceRateLimitedError(ETSY_QUOTA_MESSAGE, retryAfter);
  }
}
