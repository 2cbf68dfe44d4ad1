// The emulator's overrides of the edge functions' environment, for a spec that needs other settings while it runs.
import { env, expect } from './fixtures';

/** Sets overrides (a null value removes that one); `null` in place of them all removes every override. */
export async function setFunctionEnv(vars: Record<string, string | null> | null) {
  const response = await fetch(`${env.supabaseUrl}/_emulator/function-env`, {
    method: vars ? 'POST' : 'DELETE',
    headers: { 'content-type': 'application/json' },
    body: vars ? JSON.stringify(vars) : undefined,
  });
  expect(response.ok).toBe(true);
}
