// The emulator of the end-to-end suite (a Playwright webServer): an in-memory database built from the migrations and
// seed, testing mode (the /_emulator and /_mail routes, relaxed auth rate limits), the fixed local keys, on
// E2E_EMULATOR_PORT.
import { localKeys } from '../../emulator/keys';
import { startEmulator } from '../../emulator/server';

const port = Number(process.env.E2E_EMULATOR_PORT);
if (!port) throw new Error('E2E_EMULATOR_PORT is not set (playwright.config.ts sets it).');

const emulator = await startEmulator({
  port,
  dataDir: 'memory',
  testing: true,
  log: false,
  jwtSecret: localKeys.jwtSecret,
});
console.log(`e2e emulator on ${emulator.url}`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await emulator.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
