// The contact function end to end: supabase-js (anon key, as the browser sends it) against the emulator, the message
// stored in the database, forwarded to a fake form service and to the local mailbox, and retried after failures.
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../emulator/server';
import { retryContactMessages } from '../scripts/contact-retry';
import { startFakeFormService, unreachableUrl, type FakeFormService } from './fakes/form-service';
import { setFunctionEnv } from './support/function-env';
import { postToFunction } from './support/functions';
import { client } from './support/supabase';

const SUPPORT = 'support@flipwise.test';
const FIELDS = { name: 'entry.1001', email: 'entry.1002', message: 'entry.1003' };

let emu: RunningEmulator;
let form: FakeFormService;
let anon: SupabaseClient;
let service: SupabaseClient;
let counter = 0;

// Every test is its own sender (IP and email), so the rate limit only bites where a test means it to.
const sender = () => {
  counter += 1;
  return { ip: `203.0.113.${counter}`, email: `sender-${counter}@example.com` };
};

type Body = Record<string, unknown>;
const valid = (email: string, over: Body = {}): Body => ({
  name: 'Ada Lovelace',
  email,
  message: 'Hello! How do I connect a second marketplace?',
  website: '',
  elapsedMs: 12_000,
  ...over,
});

function send(body: unknown, ip: string) {
  return anon.functions.invoke('contact', { body: body as Body, headers: { 'x-forwarded-for': ip } });
}

async function failure(result: { error: unknown }) {
  expect(result.error).toBeInstanceOf(FunctionsHttpError);
  const response = (result.error as FunctionsHttpError).context as Response;
  return { status: response.status, body: await response.json(), headers: response.headers };
}

type Row = {
  id: string;
  name: string;
  email: string;
  message: string;
  ip_hash: string | null;
  user_agent: string | null;
  status: string;
  attempts: number;
  last_error: string | null;
  form_delivered_at: string | null;
  email_delivered_at: string | null;
  delivered_at: string | null;
  locked_until: string | null;
};

async function rowsFrom(email: string): Promise<Row[]> {
  const { data, error } = await service
    .from('contact_messages')
    .select('*')
    .eq('email', email)
    .order('created_at');
  if (error) throw error;
  return data as Row[];
}

async function mailTo(address: string) {
  const response = await fetch(`${emu.url}/_mail/api/messages?to=${encodeURIComponent(address)}`);
  return (await response.json()) as {
    subject: string;
    text: string;
    html: string;
    from?: string;
    reply_to?: string;
  }[];
}

const formGot = (email: string) => form.submissions.filter((s) => s.fields[FIELDS.email] === email);

beforeAll(async () => {
  form = await startFakeFormService();
  form.requireFields(Object.values(FIELDS));
  emu = await startEmulator({
    port: 0,
    dataDir: 'memory',
    testing: true,
    // The test plays a trusted proxy, so its X-Forwarded-For names the sender.
    trustedProxies: ['127.0.0.1'],
    log: false,
    functionEnv: {
      CONTACT_FORM_URL: form.url,
      CONTACT_FORM_FIELD_NAME: FIELDS.name,
      CONTACT_FORM_FIELD_EMAIL: FIELDS.email,
      CONTACT_FORM_FIELD_MESSAGE: FIELDS.message,
      SUPPORT_EMAIL: SUPPORT,
      CONTACT_FORWARD_TIMEOUT_MS: '3000',
    },
  });
  anon = client(emu.url, emu.anonKey);
  service = client(emu.url, emu.serviceRoleKey);
});

afterEach(async () => {
  form.recover();
  await fetch(`${emu.url}/_emulator/function-env`, { method: 'DELETE' });
});

afterAll(async () => {
  await emu?.stop();
  await form?.stop();
});

describe('contact function: a message that arrives', () => {
  it('stores the message, forwards it to the form service and emails support, and answers with its id', async () => {
    const { ip, email } = sender();
    const { data, error } = await send(valid(email), ip);
    expect(error).toBeNull();
    expect(data).toEqual({ ok: true, id: expect.any(String), delivered: true });

    const [row] = await rowsFrom(email);
    expect(row).toMatchObject({
      id: data.id,
      name: 'Ada Lovelace',
      message: 'Hello! How do I connect a second marketplace?',
      status: 'delivered',
      attempts: 1,
      last_error: null,
      locked_until: null,
    });
    expect(row.delivered_at).not.toBeNull();
    expect(row.form_delivered_at).not.toBeNull();
    expect(row.email_delivered_at).not.toBeNull();
    // The IP is kept only as a salted hash.
    expect(row.ip_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(ip);
    expect(row.user_agent).toBeTruthy();

    const [submission] = formGot(email);
    expect(submission.contentType).toContain('application/x-www-form-urlencoded');
    expect(submission.fields).toEqual({
      [FIELDS.name]: 'Ada Lovelace',
      [FIELDS.email]: email,
      [FIELDS.message]: 'Hello! How do I connect a second marketplace?',
    });

    const inbox = (await mailTo(SUPPORT)).filter((m) => m.reply_to === email);
    expect(inbox).toHaveLength(1);
    expect(inbox[0].subject).toBe('Contact form: Ada Lovelace');
    expect(inbox[0].text).toContain('Hello! How do I connect a second marketplace?');
    expect(inbox[0].text).toContain(data.id);
    expect(inbox[0].from).toContain('@flipwise.app');
  });

  it('stores and forwards what was typed (control characters aside), and escapes it in the email', async () => {
    const { ip, email } = sender();
    const { data, error } = await send(
      valid(email, {
        name: '  <b>Grace</b>\u0000 Hopper ',
        message: 'Line one <script>alert(1)</script>\r\n\r\nis a<b or c>d? I <3 it & more',
      }),
      ip,
    );
    expect(error).toBeNull();
    const [row] = await rowsFrom(email);
    expect(row.name).toBe('<b>Grace</b> Hopper');
    expect(row.message).toBe('Line one <script>alert(1)</script>\n\nis a<b or c>d? I <3 it & more');
    expect(formGot(email)[0].fields[FIELDS.name]).toBe('<b>Grace</b> Hopper');
    const [mail] = (await mailTo(SUPPORT)).filter((m) => m.reply_to === email);
    expect(mail.html).toContain('is a&lt;b or c&gt;d? I &lt;3 it &amp; more');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>Grace');
    expect(data.id).toBe(row.id);
  });

  it('round-trips "is a<b or c>d? I <3 it" unchanged', async () => {
    const { ip, email } = sender();
    const { error } = await send(valid(email, { message: 'is a<b or c>d? I <3 it' }), ip);
    expect(error).toBeNull();
    expect((await rowsFrom(email))[0].message).toBe('is a<b or c>d? I <3 it');
  });

  it('answers the browser preflight with CORS headers', async () => {
    const response = await fetch(`${emu.url}/functions/v1/contact`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'POST' },
    });
    expect(response.ok).toBe(true);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-headers')).toContain('apikey');
  });
});

describe('contact function: validation (400 names the field)', () => {
  const cases: [string, Body, string, string][] = [
    ['a missing name', { name: undefined }, 'name', 'Please enter your name.'],
    ['an empty name', { name: '   ' }, 'name', 'Please enter your name.'],
    ['a name over 100 characters', { name: 'n'.repeat(101) }, 'name', 'Name must be at most 100 characters.'],
    ['a missing email', { email: undefined }, 'email', 'Please enter your email address.'],
    [
      'an email that is not one',
      { email: 'ada.example.com' },
      'email',
      'Please enter a valid email address.',
    ],
    [
      'an email over 255 characters',
      { email: `${'e'.repeat(250)}@b.com` },
      'email',
      'Email must be at most 255 characters.',
    ],
    ['a missing message', { message: undefined }, 'message', 'Please enter a message.'],
    ['an empty message', { message: ' \n ' }, 'message', 'Please enter a message.'],
    [
      'a message over 1000 characters',
      { message: 'm'.repeat(1001) },
      'message',
      'Message must be at most 1000 characters.',
    ],
    [
      'a missing time-to-submit',
      { elapsedMs: undefined },
      'elapsedMs',
      'elapsedMs must be the milliseconds the form was open.',
    ],
  ];

  it.each(cases)('refuses %s', async (_label, over, field, message) => {
    const { ip, email } = sender();
    const body = valid(email, over);
    for (const key of Object.keys(over)) if (over[key] === undefined) delete body[key];
    const result = await failure(await send(body, ip));
    expect(result.status).toBe(400);
    expect(result.body).toEqual({ error: message, field });
    expect(await rowsFrom(typeof body.email === 'string' ? body.email : email)).toHaveLength(0);
  });

  it('accepts the longest allowed values', async () => {
    const { ip } = sender();
    const email = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.com`;
    expect(email).toHaveLength(255);
    const { error } = await send(valid(email, { name: 'n'.repeat(100), message: 'm'.repeat(1000) }), ip);
    expect(error).toBeNull();
    expect(await rowsFrom(email)).toHaveLength(1);
  });

  it('refuses a body that is not a JSON object', async () => {
    const response = await postToFunction(emu, 'contact', '"hello"');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'Request body must be a JSON object.', field: null });
  });
});

describe('contact function: bots are turned away quietly', () => {
  it('stores a filled honeypot as suspected spam, answers it like a success and forwards nothing', async () => {
    const { ip, email } = sender();
    const { data, error } = await send(valid(email, { website: 'https://cheap-followers.example' }), ip);
    expect(error).toBeNull();
    expect(data).toMatchObject({ ok: true, id: expect.any(String), delivered: true });
    const rows = await rowsFrom(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: data.id, status: 'spam', spam_reason: 'honeypot' });
    expect(formGot(email)).toHaveLength(0);
    expect((await mailTo(SUPPORT)).filter((m) => m.reply_to === email)).toHaveLength(0);
  });

  it('stores a message sent 500 ms after the form was touched, flagged as suspected spam, not dropped', async () => {
    const { ip, email } = sender();
    const { data, error } = await send(
      valid(email, { elapsedMs: 500, message: 'Pasted from my notes: do you buy bulk?' }),
      ip,
    );
    expect(error).toBeNull();
    expect(data).toMatchObject({ ok: true, delivered: true });
    const rows = await rowsFrom(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: 'spam',
      spam_reason: 'too_fast',
      message: 'Pasted from my notes: do you buy bulk?',
    });
    expect(formGot(email)).toHaveLength(0);
    // The retry never forwards suspected spam.
    const retry = await fetch(`${emu.url}/functions/v1/contact/retry`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${emu.serviceRoleKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ includeFailed: true }),
    });
    expect(retry.ok).toBe(true);
    expect(formGot(email)).toHaveLength(0);
  });
});

describe('contact function: rate limit (5 in 10 minutes)', () => {
  it('refuses a sixth message from the same IP with 429 and how long to wait', async () => {
    const { ip } = sender();
    for (let i = 0; i < 5; i += 1) {
      const { error } = await send(valid(`same-ip-${i}-${counter}@example.com`), ip);
      expect(error).toBeNull();
    }
    const sixth = `same-ip-5-${counter}@example.com`;
    const result = await failure(await send(valid(sixth), ip));
    expect(result.status).toBe(429);
    expect(result.body.retryAfter).toBeGreaterThan(0);
    expect(result.body.retryAfter).toBeLessThanOrEqual(600);
    expect(result.body.error).toMatch(/^Too many messages\. Please wait \d+ minutes? and try again/);
    expect(result.headers.get('retry-after')).toBe(String(result.body.retryAfter));
    expect(await rowsFrom(sixth)).toHaveLength(0);

    // Someone else is not affected.
    const other = sender();
    expect((await send(valid(other.email), other.ip)).error).toBeNull();
  });

  it('refuses a sixth message from the same email from anywhere, whatever its case', async () => {
    const { email } = sender();
    for (let i = 0; i < 5; i += 1) {
      const { error } = await send(
        valid(i % 2 ? email.toUpperCase() : email),
        `198.51.100.${counter * 10 + i}`,
      );
      expect(error).toBeNull();
    }
    const result = await failure(await send(valid(email), '198.51.100.250'));
    expect(result.status).toBe(429);
    expect(result.body).toEqual({
      error: expect.stringMatching(/^Too many messages/),
      retryAfter: expect.any(Number),
    });
    const { count } = await service
      .from('contact_messages')
      .select('id', { count: 'exact', head: true })
      .ilike('email', email);
    expect(count).toBe(5);
  });
});

describe('contact function: nothing is lost when forwarding fails', () => {
  it('keeps a message the form service refused (500), and the retry delivers it once', async () => {
    const { ip, email } = sender();
    form.failWith(500);
    const { data, error } = await send(valid(email, { message: 'Please keep me safe' }), ip);
    expect(error).toBeNull();
    expect(data).toEqual({ ok: true, id: expect.any(String), delivered: false });

    let [row] = await rowsFrom(email);
    expect(row).toMatchObject({
      status: 'pending',
      attempts: 1,
      form_delivered_at: null,
      delivered_at: null,
      locked_until: null,
    });
    expect(row.last_error).toContain('Form service answered 500');
    // The email went out; the retry must not send it again.
    expect(row.email_delivered_at).not.toBeNull();
    expect(formGot(email)).toHaveLength(0);

    form.recover();
    const summary = await retryContactMessages({ url: emu.url, serviceRoleKey: emu.serviceRoleKey });
    expect(summary.delivered).toBeGreaterThanOrEqual(1);
    [row] = await rowsFrom(email);
    expect(row).toMatchObject({ status: 'delivered', attempts: 2, last_error: null });
    expect(row.form_delivered_at).not.toBeNull();
    expect(formGot(email)).toHaveLength(1);
    expect(formGot(email)[0].fields[FIELDS.message]).toBe('Please keep me safe');
    expect((await mailTo(SUPPORT)).filter((m) => m.reply_to === email)).toHaveLength(1);

    // A second run finds nothing left to do for it.
    await retryContactMessages({ url: emu.url, serviceRoleKey: emu.serviceRoleKey });
    expect(formGot(email)).toHaveLength(1);
  });

  it('keeps a message while the form service is down, and delivers it once it is back', async () => {
    const { ip, email } = sender();
    await setFunctionEnv(emu.url, { CONTACT_FORM_URL: await unreachableUrl() });
    const { data, error } = await send(valid(email), ip);
    expect(error).toBeNull();
    expect(data.delivered).toBe(false);
    let [row] = await rowsFrom(email);
    expect(row.status).toBe('pending');
    expect(row.last_error).toContain('Form service unreachable');

    await setFunctionEnv(emu.url, { CONTACT_FORM_URL: form.url });
    await retryContactMessages({ url: emu.url, serviceRoleKey: emu.serviceRoleKey });
    [row] = await rowsFrom(email);
    expect(row.status).toBe('delivered');
    expect(formGot(email)).toHaveLength(1);
  });

  it('keeps a message the mail API refused, and retries only the email', async () => {
    const { ip, email } = sender();
    await setFunctionEnv(emu.url, { MAIL_API_KEY: 'revoked-key' });
    const { data } = await send(valid(email), ip);
    expect(data.delivered).toBe(false);
    let [row] = await rowsFrom(email);
    expect(row.last_error).toContain('Mail API answered 403');
    expect(row.form_delivered_at).not.toBeNull();
    expect(row.email_delivered_at).toBeNull();

    await setFunctionEnv(emu.url, { MAIL_API_KEY: null });
    await fetch(`${emu.url}/_emulator/function-env`, { method: 'DELETE' });
    await retryContactMessages({ url: emu.url, serviceRoleKey: emu.serviceRoleKey });
    [row] = await rowsFrom(email);
    expect(row.status).toBe('delivered');
    expect(formGot(email)).toHaveLength(1);
    expect((await mailTo(SUPPORT)).filter((m) => m.reply_to === email)).toHaveLength(1);
  });

  it('gives older undelivered messages another go when a later message is sent', async () => {
    const first = sender();
    form.failWith(503);
    await send(valid(first.email), first.ip);
    form.recover();
    // Make it look a few minutes old: the function only picks up messages older than a minute.
    await emu.db.query(
      `update public.contact_messages set created_at = now() - interval '5 minutes' where email = $1`,
      [first.email],
    );

    const second = sender();
    await send(valid(second.email), second.ip);
    const [row] = await rowsFrom(first.email);
    expect(row.status).toBe('delivered');
    expect(formGot(first.email)).toHaveLength(1);
  });

  it('gives up after the maximum number of attempts, and --include-failed still tries', async () => {
    const { ip, email } = sender();
    await setFunctionEnv(emu.url, { CONTACT_MAX_ATTEMPTS: '2' });
    form.failWith(500);
    await send(valid(email), ip);
    await retryContactMessages({ url: emu.url, serviceRoleKey: emu.serviceRoleKey });
    let [row] = await rowsFrom(email);
    expect(row).toMatchObject({ status: 'failed', attempts: 2 });

    form.recover();
    await retryContactMessages({ url: emu.url, serviceRoleKey: emu.serviceRoleKey });
    [row] = await rowsFrom(email);
    expect(row.status).toBe('failed');
    await retryContactMessages({ url: emu.url, serviceRoleKey: emu.serviceRoleKey, includeFailed: true });
    [row] = await rowsFrom(email);
    expect(row.status).toBe('delivered');
  });

  it('answers 503 and says so when the message cannot be stored', async () => {
    const { ip, email } = sender();
    await setFunctionEnv(emu.url, { SUPABASE_SERVICE_ROLE_KEY: emu.anonKey });
    const result = await failure(await send(valid(email), ip));
    expect(result.status).toBe(503);
    expect(result.body.error).toBe(
      'We could not save your message. Please try again later or email us directly.',
    );
    await fetch(`${emu.url}/_emulator/function-env`, { method: 'DELETE' });
    expect(await rowsFrom(email)).toHaveLength(0);
    expect(formGot(email)).toHaveLength(0);
  });

  it('lets only the service role run the retry', async () => {
    const response = await fetch(`${emu.url}/functions/v1/contact/retry`, {
      method: 'POST',
      headers: { apikey: emu.anonKey, Authorization: `Bearer ${emu.anonKey}` },
    });
    expect(response.status).toBe(401);
    await expect(retryContactMessages({ url: emu.url, serviceRoleKey: emu.anonKey })).rejects.toThrow(/401/);
  });
});

describe('contact_messages through the REST API', () => {
  const row = { name: 'Mallory', email: 'mallory@example.com', message: 'Let me in' };

  it('is closed to visitors: no reading, no inserting', async () => {
    const read = await anon.from('contact_messages').select('*');
    expect(read.error?.code).toBe('42501');
    const insert = await anon.from('contact_messages').insert(row);
    expect(insert.error?.code).toBe('42501');
    expect(insert.status).toBe(401);
  });

  it('is closed to signed-in users too', async () => {
    const email = `contact-user-${Date.now()}@example.com`;
    const created = await service.auth.admin.createUser({
      email,
      password: 'correct-horse-9',
      email_confirm: true,
    });
    expect(created.error).toBeNull();
    const signIn = await client(emu.url, emu.anonKey).auth.signInWithPassword({
      email,
      password: 'correct-horse-9',
    });
    expect(signIn.error).toBeNull();
    const user = client(emu.url, emu.anonKey, signIn.data.session!.access_token);

    const read = await user.from('contact_messages').select('*');
    expect(read.error?.code).toBe('42501');
    expect(read.status).toBe(403);
    expect((await user.from('contact_messages').insert(row)).error?.code).toBe('42501');
    expect(
      (await user.from('contact_messages').update({ status: 'delivered' }).eq('status', 'pending')).error
        ?.code,
    ).toBe('42501');
    expect((await user.rpc('contact_messages_claim', { p_limit: 10 })).error).not.toBeNull();
    expect(
      (
        await user.rpc('contact_message_submit', {
          p_name: 'x',
          p_email: 'x@example.com',
          p_message: 'x',
          p_ip_hash: null,
          p_user_agent: null,
          p_limit: 5,
          p_window_seconds: 600,
        })
      ).error,
    ).not.toBeNull();
    expect(await rowsFrom(row.email)).toHaveLength(0);
  });
});
