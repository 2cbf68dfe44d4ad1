// Forwarding a stored contact message to where people read it: the external form-collection service (when one is
// configured, SPEC §7) and the support inbox (a Resend-style mail API, docs/decisions/006-contact-delivery.md). Used by
// the contact function right after storing a message, by its later calls and by `npm run contact:retry` (through the
// function's /retry path). Each target is recorded separately, so a retry re-sends only what did not arrive.
import type { SupabaseClient } from '@supabase/supabase-js';
import { intEnv, type Env } from '../_shared/env.ts';
import { escapeHtml } from '../_shared/markup.ts';

export type ContactRow = {
  id: string;
  name: string;
  email: string;
  message: string;
  created_at: string;
  attempts: number;
  form_delivered_at: string | null;
  email_delivered_at: string | null;
};

type Target = { ok: true } | { ok: false; error: string };
type FormTarget = { url: string; fields: { name: string; email: string; message: string } };
type MailTarget = { url: string; key: string | undefined; from: string; to: string };

export type DeliveryConfig = {
  /** null: no form service configured, nothing to send there. A string: configured but incomplete. */
  form: FormTarget | string | null;
  /** A string says why mail cannot be sent (the message stays pending until it can). */
  mail: MailTarget | string;
  timeoutMs: number;
  maxAttempts: number;
};

export const DEFAULT_SUPPORT_EMAIL = 'support@flipwise.app';
export const DEFAULT_FROM = 'Flipwise Contact Form <contact@flipwise.app>';

export function deliveryConfig(env: Env): DeliveryConfig {
  let form: DeliveryConfig['form'] = null;
  const formUrl = env.CONTACT_FORM_URL?.trim();
  if (formUrl) {
    const fields = {
      name: env.CONTACT_FORM_FIELD_NAME?.trim() ?? '',
      email: env.CONTACT_FORM_FIELD_EMAIL?.trim() ?? '',
      message: env.CONTACT_FORM_FIELD_MESSAGE?.trim() ?? '',
    };
    const missing = Object.entries({
      CONTACT_FORM_FIELD_NAME: fields.name,
      CONTACT_FORM_FIELD_EMAIL: fields.email,
      CONTACT_FORM_FIELD_MESSAGE: fields.message,
    }).find(([, value]) => !value);
    form = missing ? `Form service misconfigured: ${missing[0]} is not set` : { url: formUrl, fields };
  }
  const mailUrl = env.MAIL_API_URL?.trim();
  const mail: DeliveryConfig['mail'] = mailUrl
    ? {
        url: mailUrl,
        key: env.MAIL_API_KEY?.trim() || undefined,
        from: env.CONTACT_FROM_EMAIL?.trim() || DEFAULT_FROM,
        to: env.SUPPORT_EMAIL?.trim() || DEFAULT_SUPPORT_EMAIL,
      }
    : 'Mail not configured: MAIL_API_URL is not set';
  return {
    form,
    mail,
    timeoutMs: intEnv(env, 'CONTACT_FORWARD_TIMEOUT_MS', 8000),
    maxAttempts: intEnv(env, 'CONTACT_MAX_ATTEMPTS', 10),
  };
}

/** Google-Forms-style formResponse: the three entry fields, form-encoded. */
export async function postToForm(row: ContactRow, form: FormTarget, timeoutMs: number): Promise<Target> {
  const body = new URLSearchParams({
    [form.fields.name]: row.name,
    [form.fields.email]: row.email,
    [form.fields.message]: row.message,
  });
  return send(
    'Form service',
    form.url,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8' },
      body: body.toString(),
    },
    timeoutMs,
  );
}

export function supportEmail(row: ContactRow, mail: MailTarget) {
  const sent = new Date(row.created_at).toUTCString();
  const text = `New message from the Flipwise contact form.\n\nName: ${row.name}\nEmail: ${row.email}\nSent: ${sent}\nReference: ${row.id}\n\n${row.message}\n`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2933">
<h1 style="font-size:18px">New message from the contact form</h1>
<p><strong>Name:</strong> ${escapeHtml(row.name)}<br><strong>Email:</strong> <a href="mailto:${escapeHtml(row.email)}">${escapeHtml(row.email)}</a><br><strong>Sent:</strong> ${escapeHtml(sent)}<br><strong>Reference:</strong> ${escapeHtml(row.id)}</p>
<blockquote style="margin:0;padding:12px 16px;border-left:4px solid #0f766e;background:#f4f6f6;white-space:pre-wrap">${escapeHtml(row.message)}</blockquote>
<p style="color:#52606d;font-size:13px">Reply to this email to answer ${escapeHtml(row.name)} directly.</p>
</body></html>`;
  return {
    from: mail.from,
    to: [mail.to],
    subject: `Contact form: ${row.name}`,
    text,
    html,
    reply_to: row.email,
  };
}

export async function sendSupportEmail(
  row: ContactRow,
  mail: MailTarget,
  timeoutMs: number,
): Promise<Target> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (mail.key) headers.Authorization = `Bearer ${mail.key}`;
  // The message id makes a resend after a lost answer recognisable (Resend honours Idempotency-Key for 24 hours).
  headers['Idempotency-Key'] = `contact-${row.id}`;
  return send(
    'Mail API',
    mail.url,
    { method: 'POST', headers, body: JSON.stringify(supportEmail(row, mail)) },
    timeoutMs,
  );
}

async function send(label: string, url: string, init: RequestInit, timeoutMs: number): Promise<Target> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    // The body is not needed, but reading it frees the connection.
    const detail = (await response.text().catch(() => '')).replace(/\s+/g, ' ').trim().slice(0, 200);
    if (response.ok) return { ok: true };
    return { ok: false, error: `${label} answered ${response.status}${detail ? `: ${detail}` : ''}` };
  } catch (error) {
    // fetch() says only "fetch failed"; the cause (ECONNREFUSED, ENOTFOUND...) is what an operator needs.
    const cause = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
    const reason =
      error instanceof Error
        ? error.name === 'TimeoutError'
          ? `no answer within ${timeoutMs} ms`
          : `${error.message}${typeof cause === 'string' ? ` (${cause})` : ''}`
        : String(error);
    return { ok: false, error: `${label} unreachable: ${reason}` };
  }
}

export type DeliveryResult = { id: string; status: 'pending' | 'delivered' | 'failed'; error: string | null };

/**
 * Sends the message to every target it has not reached yet, then records the outcome and releases the lease.
 * The caller must hold the row's lease (contact_message_submit or contact_messages_claim gave it).
 */
export async function deliver(
  service: SupabaseClient,
  config: DeliveryConfig,
  row: ContactRow,
): Promise<DeliveryResult> {
  const now = () => new Date().toISOString();
  const errors: string[] = [];
  const update: Record<string, unknown> = {};

  const formJob = async () => {
    if (config.form === null || row.form_delivered_at) return;
    if (typeof config.form === 'string') return void errors.push(config.form);
    const result = await postToForm(row, config.form, config.timeoutMs);
    if (result.ok) update.form_delivered_at = now();
    else errors.push(result.error);
  };
  const mailJob = async () => {
    if (row.email_delivered_at) return;
    if (typeof config.mail === 'string') return void errors.push(config.mail);
    const result = await sendSupportEmail(row, config.mail, config.timeoutMs);
    if (result.ok) update.email_delivered_at = now();
    else errors.push(result.error);
  };
  await Promise.all([formJob(), mailJob()]);

  const attempts = row.attempts + 1;
  const delivered = errors.length === 0;
  const status: DeliveryResult['status'] = delivered
    ? 'delivered'
    : attempts >= config.maxAttempts
      ? 'failed'
      : 'pending';
  const error = delivered ? null : errors.join('; ').slice(0, 1000);
  Object.assign(update, {
    status,
    attempts,
    last_error: error,
    last_attempt_at: now(),
    delivered_at: delivered ? now() : null,
    locked_until: null,
  });
  const { error: dbError } = await service.from('contact_messages').update(update).eq('id', row.id);
  // The message is stored either way; if the outcome cannot be written, the lease runs out and a retry sends again.
  if (dbError) console.error(`Could not record delivery of contact message ${row.id}: ${dbError.message}`);
  return { id: row.id, status, error };
}

export type RetrySummary = {
  claimed: number;
  delivered: number;
  pending: number;
  failed: number;
  errors: string[];
};

/** Forwards undelivered messages (oldest first) that nobody else is working on. */
export async function retryUndelivered(
  service: SupabaseClient,
  config: DeliveryConfig,
  options: { limit: number; minAgeSeconds: number; includeFailed: boolean },
): Promise<RetrySummary> {
  const { data, error } = await service.rpc('contact_messages_claim', {
    p_limit: options.limit,
    p_min_age_seconds: options.minAgeSeconds,
    p_include_failed: options.includeFailed,
    p_lease_seconds: Math.ceil((config.timeoutMs * 2) / 1000) + 30,
  });
  if (error) throw new Error(`Could not claim undelivered contact messages: ${error.message}`);
  const rows = (data ?? []) as ContactRow[];
  const summary: RetrySummary = { claimed: rows.length, delivered: 0, pending: 0, failed: 0, errors: [] };
  // One at a time: a target that is down should not get a burst of requests.
  for (const row of rows) {
    const result = await deliver(service, config, row);
    summary[result.status] += 1;
    if (result.error) summary.errors.push(`${row.id}: ${result.error}`);
  }
  return summary;
}
