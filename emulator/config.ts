// Reads supabase/config.toml, the same file the Supabase CLI deploys from, so local and hosted behave alike.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'smol-toml';

/** The repository root (the folder that holds supabase/). */
export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const defaultSupabaseDir = path.join(projectRoot, 'supabase');

export function loadConfig(supabaseDir: string = defaultSupabaseDir): Record<string, unknown> {
  const file = path.join(supabaseDir, 'config.toml');
  if (!existsSync(file)) return {};
  return parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
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
