// The contact function as the Supabase Edge Runtime sees it: type-checked by Deno and booted under `deno run`, with
// no backend behind it: the preflight, a 400, and a suspected bot that, like every message, must be stored first, so
// without a database it gets the 503 that tells a person to try again (never a silent "sent").
import type { ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { bootUnderDeno, denoCheck } from './support/deno';

let child: ChildProcess | undefined;
afterAll(() => {
  child?.kill('SIGTERM');
});

describe('contact function under Deno', () => {
  it('passes deno check', () => {
    const result = denoCheck('contact');
    expect(result.stderr + result.stdout).not.toMatch(/error/i);
    expect(result.status).toBe(0);
  }, 130_000);

  it('boots with deno run and answers the preflight, a bad field, and a bot it cannot store', async () => {
    const booted = await bootUnderDeno('contact');
    child = booted.child;
    const { url, preflight } = booted;
    expect(preflight?.status).toBe(200);
    expect(preflight?.headers.get('access-control-allow-origin')).toBe('*');

    const post = (body: unknown) =>
      fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    const bad = await post({ name: 'Ada', email: 'not-an-email', message: 'Hi', elapsedMs: 9000 });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'Please enter a valid email address.', field: 'email' });

    const bot = await post({
      name: 'Bot',
      email: 'bot@example.com',
      message: 'Spam',
      website: 'x',
      elapsedMs: 9000,
    });
    expect(bot.status).toBe(503);
    expect(await bot.json()).toMatchObject({
      error: 'We could not save your message. Please try again later or email us directly.',
    });
  }, 90_000);
});
