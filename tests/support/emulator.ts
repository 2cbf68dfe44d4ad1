// The emulator most integration files share: one per file, in memory, in testing mode (rate limits scaled up,
// nothing printed), started before the file's tests and stopped after them.
import { afterAll, beforeAll } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../emulator/server';

/**
 * The file's emulator. Its fields are filled in by the file's beforeAll, so read them inside tests and hooks, not at
 * the top level of the file.
 */
export function emulatorForFile(): RunningEmulator {
  const emulator = {} as RunningEmulator;
  beforeAll(async () => {
    Object.assign(emulator, await startEmulator({ port: 0, dataDir: 'memory', testing: true, log: false }));
  });
  afterAll(async () => {
    await emulator.stop?.();
  });
  return emulator;
}
