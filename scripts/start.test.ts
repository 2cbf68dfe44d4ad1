// @vitest-environment node
// `npm start` on a taken port says which variable moves it, at once: scripts/start.ts runs as `npm start` runs it, with
// one of its ports held by a listener here, and must stop within seconds, before it opens a database or starts Vite.
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { projectRoot } from '../emulator/config';
import { checkStartPorts, portFromEnv, siteAddresses, startPorts } from './start-ports';

const held: Server[] = [];
afterEach(async () => {
  await Promise.all(held.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/** A port the OS says is free, held by a listener on `host` until the test ends, when `hold`. */
async function port(hold: boolean, host = '127.0.0.1'): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as { port: number };
  if (hold) held.push(server);
  else await new Promise((resolve) => server.close(resolve));
  return port;
}

/** scripts/start.ts under tsx, as `npm start` runs it; killed (this child only) if it has not stopped in 15 s. */
function npmStart(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const tsx = path.join(projectRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs');
  const child = spawn(process.execPath, [tsx, 'scripts/start.ts'], {
    cwd: projectRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk));
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    }),
  );
}

describe('npm start on a taken port', () => {
  it('names EMULATOR_PORT and the port it tried, and stops before the database opens', async () => {
    const taken = await port(true);
    const site = await port(false);
    const started = Date.now();
    const { code, output } = await npmStart({ EMULATOR_PORT: String(taken), SITE_PORT: String(site) });
    expect(code).toBe(1);
    expect(output).toContain(
      `Port ${taken} for the local Supabase is already in use (EMULATOR_PORT=${taken}).`,
    );
    expect(output).toMatch(/ EMULATOR_PORT=\d+ npm start/);
    expect(output).not.toContain('SITE_PORT');
    expect(output).not.toMatch(/\[emulator\]|Flipwise is starting/);
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it('names SITE_PORT and the port it tried', async () => {
    const taken = await port(true);
    const api = await port(false);
    const { code, output } = await npmStart({ EMULATOR_PORT: String(api), SITE_PORT: String(taken) });
    expect(code).toBe(1);
    expect(output).toContain(`Port ${taken} for the site (Vite) is already in use (SITE_PORT=${taken}).`);
    expect(output).toMatch(/ SITE_PORT=\d+ npm start/);
    expect(output).not.toContain('EMULATOR_PORT');
  });
});

describe('the ports of npm start', () => {
  it('are 5173 and 54321 unless SITE_PORT and EMULATOR_PORT say otherwise', () => {
    expect(startPorts({}).map((p) => [p.name, p.port])).toEqual([
      ['SITE_PORT', 5173],
      ['EMULATOR_PORT', 54321],
    ]);
    expect(startPorts({ SITE_PORT: '5174', EMULATOR_PORT: '54331' }).map((p) => p.port)).toEqual([
      5174, 54331,
    ]);
  });

  it('refuses what is not a port, or one port for both, by name', () => {
    expect(() => portFromEnv('SITE_PORT', 5173, { SITE_PORT: 'abc' })).toThrow(
      /^SITE_PORT=abc is not a port/,
    );
    expect(() => portFromEnv('EMULATOR_PORT', 54321, { EMULATOR_PORT: '70000' })).toThrow(
      /^EMULATOR_PORT=70000/,
    );
    expect(() => startPorts({ SITE_PORT: '6000', EMULATOR_PORT: '6000' })).toThrow(/both 6000/);
  });

  it('suggests a free port for each one taken, both in one line', async () => {
    const site = await port(true);
    const api = await port(true);
    const message = await checkStartPorts(
      startPorts({ SITE_PORT: String(site), EMULATOR_PORT: String(api) }),
    ).then(
      () => '',
      (error: Error) => error.message,
    );
    const line = /^ {2}SITE_PORT=(\d+) EMULATOR_PORT=(\d+) npm start$/m.exec(message);
    expect(line).not.toBeNull();
    expect(Number(line![1])).not.toBe(site);
    expect(Number(line![2])).not.toBe(api);
  });

  it("moves the auth service's site addresses with the site's port, unless a developer chose them", () => {
    expect(siteAddresses(5174, {}, '/nowhere')).toEqual({
      SITE_URL: 'http://localhost:5174',
      SITE_ALIAS_URL: 'http://127.0.0.1:5174',
    });
    expect(siteAddresses(5174, { SITE_URL: 'https://tunnel.example' }, '/nowhere')).toEqual({
      SITE_ALIAS_URL: 'http://127.0.0.1:5174',
    });
  });
});
