// The two ports of `npm start` (scripts/start.ts), checked before anything heavy starts: a taken port is reported with
// the variable that moves it, and the addresses the auth service's links land on follow the site's port.
import { createServer } from 'node:net';
import path from 'node:path';
import { defaultSupabaseDir, readDotenv } from '../emulator/config';

export type PortChoice = {
  /** The variable that moves it. */
  name: 'SITE_PORT' | 'EMULATOR_PORT';
  port: number;
  /** What listens there, as a newcomer would recognise it. */
  what: string;
  /** The addresses it is listened on: the site's 'localhost' may be either. */
  hosts: string[];
};

/** The port in `env[name]`, else `fallback`; anything but a whole number from 1 to 65535 is refused by name. */
export function portFromEnv(name: string, fallback: number, env: NodeJS.ProcessEnv = process.env): number {
  const value = env[name]?.trim() || String(fallback);
  const port = Number(value);
  if (!/^\d+$/.test(value) || port < 1 || port > 65_535)
    throw new Error(
      `${name}=${value} is not a port: choose a number from 1 to 65535, e.g. ${name}=${fallback}`,
    );
  return port;
}

/** The ports `npm start` uses, from SITE_PORT (default 5173) and EMULATOR_PORT (default 54321). */
export function startPorts(env: NodeJS.ProcessEnv = process.env): PortChoice[] {
  const site = portFromEnv('SITE_PORT', 5173, env);
  const emulator = portFromEnv('EMULATOR_PORT', 54321, env);
  if (site === emulator)
    throw new Error(
      `SITE_PORT and EMULATOR_PORT are both ${site}: the site and the local Supabase need a port each.`,
    );
  return [
    { name: 'SITE_PORT', port: site, what: 'the site (Vite)', hosts: ['127.0.0.1', '::1'] },
    { name: 'EMULATOR_PORT', port: emulator, what: 'the local Supabase', hosts: ['127.0.0.1'] },
  ];
}

/** Whether something already listens on `port` at one of `hosts` (a throwaway listener there fails). */
export async function portTaken(port: number, hosts: string[]): Promise<boolean> {
  for (const host of hosts) {
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) => {
      const server = createServer();
      server.once('error', resolve);
      server.listen({ port, host }, () => server.close(() => resolve(null)));
    });
    if (error?.code === 'EADDRINUSE') return true;
    // A machine without IPv6 has no ::1 to be taken on; any other failure is not ours to judge here.
  }
  return false;
}

/** The first free port after `port`, to suggest; another local Supabase holds a run of ports from 54321 up. */
async function nextFreePort(port: number, hosts: string[], avoid: number[]): Promise<number | undefined> {
  for (let candidate = port + 1; candidate <= Math.min(port + 100, 65_535); candidate++)
    if (!avoid.includes(candidate) && !(await portTaken(candidate, hosts))) return candidate;
  return undefined;
}

/**
 * Throws, naming the variable and the port tried, when a port of `npm start` is taken; the suggestion is a free port
 * found now.
 */
export async function checkStartPorts(ports: PortChoice[]): Promise<void> {
  const taken: string[] = [];
  const moves: string[] = [];
  for (const choice of ports) {
    if (!(await portTaken(choice.port, choice.hosts))) continue;
    taken.push(`Port ${choice.port} for ${choice.what} is already in use (${choice.name}=${choice.port}).`);
    const free = await nextFreePort(
      choice.port,
      choice.hosts,
      ports.map((p) => p.port),
    );
    moves.push(`${choice.name}=${free ?? '<another port>'}`);
  }
  if (!taken.length) return;
  throw new Error(
    [
      ...taken,
      'Another `npm start`, Vite or local Supabase (`supabase start`) may be running. Stop it, or move the port:',
      `  ${moves.join(' ')} npm start`,
    ].join('\n'),
  );
}

/**
 * config.toml's site addresses (auth.site_url and the redirect allow-list) for the port the site is on, so the links
 * in confirmation and recovery emails follow SITE_PORT. Addresses a developer set (environment, supabase/.env.local)
 * are kept; only supabase/.env's committed defaults, written for 5173, give way.
 */
export function siteAddresses(
  sitePort: number,
  env: NodeJS.ProcessEnv = process.env,
  supabaseDir: string = defaultSupabaseDir,
): Record<string, string> {
  const chosen = { ...readDotenv(path.join(supabaseDir, '.env.local')), ...env };
  const ours = { SITE_URL: `http://localhost:${sitePort}`, SITE_ALIAS_URL: `http://127.0.0.1:${sitePort}` };
  return Object.fromEntries(Object.entries(ours).filter(([name]) => !chosen[name]));
}
