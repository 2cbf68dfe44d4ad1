// The built site of the end-to-end suite (a Playwright webServer), made the way `npm run build` makes it and served
// the way `npm run preview` and the static hosts serve it: `vite build` against the e2e emulator, the public pages
// prerendered from its database (scripts/prerender.ts), then scripts/serve-dist.ts (a file, then a prerendered page,
// then the SPA shell, 404 for unknown paths) on E2E_SITE_PORT. The temporary folder is removed on exit.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { localKeys } from '../../emulator/keys';
import { buildClient, prerender } from '../../scripts/prerender';
import { serveDist } from '../../scripts/serve-dist';

const port = Number(process.env.E2E_SITE_PORT);
const emulatorPort = Number(process.env.E2E_EMULATOR_PORT);
if (!port || !emulatorPort)
  throw new Error('E2E_SITE_PORT and E2E_EMULATOR_PORT are not set (playwright.config.ts sets them).');

const outDir = await mkdtemp(path.join(tmpdir(), 'flipwise-e2e-site-'));
await buildClient(outDir, { url: `http://127.0.0.1:${emulatorPort}`, anonKey: localKeys.anonKey });
// Playwright starts the web servers side by side: the build above ran while the emulator was starting; the prerender
// reads its database, so it waits for it.
await emulatorReady(`${process.env.VITE_SUPABASE_URL}/auth/v1/health`);
const { origin } = await prerender({ outDir, log: () => {} });
// The suite checks pages built from the database's rows, as production builds are.
if (origin !== 'database')
  throw new Error(`prerendered from ${origin}, not from the e2e emulator's database`);
const site = await serveDist(outDir, port);
console.log(`e2e site on ${site.url} (from ${outDir})`);

async function emulatorReady(url: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline)
      throw new Error(`the e2e emulator did not answer ${url} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await new Promise((resolve) => site.server.close(resolve));
  await rm(outDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
