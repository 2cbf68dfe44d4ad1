import { expect } from 'vitest';

/** Sets environment overrides for the emulator's functions; a null value removes one (POST /_emulator/function-env). */
export async function setFunctionEnv(emulatorUrl: string, env: Record<string, string | null>) {
  const response = await fetch(`${emulatorUrl}/_emulator/function-env`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(env),
  });
  expect(response.ok).toBe(true);
}
