// End-to-end harness: one emulator (in-memory database), the app built against it, a static server with SPA
// fallback, and one Chromium that every spec connects to. Values reach specs through vitest's provide/inject.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserServer } from 'playwright-core';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';
import { startEmulator } from '../../emulator/server';
import { chromiumArgs, chromiumPath } from '../support/chromium';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    supabaseUrl: string;
    anonKey: string;
    serviceRoleKey: string;
    wsEndpoint: string;
  }
}

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.xml': 'application/xml',
  '.txt': 'text/plain',
  '.json': 'application/json',
  '.ico': 'image/x-icon',
};

function serveStatic(root: string): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    let file = path.join(root, decodeURIComponent(url.pathname));
    if (!file.startsWith(root) || !existsSync(file) || statSync(file).isDirectory())
      file = path.join(root, 'index.html');
    res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({
        server,
        url: `http://localhost:${typeof address === 'object' && address ? address.port : 0}`,
      });
    }),
  );
}

export default async function setup(project: TestProject) {
  const executablePath = chromiumPath();
  if (!executablePath)
    throw new Error('Chromium not found: apt-get install -y chromium (or set CHROMIUM_PATH).');

  const emulator = await startEmulator({ port: 0, dataDir: 'memory', testing: true, log: false });
  const outDir = await mkdtemp(path.join(tmpdir(), 'flipwise-e2e-'));
  process.env.VITE_SUPABASE_URL = emulator.url;
  process.env.VITE_SUPABASE_ANON_KEY = emulator.anonKey;
  await build({
    configFile: path.resolve('vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
  const web = await serveStatic(outDir);
  const browser: BrowserServer = await chromium.launchServer({
    executablePath,
    args: chromiumArgs,
    headless: true,
  });

  project.provide('baseURL', web.url);
  project.provide('supabaseUrl', emulator.url);
  project.provide('anonKey', emulator.anonKey);
  project.provide('serviceRoleKey', emulator.serviceRoleKey);
  project.provide('wsEndpoint', browser.wsEndpoint());

  return async () => {
    await browser.close();
    await new Promise((resolve) => web.server.close(resolve));
    await emulator.stop();
    await rm(outDir, { recursive: true, force: true });
  };
}
