// Reads the [auth] part of supabase/config.toml into the settings the local auth service runs with. Names follow the
// Supabase CLI's config so that the same file drives hosted deploys and the emulator.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export type RateLimits = {
  /** Emails per hour, for the whole instance (GoTrue's limit is global, not per IP). */
  emailSent: number;
  /** Sign-ups, recoveries, resends and user updates per 5 minutes per IP. */
  signInSignUps: number;
  /** Password sign-ins and token refreshes per 5 minutes per IP. */
  tokenRefresh: number;
  /** Email-link and OTP verifications per 5 minutes per IP. */
  tokenVerifications: number;
};

export type EmailTemplate = { subject: string; contentPath?: string };

export type AuthSettings = {
  enabled: boolean;
  siteUrl: string;
  additionalRedirectUrls: string[];
  /** Access-token lifetime in seconds. */
  jwtExpiry: number;
  refreshTokenRotation: boolean;
  /** Seconds during which a revoked refresh token may still be exchanged. */
  refreshTokenReuseInterval: number;
  enableSignup: boolean;
  emailProviderEnabled: boolean;
  minimumPasswordLength: number;
  passwordRequirements: string;
  /** enable_confirmations = false in [auth.email] means the CLI's GOTRUE_MAILER_AUTOCONFIRM. */
  mailerAutoconfirm: boolean;
  smsAutoconfirm: boolean;
  doubleConfirmChanges: boolean;
  securePasswordChange: boolean;
  /** Seconds between two emails of the same kind to the same user. */
  maxFrequency: number;
  otpLength: number;
  /** Seconds an email link stays valid. */
  otpExpiry: number;
  rateLimits: RateLimits;
  templates: Record<string, EmailTemplate>;
  /** Folder content_path is relative to (the repository root, where supabase/ lives). */
  projectRoot: string;
};

/** Per-instance overrides, for tests that need low limits or a short reuse interval. */
export type AuthOptions = Partial<Omit<AuthSettings, 'rateLimits'>> & {
  rateLimits?: Partial<RateLimits>;
  /** The server clock; tests may move it forward instead of sleeping. */
  now?: () => Date;
};

/** What the auth service starts with: the overrides, and how much to multiply config.toml's rate limits by. */
export type AuthStartOptions = AuthOptions & {
  /**
   * Multiplies every number in [auth.rate_limit] (default 1: exactly the configured limits). config.toml holds what
   * the hosted project gets; an instance that tests or one developer drive from 127.0.0.1 needs more room. Explicit
   * `rateLimits` are taken as they are, after scaling.
   */
  rateLimitScale?: number;
};

/** The multiplier for an instance under test (startEmulator({ testing: true }), startAuthTestServer). */
export const TESTING_RATE_LIMIT_SCALE = 20;
/** The multiplier for a developer's own instance (npm start, npm run emulator) unless AUTH_RATE_LIMIT_SCALE says. */
export const DEVELOPMENT_RATE_LIMIT_SCALE = 10;

/** A rate-limit multiplier must be a finite number above 0; `source` names where it came from in the error. */
export function checkRateLimitScale(value: unknown, source: string): number {
  const scale = typeof value === 'string' && value.trim() ? Number(value) : value;
  if (typeof scale !== 'number' || !Number.isFinite(scale) || scale <= 0)
    throw new Error(
      `${source} must be a number above 0 (a multiplier of [auth.rate_limit]), got ${String(value)}`,
    );
  return scale;
}

/** Each limit times `scale`, rounded; a configured limit above 0 never scales down to 0 (which would refuse all). */
export function scaleRateLimits(limits: RateLimits, scale: number): RateLimits {
  const times = (n: number) => (n > 0 ? Math.max(1, Math.round(n * scale)) : n);
  return {
    emailSent: times(limits.emailSent),
    signInSignUps: times(limits.signInSignUps),
    tokenRefresh: times(limits.tokenRefresh),
    tokenVerifications: times(limits.tokenVerifications),
  };
}

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

type Table = Record<string, unknown>;
const table = (value: unknown): Table =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Table) : {};
const num = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;
const bool = (value: unknown, fallback: boolean) => (typeof value === 'boolean' ? value : fallback);
const str = (value: unknown, fallback: string) => (typeof value === 'string' ? value : fallback);

/** Go duration strings as the CLI writes them: "1s", "60s", "1m0s", "1h". Plain numbers are seconds. */
export function parseDuration(value: unknown, fallback: number): number {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string' || !value.trim()) return fallback;
  const units: Record<string, number> = { ms: 0.001, s: 1, m: 60, h: 3600 };
  let total = 0;
  let matched = '';
  for (const m of value.trim().matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)) {
    total += Number(m[1]) * units[m[2]];
    matched += m[0];
  }
  return matched === value.trim() ? total : fallback;
}

export function readAuthSettings(
  config: Record<string, unknown>,
  options: AuthStartOptions = {},
): AuthSettings {
  const auth = table(config.auth);
  const email = table(auth.email);
  const sms = table(auth.sms);
  const limits = table(auth.rate_limit);
  const templateTable = table(email.template);
  const templates: Record<string, EmailTemplate> = {};
  for (const [name, raw] of Object.entries(templateTable)) {
    const t = table(raw);
    templates[name] = {
      subject: str(t.subject, ''),
      contentPath: typeof t.content_path === 'string' ? t.content_path : undefined,
    };
  }
  const { rateLimits: limitOverrides, rateLimitScale = 1, now: _now, ...rest } = options;
  const configured: RateLimits = {
    emailSent: num(limits.email_sent, 30),
    signInSignUps: num(limits.sign_in_sign_ups, 30),
    tokenRefresh: num(limits.token_refresh, 150),
    tokenVerifications: num(limits.token_verifications, 30),
  };
  const settings: AuthSettings = {
    enabled: bool(auth.enabled, true),
    siteUrl: str(auth.site_url, 'http://127.0.0.1:3000'),
    additionalRedirectUrls: Array.isArray(auth.additional_redirect_urls)
      ? auth.additional_redirect_urls.filter((u): u is string => typeof u === 'string')
      : [],
    jwtExpiry: num(auth.jwt_expiry, 3600),
    refreshTokenRotation: bool(auth.enable_refresh_token_rotation, true),
    refreshTokenReuseInterval: num(auth.refresh_token_reuse_interval, 10),
    enableSignup: bool(auth.enable_signup, true),
    emailProviderEnabled: bool(email.enabled ?? email.enable_signup, true),
    minimumPasswordLength: Math.max(6, num(auth.minimum_password_length, 6)),
    passwordRequirements: str(auth.password_requirements, ''),
    mailerAutoconfirm: !bool(email.enable_confirmations, false),
    smsAutoconfirm: !bool(sms.enable_confirmations, false),
    doubleConfirmChanges: bool(email.double_confirm_changes, true),
    securePasswordChange: bool(email.secure_password_change, false),
    maxFrequency: parseDuration(email.max_frequency, 60),
    otpLength: num(email.otp_length, 6),
    otpExpiry: num(email.otp_expiry, 3600),
    rateLimits: {
      ...scaleRateLimits(configured, checkRateLimitScale(rateLimitScale, 'rateLimitScale')),
      ...limitOverrides,
    },
    templates,
    projectRoot,
    ...rest,
  };
  return settings;
}
