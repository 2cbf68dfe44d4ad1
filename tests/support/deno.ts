// Edge functions as the Supabase CLI bundles them: from their own folder, with that folder's deno.json (the import
// map) and its committed deno.lock (--frozen: a lock that does not match the imports is an error, not an update).
// Type-checked by Deno and booted under `deno run`, with no backend behind them.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');
const deno = path.join(root, 'node_modules', '.bin', 'deno');

/** supabase/functions/<name>, where the CLI bundles the function from. */
export const functionDir = (name: string) => path.join(root, 'supabase', 'functions', name);

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

/** `deno check --frozen index.ts` in the function's folder. */
export function denoCheck(name: string) {
  return spawnSync(deno, ['check', '--frozen', 'index.ts'], {
    cwd: functionDir(name),
    encoding: 'utf8',
    timeout: 120_000,
  });
}

export type BootedFunction = {
  child: ChildProcess;
  /** http://127.0.0.1:<port>/<name> */
  url: string;
  /** The first answer to an OPTIONS request, or undefined if none came within a minute. */
  preflight: Response | undefined;
};

/**
 * Starts a function with `deno run --frozen --allow-net --allow-env --allow-read index.ts` in its folder on a free
 * port and waits for its first answer to a preflight. The caller stops `child`. `env` replaces the defaults (a backend
 * that does not exist) for tests that give the function a real one.
 */
export async function bootUnderDeno(name: string, env: Record<string, string> = {}): Promise<BootedFunction> {
  const port = await freePort();
  const child = spawn(deno, ['run', '--frozen', '--allow-net', '--allow-env', '--allow-read', 'index.ts'], {
    cwd: functionDir(name),
    env: {
      ...process.env,
      PORT: String(port),
      // Nothing listens here: whatever the tests send must be answered before any backend is asked.
      SUPABASE_URL: 'http://127.0.0.1:9',
      SUPABASE_ANON_KEY: 'anon-key-for-the-deno-boot-test',
      SUPABASE_SERVICE_ROLE_KEY: 'service-key-for-the-deno-boot-test',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = `http://127.0.0.1:${port}/${name}`;
  const deadline = Date.now() + 60_000;
  let preflight: Response | undefined;
  while (!preflight && Date.now() < deadline) {
    preflight = await fetch(url, { method: 'OPTIONS' }).catch(() => undefined);
    if (!preflight) await new Promise((r) => setTimeout(r, 250));
  }
  return { child, url, preflight };
}
