// Edge functions as the Supabase Edge Runtime sees them: type-checked by Deno and booted under `deno run`, with no
// backend behind them.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');
const deno = path.join(root, 'node_modules', '.bin', 'deno');

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

/** `deno check` on an entry (a path from the repository root); `flags` go before the entry. */
export function denoCheck(entry: string, flags: string[] = []) {
  return spawnSync(deno, ['check', ...flags, entry], { cwd: root, encoding: 'utf8', timeout: 120_000 });
}

export type BootedFunction = {
  child: ChildProcess;
  /** http://127.0.0.1:<port>/<name> */
  url: string;
  /** The first answer to an OPTIONS request, or undefined if none came within a minute. */
  preflight: Response | undefined;
};

/**
 * Starts an entry with `deno run <flags> --allow-net --allow-env --allow-read` on a free port and waits for its first
 * answer to a preflight. The caller stops `child`.
 */
export async function bootUnderDeno(
  entry: string,
  name: string,
  flags: string[] = [],
): Promise<BootedFunction> {
  const port = await freePort();
  const child = spawn(deno, ['run', ...flags, '--allow-net', '--allow-env', '--allow-read', entry], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      // Nothing listens here: whatever the tests send must be answered before any backend is asked.
      SUPABASE_URL: 'http://127.0.0.1:9',
      SUPABASE_ANON_KEY: 'anon-key-for-the-deno-boot-test',
      SUPABASE_SERVICE_ROLE_KEY: 'service-key-for-the-deno-boot-test',
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
