// The local mailbox (sign-up links, recovery codes) answers only requests addressed to a local name (issue 12).
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { emulatorForFile } from './support/emulator';

const emu = emulatorForFile();

function get(path: string, host: string): Promise<{ status: number; body: string }> {
  const url = new URL(path, emu.url);
  return new Promise((resolve, reject) => {
    const req = request(
      { hostname: url.hostname, port: url.port, path: url.pathname, headers: { host } },
      (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('the local mailbox', () => {
  it.each(['localhost:54321', '127.0.0.1:54321', '[::1]:54321', 'flipwise.localhost'])(
    'answers Host %s',
    async (host) => {
      const { status } = await get('/_mail/api/messages', host);
      expect(status).toBe(200);
    },
  );

  it.each(['attacker.example', 'attacker.example:54321', '192.168.1.20:54321'])(
    'refuses Host %s',
    async (host) => {
      const res = await get('/_mail/api/messages', host);
      expect(res.status).toBe(403);
      expect(JSON.parse(res.body)).toEqual({ error: 'The local mailbox answers only on localhost.' });
      expect((await get('/_mail/', host)).status).toBe(403);
    },
  );
});
