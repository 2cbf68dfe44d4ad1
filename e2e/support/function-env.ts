// The emulator's overrides of the edge functions' environment, for a spec that needs other settings while it runs.
// Each spec scopes its overrides to the function it tests or to its own signed-in user, so specs that run side by
// side never see each other's settings.
import { env, expect } from './fixtures';

/** Whose calls an override reaches: one function's, or one signed-in user's. */
export type FunctionEnvScope = { function: string } | { user: string };

/** Sets overrides for the scope (a null value removes that one); `null` in place of them all removes the scope's. */
export async function setFunctionEnv(vars: Record<string, string | null> | null, scope: FunctionEnvScope) {
  const query = 'function' in scope ? `function=${scope.function}` : `user=${scope.user}`;
  const response = await fetch(`${env.supabaseUrl}/_emulator/function-env?${query}`, {
    method: vars ? 'POST' : 'DELETE',
    headers: { 'content-type': 'application/json' },
    body: vars ? JSON.stringify(vars) : undefined,
  });
  expect(response.ok).toBe(true);
}
