// `npm start`: the local Supabase (emulator, data kept in .data/db) and the Vite dev server, wired together: Vite gets
// the emulator's URL and anon key, so nobody copies keys by hand. Ctrl-C stops both.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { banner } from '../emulator/banner';
import { startEmulator } from '../emulator/server';

const SITE_PORT = Number(process.env.SITE_PORT ?? 5173);

async function main() {
  const emulator = await startEmulator({
    port: Number(process.env.EMULATOR_PORT ?? 54321),
    watchFunctions: true,
    // Auth rate limits: config.toml's times 10 (or AUTH_RATE_LIMIT_SCALE), so a developer is not locked out.
    development: true,
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
  const vite = spawn(process.execPath, [viteBin, '--port', String(SITE_PORT), '--strictPort'], {
    stdio: 'inherit',
    env: { ...process.env, VITE_SUPABASE_URL: emulator.url, VITE_SUPABASE_ANON_KEY: emulator.anonKey },
  });
  children.vite = vite;
  vite.on('exit', (code) => void stop(code ?? 0));

  console.log(
    `\nFlipwise is starting.\nSite:             http://localhost:${SITE_PORT}\n${banner(emulator)}\n`,
  );
}

main().catch((error: Error) => {
  console.error(`\nnpm start failed: ${error.message}`);
  process.exit(1);
});
