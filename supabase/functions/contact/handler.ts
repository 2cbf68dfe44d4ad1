// POST /functions/v1/contact {name, email, message, website, elapsedMs} -> 200 {ok: true, id, delivered}
// The message is stored before anything else can go wrong, so the answer is 200 as soon as it is in the database;
// forwarding it (form service, support inbox) may fail and is retried later. Order of checks: preflight, method,
// body, fields (400 {error, field}), rate limit (429 {error, retryAfter}), store (503 when the database cannot take
// it), forward. A message that trips the honeypot or the time trap is stored too, flagged as suspected spam and never
// forwarded, and answered like any other: nothing a person sends is dropped (issue 12).
// POST /functions/v1/contact/retry {limit?, includeFailed?} with the service-role key: forwards undelivered messages
// (what `npm run contact:retry` calls).
import { clientIp, saltedHash } from '../_shared/client-ip.ts';
import { preflight } from '../_shared/cors.ts';
import { intEnv, type Env } from '../_shared/env.ts';
import { HttpError, json, readJsonBody, withErrors } from '../_shared/http.ts';
import { bearerToken } from '../_shared/auth.ts';
import { serviceClient } from '../_shared/supabase.ts';
import { deliver, deliveryConfig, retryUndelivered, type ContactRow } from './deliver.ts';
import { MESSAGES, parseContactBody } from './schema.ts';

/** Below this many milliseconds between showing the form and sending it, nobody typed it. */
export const DEFAULT_MIN_SUBMIT_MS = 3000;

export default async function handler(req: Request, env: Env): Promise<Response> {
  return withErrors(async () => {
    const pre = preflight(req);
    if (pre) return pre;
    if (req.method !== 'POST')
      throw new HttpError(405, 'Method not allowed.', {}, { Allow: 'POST, OPTIONS' });
    if (new URL(req.url).pathname.replace(/\/+$/, '').endsWith('/retry')) return retry(req, env);
    return submit(req, env);
  });
}

async function submit(req: Request, env: Env): Promise<Response> {
  const body = await readJsonBody(req);
  const spamReason = suspectedSpam(body, intEnv(env, 'CONTACT_MIN_SUBMIT_MS', DEFAULT_MIN_SUBMIT_MS));
  const parsed = parseContactBody(body);
  if (!parsed.ok) throw new HttpError(400, parsed.error, { field: parsed.field });
  const { name, email, message } = parsed.value;

  const ip = clientIp(req);
  const ipHash = ip ? await saltedHash(ip, env.CONTACT_IP_SALT || 'flipwise-contact') : null;
  const userAgent = req.headers.get('user-agent')?.slice(0, 500) || null;
  const service = serviceClient(env);
  const config = deliveryConfig(env);
  const leaseSeconds = Math.ceil((config.timeoutMs * 2) / 1000) + 30;

  const { data, error } = await service.rpc('contact_message_submit', {
    p_name: name,
    p_email: email,
    p_message: message,
    p_ip_hash: ipHash,
    p_user_agent: userAgent,
    p_limit: intEnv(env, 'CONTACT_RATE_LIMIT', 5),
    p_window_seconds: intEnv(env, 'CONTACT_RATE_WINDOW_SECONDS', 600),
    p_lease_seconds: leaseSeconds,
    p_spam_reason: spamReason,
  });
  if (error || !data) {
    console.error(`Contact message not stored: ${error?.message ?? 'no answer'}`);
    throw new HttpError(503, MESSAGES.storeFailed);
  }
  const gate = data as { allowed: boolean; id?: string; reason?: 'ip' | 'email'; retryAfter?: number };
  if (!gate.allowed || !gate.id) {
    const retryAfter = Math.max(1, gate.retryAfter ?? 60);
    throw new HttpError(
      429,
      MESSAGES.tooMany(retryAfter),
      { retryAfter },
      { 'Retry-After': String(retryAfter) },
    );
  }

  // Suspected spam: kept for a person to review, not forwarded; the sender gets the answer everyone gets.
  if (spamReason) return json({ ok: true, id: gate.id, delivered: true });

  const row: ContactRow = {
    id: gate.id,
    name,
    email,
    message,
    created_at: new Date().toISOString(),
    attempts: 0,
    form_delivered_at: null,
    email_delivered_at: null,
  };
  // Older undelivered messages get another chance on the way; their failures are not this visitor's problem.
  const [result] = await Promise.all([
    deliver(service, config, row),
    retryUndelivered(service, config, {
      limit: intEnv(env, 'CONTACT_RETRY_BATCH', 3),
      minAgeSeconds: intEnv(env, 'CONTACT_RETRY_MIN_AGE_SECONDS', 60),
      includeFailed: false,
    }).catch((retryError: unknown) => {
      console.warn(
        `Contact retry skipped: ${retryError instanceof Error ? retryError.message : String(retryError)}`,
      );
    }),
  ]);
  if (result.error) console.warn(`Contact message ${row.id} stored, forwarding failed: ${result.error}`);
  return json({ ok: true, id: row.id, delivered: result.status === 'delivered' });
}

async function retry(req: Request, env: Env): Promise<Response> {
  if (!env.SUPABASE_SERVICE_ROLE_KEY || bearerToken(req) !== env.SUPABASE_SERVICE_ROLE_KEY) {
    throw new HttpError(401, 'The retry needs the service-role key.');
  }
  const text = await req.text();
  let options: { limit?: unknown; includeFailed?: unknown } = {};
  try {
    options = text.trim() ? (JSON.parse(text) as typeof options) : {};
  } catch {
    throw new HttpError(400, MESSAGES.badBody);
  }
  const limit =
    typeof options.limit === 'number' && options.limit > 0 ? Math.min(Math.floor(options.limit), 500) : 50;
  const summary = await retryUndelivered(serviceClient(env), deliveryConfig(env), {
    limit,
    minAgeSeconds: 0,
    includeFailed: options.includeFailed === true,
  });
  return json({ ok: true, ...summary });
}

/** Why a message looks automated: the hidden honeypot field is filled, or it was sent faster than a person types. */
function suspectedSpam(body: unknown, minSubmitMs: number): 'honeypot' | 'too_fast' | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const { website, elapsedMs } = body as { website?: unknown; elapsedMs?: unknown };
  if (typeof website === 'string' && website.trim() !== '') return 'honeypot';
  return typeof elapsedMs === 'number' &&
    Number.isFinite(elapsedMs) &&
    elapsedMs >= 0 &&
    elapsedMs < minSubmitMs
    ? 'too_fast'
    : null;
}
