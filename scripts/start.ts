// `npm start`: the local Supabase (emulator, data kept in .data/db) and the Vite dev server, wired together: Vite gets
// the emulator's URL and anon key, so nobody copies keys by hand. Ctrl-C stops both. SITE_PORT (5173) and
// EMULATOR_PORT (54321) move them; both are checked before the database opens, so a taken port is said at once.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { checkStartPorts, siteAddresses, startPorts } from './start-ports';

async function main() {
  const ports = startPorts();
  const [site, api] = ports;
  await checkStartPorts(ports);
  // The emulator (PGlite, migrations, seeds) loads only once the ports are known to be free.
  const { startEmulator } = await import('../emulator/server');
  const { banner } = await import('../emulator/banner');
  const emulator = await startEmulator({
    port: api.port,
    watchFunctions: true,
    // Auth rate limits: config.toml's times 10 (or AUTH_RATE_LIMIT_SCALE), so a developer is not locked out.
    development: true,
    // Confirmation and recovery links fall back to the site's address: the one this site is served on.
    configEnv: siteAddresses(site.port),
  }).catch((error: Error) => {
    // Taken in the moment since the check.
    throw /already in use/.test(error.message)
      ? new Error(`${error.message} EMULATOR_PORT moves it.`)
      : error;
  });
  const children: { vite?: ChildProcess } = {};
  let stopping = false;
  const stop = async (code = 0) => {
    if (stopping) return;
    stopping = true;
    children.vite?.kill('SIGTERM');
    await emulator.stop().catch(() => {});
    process.exit(code);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());

  // Vite's own entry under this Node, not through npx: a signal to npx would not reach the server it starts.
  const viteBin = fileURLToPath(new URL('../node_modules/vite/bin/vite.js', import.meta.url));
  const vite = spawn(process.execPath, [viteBin, '--port', String(site.port), '--strictPort'], {
    stdio: 'inherit',
    env: { ...process.env, VITE_SUPABASE_URL: emulator.url, VITE_SUPABASE_ANON_KEY: emulator.anonKey },
  });
  children.vite = vite;
  vite.on('exit', (code) => void stop(code ?? 0));

  console.log(
    `\nFlipwise is starting.\nSite:             http://localhost:${site.port}\n${banner(emulator)}\n`,
  );
}

main().catch((error: Error) => {
  console.error(`\nnpm start failed: ${error.message}`);
  process.exit(1);
});
