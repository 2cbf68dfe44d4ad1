// GET /settings and /health, and how the service answers bodies it cannot parse or grants it does not know.
import { describe, expect, it } from 'vitest';
import { setUpSharedServer } from './test-support';

const server = setUpSharedServer();

describe('HTTP plumbing', () => {
  it('reports settings, health and malformed bodies', async () => {
    const settings = await (await fetch(`${server.url}/auth/v1/settings`)).json();
    expect(settings).toMatchObject({
      disable_signup: false,
      mailer_autoconfirm: false,
      external: { email: true },
    });
    expect((await fetch(`${server.url}/auth/v1/health`)).status).toBe(200);
    const bad = await fetch(`${server.url}/auth/v1/signup`, { method: 'POST', body: '{nope' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'bad_json' });
    const grant = await fetch(`${server.url}/auth/v1/token?grant_type=magic`, { method: 'POST', body: '{}' });
    expect(await grant.json()).toMatchObject({
      code: 'invalid_credentials',
      message: 'unsupported_grant_type',
    });
  });
});
