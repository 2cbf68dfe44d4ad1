// Reads supabase/config.toml, the same file the Supabase CLI deploys from, so local and hosted behave alike.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'smol-toml';

/** The repository root (the folder that holds supabase/). */
export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const defaultSupabaseDir = path.join(projectRoot, 'supabase');

/** A whole-string `env(NAME)` reference, the only form the Supabase CLI substitutes. */
export const ENV_REFERENCE = /^env\(([A-Za-z_][A-Za-z0-9_]*)\)$/;

/**
 * Where config.toml's env(NAME) values come from, in the CLI's order: the environment, then supabase/.env.local
 * (machine-local, ignored by git), then supabase/.env (the committed local defaults).
 */
export function configEnv(
  supabaseDir: string = defaultSupabaseDir,
  env: NodeJS.ProcessEnv = process.env,
): Record<string, string | undefined> {
  return {
    ...readDotenv(path.join(supabaseDir, '.env')),
    ...readDotenv(path.join(supabaseDir, '.env.local')),
    ...env,
  };
}

/** Replaces every env(NAME) string (in tables and arrays too) by its value; an unset NAME becomes ''. */
export function resolveEnvReferences(value: unknown, env: Record<string, string | undefined>): unknown {
  if (typeof value === 'string') {
    const match = ENV_REFERENCE.exec(value);
    return match ? (env[match[1]] ?? '') : value;
  }
  if (Array.isArray(value)) return value.map((item) => resolveEnvReferences(item, env));
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveEnvReferences(v, env)]));
  }
  return value;
}

/** config.toml as the text says it, env(NAME) references left as they are (what check:deploy inspects). */
export function loadRawConfig(supabaseDir: string = defaultSupabaseDir): Record<string, unknown> {
  const file = path.join(supabaseDir, 'config.toml');
  if (!existsSync(file)) return {};
  return parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
}

/** config.toml with its env(NAME) references resolved the way the CLI resolves them. */
export function loadConfig(
  supabaseDir: string = defaultSupabaseDir,
  env: NodeJS.ProcessEnv = process.env,
): Record<string, unknown> {
  return resolveEnvReferences(loadRawConfig(supabaseDir), configEnv(supabaseDir, env)) as Record<
    string,
    unknown
  >;
}

/** config.toml section by dotted path, e.g. section(config, 'functions.search') */
export function section(config: Record<string, unknown>, dotted: string): Record<string, unknown> {
  let node: unknown = config;
  for (const part of dotted.split('.')) {
    if (!node || typeof node !== 'object') return {};
    node = (node as Record<string, unknown>)[part];
  }
  return node && typeof node === 'object' ? (node as Record<string, unknown>) : {};
}

/** Parses a dotenv file: KEY=value, optional quotes, # comments. Missing file: {}. */
export function readDotenv(file: string): Record<string, string> {
  if (!existsSync(file)) return {};
  const env: Record<string, string> = {};
  for (const raw of readFileSync(file, 'utf8').split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const match = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(line);
    if (!match) continue;
    let value = match[2];
    const quote = value[0];
    if ((quote === '"' || quote === "'") && value.endsWith(quote) && value.length >= 2) {
      value = value.slice(1, -1);
      if (quote === '"') value = value.replace(/\\n/g, '\n').replace(/\\"/g, '"');
    } else {
      value = value.replace(/\s+#.*$/, '');
    }
    env[match[1]] = value;
  }
  return env;
}
