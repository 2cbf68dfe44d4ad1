// No request body without a bound (issue 12, point 3): REST, auth and the functions answer 413 with a JSON error
// past their limit, whether the size is declared (Content-Length) or streamed.
import { describe, expect, it } from 'vitest';
import { BODY_LIMITS } from '../emulator/app';
import { emulatorForFile } from './support/emulator';
import { postToFunction } from './support/functions';
import { client } from './support/supabase';

const emu = emulatorForFile();

const big = (bytes: number) => 'x'.repeat(bytes);

/** A body sent in chunks with no Content-Length, as a client that lies about nothing but says nothing either. */
function streamed(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(offset, offset + 64 * 1024));
      offset += 64 * 1024;
    },
  });
}

describe('request body limits', () => {
  it('REST: 413 for an insert past the limit, declared or streamed', async () => {
    const body = JSON.stringify({
      name: 'Ada',
      email: 'ada@example.com',
      message: big(BODY_LIMITS.rest + 1),
    });
    for (const payload of [body, streamed(body)]) {
      const res = await fetch(`${emu.url}/rest/v1/contact_messages`, {
        method: 'POST',
        headers: { apikey: emu.anonKey, 'content-type': 'application/json' },
        body: payload,
        ...(typeof payload === 'string' ? {} : { duplex: 'half' }),
      } as RequestInit);
      expect(res.status).toBe(413);
      expect(await res.json()).toMatchObject({ code: 'PGRST413', message: 'Payload Too Large' });
    }
  });

  it('auth: 413 for a sign-up with 10 MB of user metadata, through supabase-js', async () => {
    const { data, error } = await client(emu.url, emu.anonKey).auth.signUp({
      email: `big-${Date.now()}@example.com`,
      password: 'correct-horse-9',
      options: { data: { bio: big(10 * 1024 * 1024) } },
    });
    expect(data.user).toBeNull();
    expect(error?.status).toBe(413);
  });

  it('functions: 413 for a 1 MB contact message, before the function runs', async () => {
    const res = await postToFunction(
      emu,
      'contact',
      JSON.stringify({
        name: 'Ada',
        email: 'ada@example.com',
        message: big(1024 * 1024),
        elapsedMs: 9000,
      }),
    );
    expect(res.status).toBe(413);
    expect((await res.json()).error).toMatch(/at most 256 KB/);
  });

  it('takes ordinary bodies as before', async () => {
    const { error } = await client(emu.url, emu.anonKey).functions.invoke('contact', {
      body: { name: 'Ada', email: `ok-${Date.now()}@example.com`, message: 'Hello there', elapsedMs: 9000 },
    });
    expect(error).toBeNull();
  });
});
