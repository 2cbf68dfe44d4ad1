// Environment handed to a handler (Deno.env.toObject() in the runtime, a plain object in tests).
export type Env = Record<string, string | undefined>;

export function requireEnv(env: Env, name: string): string {
  const value = env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

/** A positive integer from the environment, or the fallback when unset or not a positive integer. */
export function intEnv(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  return Number.isFinite(value) && value > 0 ? Math.floor(value) : fallback;
}

export function flagEnv(env: Env, name: string): boolean {
  return /^(1|true|yes|on)$/i.test(env[name] ?? '');
}
