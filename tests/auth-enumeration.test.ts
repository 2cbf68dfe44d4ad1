// The auth API does not tell who has an account (issue 12): /recover and /resend answer the same for a known and an
// unknown address, also inside a known address's resend window, and a failed sign-in looks the same either way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthTestServer, type AuthTestServer } from '../emulator/auth/test-support';
import { createUserByAdmin } from './support/auth-users';

let server: AuthTestServer;
let n = 0;
const uniqueEmail = () => `enum-${Date.now()}-${n++}@example.com`;

beforeAll(async () => {
  server = await startAuthTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const post = async (path: string, body: unknown) => {
  const res = await fetch(`${server.url}/auth/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', apikey: server.anonKey },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
};

async function knownUser(confirmed: boolean): Promise<string> {
  const email = uniqueEmail();
  await createUserByAdmin(server, email, { confirmed });
  return email;
}

describe('no account enumeration', () => {
  it('/recover answers a known address (twice, inside its resend window) as it answers an unknown one', async () => {
    const known = await knownUser(true);
    const unknown = uniqueEmail();
    const answers = [
      await post('/recover', { email: known }),
      await post('/recover', { email: known }),
      await post('/recover', { email: unknown }),
    ];
    expect(answers).toEqual([
      { status: 200, body: {} },
      { status: 200, body: {} },
      { status: 200, body: {} },
    ]);
  });

  it('/resend answers an unconfirmed address (twice) as it answers an unknown one', async () => {
    const known = await knownUser(false);
    const answers = [
      await post('/resend', { type: 'signup', email: known }),
      await post('/resend', { type: 'signup', email: known }),
      await post('/resend', { type: 'signup', email: uniqueEmail() }),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
  });

  it('a wrong password and an unknown email fail alike', async () => {
    const known = await knownUser(true);
    const wrong = await post('/token?grant_type=password', { email: known, password: 'not-the-password' });
    const nobody = await post('/token?grant_type=password', {
      email: uniqueEmail(),
      password: 'not-the-password',
    });
    expect(wrong).toEqual(nobody);
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'invalid_credentials' });
  });
});
