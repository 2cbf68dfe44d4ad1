// The ports of the end-to-end servers. E2E_EMULATOR_PORT and E2E_SITE_PORT choose them; unset, each is a port the OS
// says is free, picked once by the Playwright runner. playwright.config.ts is evaluated in the runner and again in
// every worker: the runner stores its choice in the environment, which the workers (and the web servers) inherit.
import { spawnSync } from 'node:child_process';

/** A port that is free right now (a throwaway listener on port 0 in a child process, so this stays synchronous). */
export function freePort(): number {
  const script =
    "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close();});";
  const result = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
  const port = Number(result.stdout);
  if (!Number.isInteger(port) || port <= 0) throw new Error(`could not find a free port: ${result.stderr}`);
  return port;
}

/**
 * The port in `process.env[name]`, picking and storing a free one the first time, never one of `taken`: two picks a
 * moment apart can get the same port from the OS, and the site then found the emulator answering on its own port.
 */
export function portFromEnv(name: string, taken: number[] = []): number {
  let picked = 0;
  if (!process.env[name])
    do picked = freePort();
    while (taken.includes(picked));
  const value = process.env[name] || String(picked);
  const port = Number(value);
  if (!Number.isInteger(port) || port <= 0 || port > 65_535)
    throw new Error(`${name}=${value} is not a port`);
  process.env[name] = value;
  return port;
}
