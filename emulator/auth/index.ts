// /auth/v1: the part of GoTrue (Supabase Auth) that @supabase/supabase-js uses, on the emulator's database.
// Status codes, error codes, messages and body shapes follow ../../../shared/research/supabase-contract.md §A.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Hono, type Context } from 'hono';
import type { EmulatorContext, Queryable } from '../context';
import { jsonInputProblem } from '../json-input';
import { verifyProjectJwt } from '../keys';
import {
  API_VERSION,
  AuthError,
  badRequest,
  errorResponse,
  forbidden,
  OAuthError,
  tooManyRequests,
  unprocessable,
  validationFailed,
} from './errors';
import { newOtp, sendAuthMail, tokenHashOf, type MailKind } from './mailer';
import {
  checkNewPassword,
  hashPassword,
  passwordMatches,
  passwordMatchesNobody,
  passwordWeakness,
} from './password';
import { clientIp, RateLimiter } from './rate-limit';
import { referrer } from './redirect';
import {
  parseDuration,
  readAuthSettings,
  type AuthOptions,
  type AuthSettings,
  type AuthStartOptions,
} from './settings';
import {
  issueSession,
  refreshTokenGrant,
  verifyAccessToken,
  type AccessClaims,
  type SessionResponse,
  type TokenContext,
} from './tokens';
import {
  findUserByEmail,
  findUserById,
  identitiesOf,
  isBanned,
  loadUserJson,
  userJson,
  type UserRow,
} from './users';

export type { AuthOptions, AuthStartOptions } from './settings';

const ALLOW_HEADERS = [
  'Accept',
  'Authorization',
  'Cache-Control',
  'Content-Type',
  'X-Client-IP',
  'X-Client-Info',
  'X-JWT-AUD',
  'X-Supabase-Api-Version',
  'apikey',
];
const schemaFile = new URL('./schema.sql', import.meta.url);

/** A verified email-change link whose twin (sent to the other address) has not been followed yet. */
const OTHER_LINK_PENDING = Symbol('other-link-pending');
// GoTrue's words for it (api/verify.go, singleConfirmationAccepted).
const OTHER_LINK_MESSAGE =
  'Confirmation link accepted. Please proceed to confirm link sent to the other email';
const EXPOSE_HEADERS = 'X-Supabase-Api-Version, X-Sb-Error-Code';

const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

function validateEmail(raw: string): string {
  const email = raw.trim();
  if (!email) throw validationFailed('An email address is required');
  if (email.length > 255) throw validationFailed('An email address is too long');
  if (!EMAIL_PATTERN.test(email)) throw validationFailed('Unable to validate email address: invalid format');
  return email.toLowerCase();
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);
const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** Shallow-merges `patch` into a user's metadata; a null value removes the key (GoTrue's UpdateUserMetaData). */
async function mergeMetadata(
  tx: Queryable,
  userId: string,
  column: 'raw_user_meta_data' | 'raw_app_meta_data',
  patch: Json,
  at: string,
) {
  const { rows } = await tx.query<{ current: Json | null }>(
    `select ${column} as current from auth.users where id = $1 for update`,
    [userId],
  );
  const merged: Json = { ...(rows[0]?.current ?? {}) };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  await tx.query(`update auth.users set ${column} = $2, updated_at = $3 where id = $1`, [
    userId,
    JSON.stringify(merged),
    at,
  ]);
}

async function readJson(c: Context): Promise<Json> {
  const raw = await c.req.text();
  if (!raw.trim()) return {};
  let parsed: Json;
  try {
    parsed = JSON.parse(raw);
    if (!isObject(parsed)) throw new Error('expected a JSON object');
  } catch (err) {
    throw badRequest('bad_json', `Could not parse request body as JSON: ${(err as Error).message}`);
  }
  // A NUL, an unpaired surrogate or absurd nesting would fail in the database as a 500 (issue 12, point 5).
  const problem = jsonInputProblem(parsed);
  if (problem) throw validationFailed(problem);
  return parsed;
}

const iso = (d: Date) => d.toISOString();

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

export function createAuthApp(ctx: EmulatorContext, options: AuthStartOptions = {}): Hono {
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
  const buildLimiters = () => ({
    signInSignUps: new RateLimiter(settings.rateLimits.signInSignUps, fiveMinutes, now),
    tokenRefresh: new RateLimiter(settings.rateLimits.tokenRefresh, fiveMinutes, now),
    tokenVerifications: new RateLimiter(settings.rateLimits.tokenVerifications, fiveMinutes, now),
    emailSent: new RateLimiter(settings.rateLimits.emailSent, 3600, now),
  });
  let limiters = buildLimiters();
  // Wrong six-digit codes per email since its last code was sent (issue 12): the fifth voids every pending code of
  // that email, so guessing across many addresses cannot reach the right one inside the code's lifetime.
  const MAX_WRONG_CODES = 5;
  const wrongCodes = new Map<string, number>();
  controls.set(ctx, ({ rateLimits, now: nextClock, ...rest }) => {
    const before = structuredClone(settings);
    Object.assign(settings, rest);
    if (rateLimits) {
      settings.rateLimits = { ...settings.rateLimits, ...rateLimits };
      limiters = buildLimiters();
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

  /** Stores a fresh email-link token for a user; the caller sends the email after the transaction commits. */
  async function createOneTimeToken(
    tx: Queryable,
    user: UserRow,
    kind: MailKind,
    email: string,
  ): Promise<{ otp: string; tokenHash: string }> {
    const { otp, tokenHash } = newOtp(settings, email);
    wrongCodes.delete(email.toLowerCase());
    const at = iso(now());
    const column = { confirmation: 'confirmation', recovery: 'recovery', email_change: 'email_change' }[kind];
    if (kind === 'confirmation') {
      await tx.query(
        'update auth.users set confirmation_token = $2, confirmation_sent_at = $3 where id = $1',
        [user.id, tokenHash, at],
      );
    } else if (kind === 'recovery') {
      await tx.query('update auth.users set recovery_token = $2, recovery_sent_at = $3 where id = $1', [
        user.id,
        tokenHash,
        at,
      ]);
    } else {
      await tx.query(
        'update auth.users set email_change = $2, email_change_token_new = $3, email_change_sent_at = $4 where id = $1',
        [user.id, email, tokenHash, at],
      );
    }
    const tokenType = `${column}_token${kind === 'email_change' ? '_new' : ''}`;
    await tx.query('delete from auth.one_time_tokens where user_id = $1 and token_type = $2', [
      user.id,
      tokenType,
    ]);
    await tx.query(
      `insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $5)`,
      [user.id, tokenType, tokenHash, email, at.replace('Z', '')],
    );
    return { otp, tokenHash };
  }

  type LinkToken = { otp: string; tokenHash: string };

  /** The email-change link for the current address (double confirmation). */
  async function createCurrentAddressToken(tx: Queryable, user: UserRow): Promise<LinkToken> {
    const email = user.email ?? '';
    const { otp, tokenHash } = newOtp(settings, email);
    const at = iso(now());
    await tx.query(
      'update auth.users set email_change_token_current = $2, email_change_confirm_status = 0 where id = $1',
      [user.id, tokenHash],
    );
    await tx.query(
      "delete from auth.one_time_tokens where user_id = $1 and token_type = 'email_change_token_current'",
      [user.id],
    );
    await tx.query(
      `insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to, created_at, updated_at)
       values ($1, 'email_change_token_current', $2, $3, $4, $4)`,
      [user.id, tokenHash, email, at.replace('Z', '')],
    );
    return { otp, tokenHash };
  }

  /**
   * Emails a token from createOneTimeToken. `email` is the address it goes to: the new one for an email change, whose
   * template also shows the user's current address.
   */
  const sendLinkEmail = (
    user: Pick<UserRow, 'email' | 'raw_user_meta_data'>,
    kind: MailKind,
    email: string,
    token: LinkToken,
    redirectTo: string,
  ) =>
    sendAuthMail(ctx, settings, {
      kind,
      to: email,
      ...(kind === 'email_change' ? { email: user.email ?? '', newEmail: email } : { email }),
      ...token,
      redirectTo,
      data: user.raw_user_meta_data ?? {},
    });

  const SENT_AT = {
    confirmation: 'confirmation_sent_at',
    recovery: 'recovery_sent_at',
    email_change: 'email_change_sent_at',
  } as const satisfies Record<MailKind, keyof UserRow>;

  /**
   * Sends an existing user another link of one kind: the per-user wait and the global email quota first, then a new
   * token in a transaction of its own, then the email once that has committed.
   */
  /**
   * /recover and /resend: the same answer whether or not the address has an account (issue 12). The instance-wide
   * email quota is checked for every address (an empty quota is a 429 for all alike); the per-user resend window
   * skips the email silently instead of answering 429 only for real accounts.
   */
  async function sendQuietly(user: UserRow | undefined, kind: MailKind, email: string, redirectTo: string) {
    if (!limiters.emailSent.has('all'))
      throw tooManyRequests('over_email_send_rate_limit', 'email rate limit exceeded');
    if (!user) return;
    try {
      await resendLink(user, kind, email, redirectTo);
    } catch (err) {
      if (err instanceof AuthError && err.code === 'over_email_send_rate_limit' && err.status === 429) return;
      throw err;
    }
  }

  async function resendLink(user: UserRow, kind: MailKind, email: string, redirectTo: string) {
    checkFrequency(user[SENT_AT[kind]]);
    takeEmailQuota();
    const token = await db.transaction((tx) => createOneTimeToken(tx, user, kind, email));
    await sendLinkEmail(user, kind, email, token, redirectTo);
  }

  async function confirmEmail(tx: Queryable, userId: string) {
    const at = iso(now());
    await tx.query(
      `update auth.users
          set email_confirmed_at = coalesce(email_confirmed_at, $2), confirmation_token = '',
              raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || '{"email_verified": true}'::jsonb,
              updated_at = $2
        where id = $1`,
      [userId, at],
    );
    await tx.query(
      `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb, updated_at = $2
        where user_id = $1 and provider = 'email'`,
      [userId, at],
    );
    await tx.query(
      "delete from auth.one_time_tokens where user_id = $1 and token_type = 'confirmation_token'",
      [userId],
    );
  }

  async function markSignIn(tx: Queryable, userId: string) {
    const at = iso(now());
    await tx.query('update auth.users set last_sign_in_at = $2, updated_at = $2 where id = $1', [userId, at]);
    await tx.query(
      "update auth.identities set last_sign_in_at = $2 where user_id = $1 and provider = 'email'",
      [userId, at],
    );
  }

  /** A new email/password user with its email identity (GoTrue's signupNewUser + createNewIdentity). */
  async function insertEmailUser(
    tx: Queryable,
    input: {
      id: string;
      email: string;
      passwordHash: string | null;
      metadata: Json;
      identityData: Json;
      appMetadata?: Json;
    },
  ) {
    const at = iso(now());
    await tx.query(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, raw_app_meta_data,
                               raw_user_meta_data, created_at, updated_at, is_anonymous)
       values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, $3, $4, $5, $6, $6,
               false)`,
      [
        input.id,
        input.email,
        input.passwordHash,
        JSON.stringify({ ...input.appMetadata, provider: 'email', providers: ['email'] }),
        JSON.stringify(input.metadata),
        at,
      ],
    );
    await tx.query(
      `insert into auth.identities (id, provider_id, user_id, identity_data, provider, created_at, updated_at)
       values ($1, $2, $3, $4, 'email', $5, $5)`,
      [randomUUID(), input.id, input.id, JSON.stringify(input.identityData), at],
    );
  }

  /** The Bearer token of a user endpoint, checked like GoTrue's requireAuthentication middleware. */
  async function requireUser(c: Context): Promise<{ claims: AccessClaims; user: UserRow }> {
    const claims = await verifyAccessToken(tc, c.req.header('authorization'));
    const user = await findUserById(db, claims.sub).catch(() => undefined);
    if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
    if (claims.session_id) {
      const { rows } = await db.query('select 1 from auth.sessions where id = $1', [claims.session_id]);
      if (!rows.length)
        throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
    }
    return { claims, user };
  }

  const checkAudience = (claims: AccessClaims) => {
    const aud = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
    if (!aud.includes('authenticated')) {
      throw validationFailed("Token audience doesn't match request audience");
    }
  };

  const app = new Hono();

  // CORS as GoTrue configures it: any origin, credentials allowed, and X-Supabase-Api-Version exposed so auth-js can
  // read error codes cross-origin.
  app.use('*', async (c, next) => {
    const origin = c.req.header('origin');
    const cors = (headers: Headers) => {
      headers.set('Access-Control-Allow-Origin', origin ?? '*');
      if (origin) {
        headers.set('Access-Control-Allow-Credentials', 'true');
        headers.append('Vary', 'Origin');
      }
      headers.set('Access-Control-Expose-Headers', EXPOSE_HEADERS);
    };
    if (c.req.method === 'OPTIONS') {
      const requested = (c.req.header('access-control-request-headers') ?? '')
        .split(',')
        .map((h) => h.trim())
        .filter(Boolean);
      const known = new Set(ALLOW_HEADERS.map((h) => h.toLowerCase()));
      const allow = [...ALLOW_HEADERS, ...requested.filter((h) => !known.has(h.toLowerCase()))];
      const headers = new Headers({
        'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE',
        'Access-Control-Allow-Headers': allow.join(', '),
        'Access-Control-Max-Age': '300',
        'X-Supabase-Api-Version': API_VERSION,
      });
      cors(headers);
      return new Response(null, { status: 204, headers });
    }
    await next();
    cors(c.res.headers);
    c.res.headers.set('X-Supabase-Api-Version', API_VERSION);
  });

  // A database bootstrapped by an older emulator may lack a table added to schema.sql since; the file is idempotent, so
  // it runs once more before the first request.
  let schemaReady: Promise<void> | undefined;
  app.use('*', async (_c, next) => {
    schemaReady ??= db.exec(readFileSync(schemaFile, 'utf8')).catch((err: Error) => {
      ctx.log(`[auth] could not refresh the auth schema: ${err.message}`);
    });
    await schemaReady;
    await next();
  });

  app.onError((err, c) => errorResponse(c, err));
  app.notFound((c) => errorResponse(c, new AuthError(404, 'not_found', 'Not Found')));

  app.get('/health', (c) =>
    c.json({
      version: 'emulator',
      name: 'GoTrue',
      description: 'GoTrue is a user registration and authentication API',
    }),
  );

  app.get('/settings', (c) =>
    c.json({
      external: {
        anonymous_users: false,
        apple: false,
        azure: false,
        bitbucket: false,
        discord: false,
        facebook: false,
        figma: false,
        fly: false,
        github: false,
        gitlab: false,
        google: false,
        keycloak: false,
        kakao: false,
        linkedin_oidc: false,
        notion: false,
        spotify: false,
        slack_oidc: false,
        workos: false,
        twitch: false,
        twitter: false,
        zoom: false,
        email: settings.emailProviderEnabled,
        phone: false,
      },
      disable_signup: !settings.enableSignup,
      mailer_autoconfirm: settings.mailerAutoconfirm,
      phone_autoconfirm: settings.smsAutoconfirm,
      sms_provider: '',
      saml_enabled: false,
    }),
  );

  // The public half of the key that signs access tokens (GoTrue api/jwks.go: public keys only, never the HS256
  // secret). auth-js getClaims() verifies ES256 tokens against it locally and caches it for 10 minutes.
  app.get('/.well-known/jwks.json', (c) => c.json({ keys: [ctx.keys.signingKey.publicJwk] }));

  app.post('/signup', async (c) => {
    limit(c, limiters.signInSignUps);
    if (!settings.enableSignup)
      throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
    const body = await readJson(c);
    const data = isObject(body.data) ? body.data : {};
    const rawEmail = text(body.email);
    if (!rawEmail && text(body.phone))
      throw badRequest('phone_provider_disabled', 'Phone signups are disabled');
    const password = text(body.password);
    checkNewPassword(settings, password, 'Signup requires a valid password');
    if (!rawEmail) throw validationFailed('To signup, please provide your email');
    if (!settings.emailProviderEnabled)
      throw badRequest('email_provider_disabled', 'Email signups are disabled');
    const email = validateEmail(rawEmail);
    const redirectTo = referrer(c, settings);

    const existing = await findUserByEmail(db, email);
    if (existing?.email_confirmed_at) {
      if (settings.mailerAutoconfirm || settings.smsAutoconfirm) {
        throw unprocessable('user_already_exists', 'User already registered');
      }
      // Both confirmations on: answer as for a new sign-up, so the response does not reveal that the email is taken.
      const at = iso(now());
      return c.json({
        id: randomUUID(),
        aud: 'authenticated',
        role: '',
        email,
        phone: '',
        confirmation_sent_at: at,
        app_metadata: { provider: 'email', providers: ['email'] },
        user_metadata: data,
        identities: [],
        created_at: at,
        updated_at: at,
        is_anonymous: false,
      });
    }

    if (existing) {
      // Unconfirmed: send the confirmation again, but change nothing else; the caller has not proven who they are.
      if (settings.mailerAutoconfirm) {
        // Left over from a time with confirmations on. GoTrue confirms it and signs the caller in without looking at
        // the password; we sign in only the owner of the stored password.
        if (!(await passwordMatches(password, existing.encrypted_password))) {
          throw unprocessable('user_already_exists', 'User already registered');
        }
        const session = await db.transaction(async (tx) => {
          await confirmEmail(tx, existing.id);
          await markSignIn(tx, existing.id);
          return issueSession(tc, tx, existing, 'password', requestInfo(c));
        });
        return c.json(session);
      }
      await resendLink(existing, 'confirmation', email, redirectTo);
      return c.json(await loadUserJson(db, existing.id));
    }

    const passwordHash = await hashPassword(password);
    if (!settings.mailerAutoconfirm) takeEmailQuota();
    const userId = randomUUID();
    const identityData = { sub: userId, email, email_verified: false, phone_verified: false };
    const metadata = { ...data, ...identityData };
    let result: { token?: LinkToken; session?: SessionResponse };
    try {
      result = await db.transaction(async (tx) => {
        await insertEmailUser(tx, { id: userId, email, passwordHash, metadata, identityData });
        const user = await findUserById(tx, userId);
        if (!user) throw new Error('the new user was not saved');
        if (settings.mailerAutoconfirm) {
          await confirmEmail(tx, userId);
          await markSignIn(tx, userId);
          return { session: await issueSession(tc, tx, user, 'password', requestInfo(c)) };
        }
        return { token: await createOneTimeToken(tx, user, 'confirmation', email) };
      });
    } catch (err) {
      if (err instanceof AuthError) throw err;
      // A failing trigger on auth.users (e.g. a profile insert) surfaces like this on hosted Supabase too.
      ctx.log(`[auth] sign-up of ${email} failed: ${(err as Error).message}`);
      throw new AuthError(500, 'unexpected_failure', 'Database error saving new user');
    }
    if (result.session) return c.json(result.session);
    // The metadata this request wrote, not a re-read of the row.
    await sendLinkEmail(
      { email, raw_user_meta_data: metadata },
      'confirmation',
      email,
      result.token!,
      redirectTo,
    );
    return c.json(await loadUserJson(db, userId));
  });

  app.post('/token', async (c) => {
    const grantType = c.req.query('grant_type');
    limit(c, limiters.tokenRefresh);
    const body = await readJson(c);
    if (grantType === 'password') {
      const email = text(body.email).trim().toLowerCase();
      const password = text(body.password);
      const invalid = () => badRequest('invalid_credentials', 'Invalid login credentials');
      const user = email ? await findUserByEmail(db, email) : undefined;
      if (!user || !user.encrypted_password) {
        await passwordMatchesNobody(password);
        throw invalid();
      }
      if (isBanned(user, now())) throw badRequest('user_banned', 'User is banned');
      if (!(await passwordMatches(password, user.encrypted_password))) throw invalid();
      // Only after the password matched, so a wrong password never reveals that an account awaits confirmation.
      if (!user.email_confirmed_at) throw badRequest('email_not_confirmed', 'Email not confirmed');
      const session = await db.transaction(async (tx) => {
        await markSignIn(tx, user.id);
        return issueSession(tc, tx, user, 'password', requestInfo(c));
      });
      const weak = passwordWeakness(settings, password);
      return c.json(weak ? { ...session, weak_password: weak } : session);
    }
    if (grantType === 'refresh_token') {
      const presented = text(body.refresh_token);
      if (!presented) throw new OAuthError('invalid_request', 'refresh_token required');
      const outcome = await db.transaction((tx) =>
        refreshTokenGrant(
          tc,
          tx,
          presented,
          (u) => isBanned(u, now()),
          (id) => findUserById(tx, id),
        ),
      );
      // A detected reuse is committed (the family is revoked) and then answered as an error.
      if (outcome instanceof AuthError) throw outcome;
      return c.json(outcome);
    }
    throw badRequest('invalid_credentials', 'unsupported_grant_type');
  });

  app.post('/logout', async (c) => {
    const { claims, user } = await requireUser(c);
    const scope = c.req.query('scope') ?? 'global';
    if (!['global', 'local', 'others'].includes(scope)) {
      throw validationFailed(`Unsupported logout scope ${JSON.stringify(scope)}`);
    }
    const sessionId = claims.session_id || null;
    if (scope === 'global' || !sessionId) {
      await db.query('delete from auth.sessions where user_id = $1', [user.id]);
    } else if (scope === 'local') {
      await db.query('delete from auth.sessions where id = $1', [sessionId]);
    } else {
      await db.query('delete from auth.sessions where user_id = $1 and id <> $2', [user.id, sessionId]);
    }
    return c.body(null, 204);
  });

  app.get('/user', async (c) => {
    const { claims, user } = await requireUser(c);
    checkAudience(claims);
    return c.json(userJson(user, await identitiesOf(db, user.id)));
  });

  app.put('/user', async (c) => {
    limit(c, limiters.signInSignUps);
    const { claims, user } = await requireUser(c);
    checkAudience(claims);
    const body = await readJson(c);
    if (body.app_metadata !== undefined) {
      throw forbidden('not_admin', 'Updating app_metadata requires admin privileges');
    }
    let passwordHash: string | undefined;
    if (typeof body.password === 'string') {
      checkNewPassword(settings, body.password, 'Password update requires a valid password');
      if (await passwordMatches(body.password, user.encrypted_password)) {
        throw unprocessable('same_password', 'New password should be different from the old password.');
      }
      if (settings.securePasswordChange && claims.session_id) {
        const { rows } = await db.query<{ created_at: Date }>(
          'select created_at from auth.sessions where id = $1',
          [claims.session_id],
        );
        const age = rows[0] ? now().getTime() - new Date(rows[0].created_at).getTime() : 0;
        if (age > 24 * 3600 * 1000)
          throw badRequest('reauthentication_needed', 'Password update requires reauthentication');
      }
      passwordHash = await hashPassword(body.password);
    }
    let newEmail: string | undefined;
    if (typeof body.email === 'string' && body.email.trim().toLowerCase() !== (user.email ?? '')) {
      newEmail = validateEmail(body.email);
      const taken = await findUserByEmail(db, newEmail);
      if (taken && taken.id !== user.id) {
        throw unprocessable('email_exists', 'A user with this email address has already been registered');
      }
      if (!settings.mailerAutoconfirm) {
        checkFrequency(user.email_change_sent_at);
        takeEmailQuota();
      }
    }
    const redirectTo = referrer(c, settings);
    const at = iso(now());
    const token = await db.transaction(async (tx) => {
      if (isObject(body.data)) await mergeMetadata(tx, user.id, 'raw_user_meta_data', body.data, at);
      if (passwordHash) {
        await tx.query('update auth.users set encrypted_password = $2, updated_at = $3 where id = $1', [
          user.id,
          passwordHash,
          at,
        ]);
        // A new password signs out every other device.
        if (claims.session_id) {
          await tx.query('delete from auth.sessions where user_id = $1 and id <> $2', [
            user.id,
            claims.session_id,
          ]);
        } else {
          await tx.query('delete from auth.sessions where user_id = $1', [user.id]);
        }
      }
      if (newEmail) {
        if (settings.mailerAutoconfirm) {
          await applyEmailChange(tx, user.id, newEmail);
          return undefined;
        }
        const toNew = await createOneTimeToken(tx, user, 'email_change', newEmail);
        // double_confirm_changes: the current address must agree too; the change waits for both links.
        const toCurrent =
          settings.doubleConfirmChanges && user.email ? await createCurrentAddressToken(tx, user) : undefined;
        return { toNew, toCurrent };
      }
      return undefined;
    });
    if (token && newEmail) {
      await sendLinkEmail(user, 'email_change', newEmail, token.toNew, redirectTo);
      if (token.toCurrent && user.email)
        await sendAuthMail(ctx, settings, {
          kind: 'email_change',
          to: user.email,
          email: user.email,
          newEmail,
          ...token.toCurrent,
          redirectTo,
          data: user.raw_user_meta_data ?? {},
        });
    }
    return c.json(await loadUserJson(db, user.id));
  });

  async function applyEmailChange(tx: Queryable, userId: string, newEmail: string) {
    const at = iso(now());
    await tx.query(
      `update auth.users
          set email = $2, email_change = '', email_change_token_new = '', email_change_sent_at = null,
              email_change_token_current = '', email_change_confirm_status = 0,
              raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || jsonb_build_object('email', $4::text),
              updated_at = $3
        where id = $1`,
      [userId, newEmail, at, newEmail],
    );
    await tx.query(
      `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = $3
        where user_id = $1 and provider = 'email'`,
      [userId, newEmail, at],
    );
    await tx.query(
      "delete from auth.one_time_tokens where user_id = $1 and token_type in ('email_change_token_new', 'email_change_token_current')",
      [userId],
    );
  }

  app.post('/recover', async (c) => {
    limit(c, limiters.signInSignUps);
    const body = await readJson(c);
    if (!text(body.email).trim()) throw validationFailed('Password recovery requires an email');
    const email = validateEmail(text(body.email));
    const redirectTo = referrer(c, settings);
    const user = await findUserByEmail(db, email);
    // Unknown addresses get the same answer, so the endpoint cannot be used to find out who has an account.
    await sendQuietly(user, 'recovery', email, redirectTo);
    return c.json({});
  });

  app.post('/resend', async (c) => {
    limit(c, limiters.signInSignUps);
    const body = await readJson(c);
    const type = text(body.type);
    if (type !== 'signup' && type !== 'email_change') {
      throw validationFailed('Missing one of these types: signup, email_change, sms, phone_change');
    }
    const email = validateEmail(text(body.email));
    const redirectTo = referrer(c, settings);
    if (type === 'signup') {
      const user = await findUserByEmail(db, email);
      await sendQuietly(
        user && !user.email_confirmed_at ? user : undefined,
        'confirmation',
        email,
        redirectTo,
      );
      return c.json({});
    }
    const { rows } = await db.query<UserRow>(
      'select * from auth.users where lower(email_change) = $1 limit 1',
      [email],
    );
    await sendQuietly(rows[0], 'email_change', email, redirectTo);
    return c.json({});
  });

  const VERIFY_TYPES = ['signup', 'invite', 'recovery', 'magiclink', 'email_change', 'email'];

  /** Finds the user an email-link token belongs to, checks its age, and consumes it. */
  async function verifyToken(
    tx: Queryable,
    type: string,
    tokenHash: string,
    invalidMessage: string,
  ): Promise<UserRow | typeof OTHER_LINK_PENDING> {
    const candidates: {
      column: string;
      sentAt: keyof UserRow;
      kind: 'signup' | 'recovery' | 'email_change';
    }[] = [];
    if (type === 'signup' || type === 'invite' || type === 'email')
      candidates.push({ column: 'confirmation_token', sentAt: 'confirmation_sent_at', kind: 'signup' });
    if (type === 'recovery' || type === 'magiclink' || type === 'email')
      candidates.push({ column: 'recovery_token', sentAt: 'recovery_sent_at', kind: 'recovery' });
    if (type === 'email_change' || type === 'email') {
      candidates.push({
        column: 'email_change_token_new',
        sentAt: 'email_change_sent_at',
        kind: 'email_change',
      });
      candidates.push({
        column: 'email_change_token_current',
        sentAt: 'email_change_sent_at',
        kind: 'email_change',
      });
    }
    const expired = () => forbidden('otp_expired', invalidMessage);
    for (const candidate of candidates) {
      const { rows } = await tx.query<UserRow>(
        `select * from auth.users where ${candidate.column} = $1 and ${candidate.column} <> '' limit 1 for update`,
        [tokenHash],
      );
      const user = rows[0];
      if (!user) continue;
      if (isBanned(user, now())) throw forbidden('user_banned', 'User is banned');
      const sentAt = user[candidate.sentAt] as Date | null;
      if (!sentAt || new Date(sentAt).getTime() + settings.otpExpiry * 1000 < now().getTime())
        throw expired();
      if (candidate.kind === 'signup') {
        await confirmEmail(tx, user.id);
      } else if (candidate.kind === 'recovery') {
        await tx.query("update auth.users set recovery_token = '' where id = $1", [user.id]);
        await tx.query(
          "delete from auth.one_time_tokens where user_id = $1 and token_type = 'recovery_token'",
          [user.id],
        );
        if (!user.email_confirmed_at) await confirmEmail(tx, user.id);
      } else {
        const other =
          candidate.column === 'email_change_token_new'
            ? user.email_change_token_current
            : user.email_change_token_new;
        if (settings.doubleConfirmChanges && other) {
          // One of the two links: remember it and wait for the other (GoTrue's email_change_confirm_status).
          await tx.query(
            `update auth.users set ${candidate.column} = '', email_change_confirm_status = 1 where id = $1`,
            [user.id],
          );
          await tx.query('delete from auth.one_time_tokens where user_id = $1 and token_type = $2', [
            user.id,
            candidate.column,
          ]);
          return OTHER_LINK_PENDING;
        }
        await applyEmailChange(tx, user.id, user.email_change ?? '');
      }
      await markSignIn(tx, user.id);
      return (await findUserById(tx, user.id))!;
    }
    throw expired();
  }

  const fragmentOf = (params: Record<string, string>) => {
    const search = new URLSearchParams(params);
    search.sort();
    return search.toString();
  };
  const withoutFragment = (url: string) => url.split('#')[0];

  app.get('/verify', async (c) => {
    limit(c, limiters.tokenVerifications);
    const token = c.req.query('token') ?? '';
    const type = c.req.query('type') ?? '';
    if (!token) throw validationFailed('Verify requires a token or a token hash');
    if (!type) throw validationFailed('Verify requires a verification type');
    if (!VERIFY_TYPES.includes(type)) throw validationFailed('Unsupported verification type');
    const redirectTo = withoutFragment(referrer(c, settings));
    try {
      const session = await db.transaction(async (tx) => {
        const user = await verifyToken(tx, type, token, 'Email link is invalid or has expired');
        if (user === OTHER_LINK_PENDING) return user;
        return issueSession(tc, tx, user, 'otp', requestInfo(c));
      });
      if (session === OTHER_LINK_PENDING) {
        return c.redirect(`${redirectTo}#${fragmentOf({ message: OTHER_LINK_MESSAGE, sb: '' })}`, 303);
      }
      const fragment = fragmentOf({
        access_token: session.access_token,
        expires_at: String(session.expires_at),
        expires_in: String(session.expires_in),
        refresh_token: session.refresh_token,
        sb: '',
        token_type: session.token_type,
        type,
      });
      return c.redirect(`${redirectTo}#${fragment}`, 303);
    } catch (err) {
      if (!(err instanceof AuthError)) throw err;
      const error =
        {
          400: 'invalid_request',
          401: 'unauthorized_client',
          403: 'access_denied',
          503: 'temporarily_unavailable',
        }[err.status as number] ?? 'server_error';
      const fragment = fragmentOf({ error, error_code: err.code, error_description: err.message, sb: '' });
      return c.redirect(`${redirectTo}#${fragment}`, 303);
    }
  });

  /** Clears every pending emailed code of an address: a new one must be requested. */
  async function voidCodes(email: string): Promise<void> {
    await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: string }>(
        `update auth.users set confirmation_token = '', recovery_token = '', email_change_token_new = '',
           email_change_token_current = ''
         where lower(email) = $1 or lower(email_change) = $1 returning id`,
        [email],
      );
      for (const { id } of rows) await tx.query('delete from auth.one_time_tokens where user_id = $1', [id]);
    });
  }

  app.post('/verify', async (c) => {
    limit(c, limiters.tokenVerifications);
    const body = await readJson(c);
    const type = text(body.type);
    if (!type) throw validationFailed('Verify requires a verification type');
    if (!VERIFY_TYPES.includes(type)) throw validationFailed('Unsupported verification type');
    const tokenHash = text(body.token_hash);
    let hash: string;
    let message: string;
    let codeEmail: string | undefined;
    if (tokenHash) {
      if (body.email || body.phone || body.redirect_to) {
        throw validationFailed('Only the token_hash and type should be provided');
      }
      hash = tokenHash;
      message = 'Email link is invalid or has expired';
    } else {
      const token = text(body.token);
      const email = text(body.email);
      if (!token || !email) throw validationFailed('Verify requires a token or a token hash');
      codeEmail = validateEmail(email).toLowerCase();
      hash = tokenHashOf(codeEmail, token);
      message = 'Token has expired or is invalid';
      // Per email as well as per address: a code voided by wrong guesses stays void until a new one is sent.
      if ((wrongCodes.get(codeEmail) ?? 0) >= MAX_WRONG_CODES) throw forbidden('otp_expired', message);
    }
    try {
      const session = await db.transaction(async (tx) => {
        const user = await verifyToken(tx, type, hash, message);
        if (user === OTHER_LINK_PENDING) return user;
        return issueSession(tc, tx, user, 'otp', requestInfo(c));
      });
      if (codeEmail) wrongCodes.delete(codeEmail);
      if (session === OTHER_LINK_PENDING) return c.json({ msg: OTHER_LINK_MESSAGE, code: 200 });
      return c.json(session);
    } catch (err) {
      if (codeEmail && err instanceof AuthError && err.code === 'otp_expired') {
        const wrong = (wrongCodes.get(codeEmail) ?? 0) + 1;
        wrongCodes.set(codeEmail, wrong);
        if (wrong >= MAX_WRONG_CODES) await voidCodes(codeEmail);
      }
      throw err;
    }
  });

  // ---- Admin API (service_role key): what supabase.auth.admin uses to create and remove users in tests and seeds.

  async function requireAdmin(c: Context) {
    const match = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '');
    if (!match) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
    let role: unknown;
    try {
      ({ role } = await verifyProjectJwt(match[1], tc.keys, { currentDate: now() }));
    } catch {
      throw forbidden(
        'bad_jwt',
        'invalid JWT: unable to parse or verify signature, token signature is invalid',
      );
    }
    if (role !== 'service_role' && role !== 'supabase_admin')
      throw forbidden('not_admin', 'User not allowed');
  }

  const banUntil = (duration: unknown): string | null | undefined => {
    if (duration === undefined) return undefined;
    if (duration === 'none' || duration === '') return null;
    const secondsBanned = parseDuration(duration, NaN);
    if (!Number.isFinite(secondsBanned)) throw validationFailed('invalid format for ban duration');
    return iso(new Date(now().getTime() + secondsBanned * 1000));
  };

  app.post('/admin/users', async (c) => {
    await requireAdmin(c);
    const body = await readJson(c);
    if (!text(body.email)) throw validationFailed('Creating a user requires an email or phone');
    const email = validateEmail(text(body.email));
    if (await findUserByEmail(db, email)) {
      throw unprocessable('email_exists', 'A user with this email address has already been registered');
    }
    let passwordHash: string | null = null;
    if (typeof body.password === 'string' && body.password) {
      checkNewPassword(settings, body.password, 'Password is required');
      passwordHash = await hashPassword(body.password);
    }
    const id = typeof body.id === 'string' && body.id ? body.id : randomUUID();
    const identityData = { sub: id, email, email_verified: false, phone_verified: false };
    // GoTrue's adminUserCreate stores user_metadata as sent; only a confirmation adds email_verified (User.Confirm).
    const metadata = isObject(body.user_metadata) ? body.user_metadata : {};
    const ban = banUntil(body.ban_duration);
    await db.transaction(async (tx) => {
      await insertEmailUser(tx, {
        id,
        email,
        passwordHash,
        metadata,
        identityData,
        appMetadata: isObject(body.app_metadata) ? body.app_metadata : {},
      });
      if (body.email_confirm === true) await confirmEmail(tx, id);
      if (ban !== undefined)
        await tx.query('update auth.users set banned_until = $2 where id = $1', [id, ban]);
    });
    return c.json(await loadUserJson(db, id));
  });

  app.get('/admin/users', async (c) => {
    await requireAdmin(c);
    // GoTrue's paginate(): page and per_page are unsigned integers (strconv.ParseUint), or a 400.
    const pageParam = (name: string, fallback: number) => {
      const value = c.req.query(name);
      if (value === undefined || value === '') return fallback;
      if (!/^\d+$/.test(value)) {
        throw validationFailed(
          `Bad Pagination Parameters: strconv.ParseUint: parsing "${value}": invalid syntax`,
        );
      }
      return Number(value);
    };
    const page = Math.max(1, pageParam('page', 1));
    const perPage = Math.min(1000, Math.max(1, pageParam('per_page', 50)));
    const { rows: countRows } = await db.query<{ n: number }>('select count(*)::int as n from auth.users');
    const { rows } = await db.query<UserRow>(
      'select * from auth.users order by created_at desc limit $1 offset $2',
      [perPage, (page - 1) * perPage],
    );
    const users = await Promise.all(rows.map(async (u) => userJson(u, await identitiesOf(db, u.id))));
    c.header('X-Total-Count', String(countRows[0]?.n ?? 0));
    return c.json({ users, aud: 'authenticated' });
  });

  const adminUser = async (c: Context) => {
    await requireAdmin(c);
    const id = c.req.param('id') ?? '';
    const user = /^[0-9a-f-]{36}$/i.test(id) ? await findUserById(db, id) : undefined;
    if (!user) throw new AuthError(404, 'user_not_found', 'User not found');
    return user;
  };

  app.get('/admin/users/:id', async (c) => {
    const user = await adminUser(c);
    return c.json(userJson(user, await identitiesOf(db, user.id)));
  });

  app.put('/admin/users/:id', async (c) => {
    const user = await adminUser(c);
    const body = await readJson(c);
    let passwordHash: string | undefined;
    if (typeof body.password === 'string') {
      checkNewPassword(settings, body.password, 'Password is required');
      passwordHash = await hashPassword(body.password);
    }
    let email: string | undefined;
    if (typeof body.email === 'string' && body.email.trim().toLowerCase() !== user.email) {
      email = validateEmail(body.email);
      const taken = await findUserByEmail(db, email);
      if (taken && taken.id !== user.id) {
        throw unprocessable('email_exists', 'A user with this email address has already been registered');
      }
    }
    const ban = banUntil(body.ban_duration);
    const at = iso(now());
    await db.transaction(async (tx) => {
      if (passwordHash) {
        await tx.query('update auth.users set encrypted_password = $2, updated_at = $3 where id = $1', [
          user.id,
          passwordHash,
          at,
        ]);
      }
      if (email) await applyEmailChange(tx, user.id, email);
      if (body.email_confirm === true) await confirmEmail(tx, user.id);
      for (const [column, value] of [
        ['raw_user_meta_data', body.user_metadata],
        ['raw_app_meta_data', body.app_metadata],
      ] as const) {
        if (isObject(value)) await mergeMetadata(tx, user.id, column, value, at);
      }
      if (ban !== undefined) {
        await tx.query('update auth.users set banned_until = $2 where id = $1', [user.id, ban]);
        if (ban) await tx.query('delete from auth.sessions where user_id = $1', [user.id]);
      }
    });
    return c.json(await loadUserJson(db, user.id));
  });

  app.delete('/admin/users/:id', async (c) => {
    const user = await adminUser(c);
    try {
      await db.query('delete from auth.users where id = $1', [user.id]);
    } catch (err) {
      // e.g. a public table referencing auth.users without ON DELETE CASCADE.
      ctx.log(`[auth] deleting user ${user.id} failed: ${(err as Error).message}`);
      throw new AuthError(500, 'unexpected_failure', 'Database error deleting user');
    }
    return c.json({});
  });

  return app;
}
