// The emulator on the fixture project (tests/fixtures/project: its echo functions, config.toml with verify_jwt), in
// memory, on a free port, with the test controls on and quiet unless a test passes its own options.
import path from 'node:path';
import { startEmulator, type RunningEmulator, type StartOptions } from '../../emulator/server';

export const fixtureProject = path.join(import.meta.dirname, '..', 'fixtures', 'project');

export function startFixtureEmulator(options: StartOptions = {}): Promise<RunningEmulator> {
  return startEmulator({
    port: 0,
    dataDir: 'memory',
    supabaseDir: fixtureProject,
    testing: true,
    log: false,
    ...options,
  });
}
