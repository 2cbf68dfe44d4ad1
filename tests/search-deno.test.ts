// The search functions as the Supabase Edge Runtime sees them: type-checked by Deno, and one booted under Deno.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const deno = path.join(root, 'node_modules', '.bin', 'deno');
const entries = ['search-available', 'search-sold'].map((name) => `supabase/functions/${name}/index.ts`);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

let child: ChildProcess | undefined;
afterAll(() => {
  child?.kill('SIGTERM');
});

describe('search functions under Deno', () => {
  it.each(entries)(
    'deno check %s',
    (entry) => {
      const result = spawnSync(deno, ['check', '--no-lock', entry], {
        cwd: root,
        encoding: 'utf8',
        timeout: 120_000,
      });
      expect(result.stderr + result.stdout).not.toMatch(/error/i);
      expect(result.status).toBe(0);
    },
    130_000,
  );

  it('boots search-available with deno run and answers the preflight and an anonymous call', async () => {
    const port = await freePort();
    child = spawn(deno, ['run', '--no-lock', '--allow-net', '--allow-env', '--allow-read', entries[0]], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        // Nothing listens here: an anonymous call must be refused before any backend is asked.
        SUPABASE_URL: 'http://127.0.0.1:9',
        SUPABASE_ANON_KEY: 'anon-key-for-the-deno-boot-test',
        SUPABASE_SERVICE_ROLE_KEY: 'service-key-for-the-deno-boot-test',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const url = `http://127.0.0.1:${port}/search-available`;
    const deadline = Date.now() + 60_000;
    let preflight: Response | undefined;
    while (!preflight && Date.now() < deadline) {
      preflight = await fetch(url, { method: 'OPTIONS' }).catch(() => undefined);
      if (!preflight) await new Promise((r) => setTimeout(r, 250));
    }
    expect(preflight?.status).toBe(200);
    expect(await preflight?.text()).toBe('ok');
    expect(preflight?.headers.get('access-control-allow-origin')).toBe('*');

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
