// Token buckets like GoTrue's limiters: a full bucket holds `limit` requests and refills at limit/window, so a burst up
// to the limit is allowed and the sustained rate is the configured one.
import type { Context } from 'hono';
import { clientAddress, type TrustedProxies } from '../client-address';

type Bucket = { tokens: number; updated: number };

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly limit: number,
    private readonly windowSeconds: number,
    private readonly now: () => Date,
  ) {}

  /** Whether `key` has a token left, without taking it. */
  has(key: string): boolean {
    if (this.limit <= 0) return false;
    const bucket = this.buckets.get(key);
    if (!bucket) return true;
    const refill = ((this.now().getTime() - bucket.updated) / 1000) * (this.limit / this.windowSeconds);
    return Math.min(this.limit, bucket.tokens + refill) >= 1;
  }

  /** Takes one token for `key`; false when the bucket is empty. */
  take(key: string): boolean {
    if (this.limit <= 0) return false;
    const t = this.now().getTime();
    const bucket = this.buckets.get(key) ?? { tokens: this.limit, updated: t };
    const refill = ((t - bucket.updated) / 1000) * (this.limit / this.windowSeconds);
    bucket.tokens = Math.min(this.limit, bucket.tokens + refill);
    bucket.updated = t;
    this.buckets.set(key, bucket);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }
}

/**
 * The client IP the limits are keyed by: the socket peer, or what a trusted proxy (EMULATOR_TRUSTED_PROXIES) says in
 * X-Forwarded-For; "unknown" for requests made in-process through app.request(). See emulator/client-address.ts.
 */
export function clientIp(c: Context, trusted: TrustedProxies): string {
  return clientAddress(c, trusted);
}
