// The contact function as the Supabase Edge Runtime sees it: type-checked by Deno and booted under `deno run`. The
// checks here stop before the database (preflight, 400, bot), so no backend is needed.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const deno = path.join(root, 'node_modules', '.bin', 'deno');
const entry = 'supabase/functions/contact/index.ts';

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

describe('contact function under Deno', () => {
  it('passes deno check', () => {
    const result = spawnSync(deno, ['check', entry], { cwd: root, encoding: 'utf8', timeout: 120_000 });
    expect(result.stderr + result.stdout).not.toMatch(/error/i);
    expect(result.status).toBe(0);
  }, 130_000);

  it('boots with deno run and answers the preflight, a bad field and a bot', async () => {
    const port = await freePort();
    child = spawn(deno, ['run', '--allow-net', '--allow-env', '--allow-read', entry], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        // Nothing listens here: none of these requests may reach the database.
        SUPABASE_URL: 'http://127.0.0.1:9',
        SUPABASE_ANON_KEY: 'anon-key-for-the-deno-boot-test',
        SUPABASE_SERVICE_ROLE_KEY: 'service-key-for-the-deno-boot-test',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const url = `http://127.0.0.1:${port}/contact`;
    const deadline = Date.now() + 60_000;
    let preflight: Response | undefined;
    while (!preflight && Date.now() < deadline) {
      preflight = await fetch(url, { method: 'OPTIONS' }).catch(() => undefined);
      if (!preflight) await new Promise((r) => setTimeout(r, 250));
    }
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
    expect(bot.status).toBe(200);
    expect(await bot.json()).toMatchObject({ ok: true });
  }, 90_000);
});
