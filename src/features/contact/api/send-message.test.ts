import { FunctionsFetchError, FunctionsHttpError } from '@supabase/supabase-js';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ContactSendError, sendContactMessage, toContactSendError } from './send-message';

const invoke = vi.fn();
vi.mock('@/lib/supabase', () => ({ getSupabase: () => ({ functions: { invoke } }) }));

const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => invoke.mockReset());

describe('sendContactMessage', () => {
  it('invokes the contact function with sanitised values, the honeypot and whole milliseconds', async () => {
    invoke.mockResolvedValue({ data: { ok: true, id: 'm-1', delivered: true }, error: null });
    const sent = await sendContactMessage({
      name: ' <b>Ada</b> ',
      email: 'ada@example.com\u0000',
      message: 'Hi<script></script>',
      website: '',
      elapsedMs: 4321.7,
    });
    expect(sent).toEqual({ ok: true, id: 'm-1', delivered: true });
    expect(invoke).toHaveBeenCalledWith('contact', {
      body: {
        name: '<b>Ada</b>',
        email: 'ada@example.com',
        message: 'Hi<script></script>',
        website: '',
        elapsedMs: 4322,
      },
    });
  });

  it("rejects with the function's message, status and field on an HTTP error", async () => {
    invoke.mockResolvedValue({
      data: null,
      error: new FunctionsHttpError(
        jsonResponse(400, { error: 'Please enter a valid email address.', field: 'email' }),
      ),
    });
    const error = await sendContactMessage({
      name: 'Ada',
      email: 'x@y.z',
      message: 'Hi',
      website: '',
      elapsedMs: 5000,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContactSendError);
    expect(error).toMatchObject({
      message: 'Please enter a valid email address.',
      status: 400,
      field: 'email',
      retryAfter: null,
    });
  });

  it('rejects an answer that does not say the message was stored', async () => {
    invoke.mockResolvedValue({ data: { ok: false }, error: null });
    await expect(
      sendContactMessage({ name: 'Ada', email: 'a@b.co', message: 'Hi', website: '', elapsedMs: 5000 }),
    ).rejects.toBeInstanceOf(ContactSendError);
  });
});

describe('toContactSendError', () => {
  it('reads retryAfter from a 429', async () => {
    const error = await toContactSendError(
      new FunctionsHttpError(
        jsonResponse(429, {
          error: 'Too many messages. Please wait 9 minutes and try again.',
          retryAfter: 540,
        }),
      ),
    );
    expect(error).toMatchObject({ status: 429, retryAfter: 540, field: null });
  });

  it('keeps the generic message when the body is not JSON', async () => {
    const error = await toContactSendError(
      new FunctionsHttpError(new Response('Bad gateway', { status: 502 })),
    );
    expect(error).toMatchObject({ status: 502, message: 'Edge Function returned a non-2xx status code' });
  });

  it('names a network failure', async () => {
    const error = await toContactSendError(new FunctionsFetchError(new TypeError('Failed to fetch')));
    expect(error.message).toBe('Network connection failed.');
    expect(error.status).toBeNull();
  });
});
