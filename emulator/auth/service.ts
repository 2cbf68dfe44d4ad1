// The per-app state every endpoint group of /auth/v1 shares: the database, the settings (changeable at run time
// through configureAuth), the clock, the token context and the rate limiters. createAuthApp builds one per app.
import type { Context } from 'hono';
import type { Db, EmulatorContext } from '../context';
import { tooManyRequests } from './errors';
import { clientIp, RateLimiter } from './rate-limit';
import { readAuthSettings, type AuthOptions, type AuthSettings, type AuthStartOptions } from './settings';
import type { TokenContext } from './tokens';

export const iso = (d: Date) => d.toISOString();

// Wrong six-digit codes per email since its last code was sent (issue 12): the fifth voids every pending code of
// that email, so guessing across many addresses cannot reach the right one inside the code's lifetime.
export const MAX_WRONG_CODES = 5;

export type Limiters = {
  signInSignUps: RateLimiter;
  tokenRefresh: RateLimiter;
  tokenVerifications: RateLimiter;
  emailSent: RateLimiter;
};

export type AuthService = {
  ctx: EmulatorContext;
  db: Db;
  settings: AuthSettings;
  now: () => Date;
  tc: TokenContext;
  /** Replaced in place when configureAuth changes the rate limits. */
  limiters: Limiters;
  /** Wrong codes per lower-cased email, see MAX_WRONG_CODES. */
  wrongCodes: Map<string, number>;
  limit: (c: Context, limiter: RateLimiter) => void;
  takeEmailQuota: () => void;
  requestInfo: (c: Context) => { userAgent: string | undefined; ip: string };
  checkFrequency: (sentAt: Date | null) => void;
};

const controls = new WeakMap<EmulatorContext, (overrides: AuthOptions) => AuthSettings>();

/**
 * Changes the settings of the auth service running on `ctx` (e.g. `startEmulator().ctx`) without a restart: low rate
 * limits, a short refresh-token reuse interval or a movable clock for a test. Hosted Supabase has no such switch.
 * Returns the settings as they were before, so a test can put them back.
 */
export function configureAuth(ctx: EmulatorContext, overrides: AuthOptions): AuthSettings {
  const apply = controls.get(ctx);
  if (!apply) throw new Error('configureAuth: no auth service was created for this context');
  return apply(overrides);
}

export function createAuthService(ctx: EmulatorContext, options: AuthStartOptions = {}): AuthService {
  const settings: AuthSettings = readAuthSettings(ctx.config, options);
  let clock = options.now ?? (() => new Date());
  const now = () => clock();
  const db = ctx.db;
  const tc: TokenContext = {
    settings,
    keys: ctx.keys,
    issuer: `${ctx.apiUrl}/auth/v1`,
    now,
  };
  const fiveMinutes = 300;
  const buildLimiters = (): Limiters => ({
    signInSignUps: new RateLimiter(settings.rateLimits.signInSignUps, fiveMinutes, now),
    tokenRefresh: new RateLimiter(settings.rateLimits.tokenRefresh, fiveMinutes, now),
    tokenVerifications: new RateLimiter(settings.rateLimits.tokenVerifications, fiveMinutes, now),
    emailSent: new RateLimiter(settings.rateLimits.emailSent, 3600, now),
  });
  const limiters = buildLimiters();
  const wrongCodes = new Map<string, number>();
  controls.set(ctx, ({ rateLimits, now: nextClock, ...rest }) => {
    const before = structuredClone(settings);
    Object.assign(settings, rest);
    if (rateLimits) {
      settings.rateLimits = { ...settings.rateLimits, ...rateLimits };
      Object.assign(limiters, buildLimiters());
    }
    if (nextClock) clock = nextClock;
    return before;
  });
  const limit = (c: Context, limiter: RateLimiter) => {
    if (!limiter.take(clientIp(c, ctx.trustedProxies)))
      throw tooManyRequests('over_request_rate_limit', 'Request rate limit reached');
  };
  const takeEmailQuota = () => {
    if (!limiters.emailSent.take('all'))
      throw tooManyRequests('over_email_send_rate_limit', 'email rate limit exceeded');
  };
  const requestInfo = (c: Context) => ({
    userAgent: c.req.header('user-agent'),
    ip: clientIp(c, ctx.trustedProxies),
  });

  /** GoTrue's per-user resend window (max_frequency) for one kind of email. */
  const checkFrequency = (sentAt: Date | null) => {
    if (!sentAt) return;
    const waitMs = new Date(sentAt).getTime() + settings.maxFrequency * 1000 - now().getTime();
    if (waitMs > 0) {
      throw tooManyRequests(
        'over_email_send_rate_limit',
        `For security purposes, you can only request this after ${Math.max(1, Math.ceil(waitMs / 1000))} seconds.`,
      );
    }
  };

  return {
    ctx,
    db,
    settings,
    now,
    tc,
    limiters,
    wrongCodes,
    limit,
    takeEmailQuota,
    requestInfo,
    checkFrequency,
  };
}
