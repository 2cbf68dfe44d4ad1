// @vitest-environment node
// The Vite dev server serves the app, never the local database, the emulator or the backend code (issue 12: it used
// to hand out .data/db files with emails and password hashes, and emulator/keys.ts with the JWT secret).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type ViteDevServer } from 'vite';
import { projectRoot } from '../emulator/config';

let server: ViteDevServer;
let base: string;

beforeAll(async () => {
  mkdirSync(path.join(projectRoot, '.data'), { recursive: true });
  writeFileSync(path.join(projectRoot, '.data', 'dev-server-probe.txt'), 'secret');
  server = await createServer({
    configFile: path.join(projectRoot, 'vite.config.ts'),
    logLevel: 'silent',
    server: { port: 0, strictPort: false },
  });
  await server.listen();
  const address = server.httpServer!.address();
  base = `http://localhost:${typeof address === 'object' && address ? address.port : 0}`;
}, 60_000);
afterAll(async () => {
  await server?.close();
});

describe('the dev server', () => {
  it('serves the app', async () => {
    const res = await fetch(`${base}/`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="root">');
  });

  it.each([
    '/.data/dev-server-probe.txt',
    '/emulator/keys.ts',
    '/supabase/config.toml',
    '/supabase/functions/contact/handler.ts',
    `/@fs${projectRoot}/.data/dev-server-probe.txt`,
    `/@fs${projectRoot}/emulator/keys.ts`,
  ])('refuses %s', async (url) => {
    const res = await fetch(`${base}${url}`);
    expect(res.status).toBe(403);
    expect(await res.text()).not.toMatch(/secret|jwtSecret/);
  });
});
