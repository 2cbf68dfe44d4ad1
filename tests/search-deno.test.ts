// The search functions as the Supabase Edge Runtime sees them: type-checked by Deno, and one booted under Deno.
import type { ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { bootUnderDeno, denoCheck } from './support/deno';

const names = ['search-available', 'search-sold'];

let child: ChildProcess | undefined;
afterAll(() => {
  child?.kill('SIGTERM');
});

describe('search functions under Deno', () => {
  it.each(names)(
    'deno check %s from its folder with its lock',
    (name) => {
      const result = denoCheck(name);
      expect(result.stderr + result.stdout).not.toMatch(/error/i);
      expect(result.status).toBe(0);
    },
    130_000,
  );

  it('boots search-available with deno run and answers the preflight and an anonymous call', async () => {
    const booted = await bootUnderDeno('search-available');
    child = booted.child;
    const { url, preflight } = booted;
    expect(preflight?.status).toBe(200);
    expect(await preflight?.text()).toBe('ok');
    expect(preflight?.headers.get('access-control-allow-origin')).toBe('*');

    // Nothing listens at SUPABASE_URL: an anonymous call must be refused before any backend is asked.
    const anonymous = await fetch(url, {
      method: 'POST',
      headers: {
        Authorization: 'Bearer anon-key-for-the-deno-boot-test',
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ itemName: 'lululemon align', condition: 'pre_owned' }),
    });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: 'Please log in to search.' });
  }, 90_000);
});
