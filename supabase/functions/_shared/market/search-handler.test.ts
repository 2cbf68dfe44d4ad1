// The handler called directly, for the answers that need no database: method, missing user, auth service down.
import { describe, expect, it } from 'vitest';
import { deriveSigningKey, signJwt } from '../../../../emulator/keys';
import searchAvailable from '../../search-available/handler.ts';
import searchSold from '../../search-sold/handler.ts';

const env = {
  // Nothing listens on port 9: any call to the backend fails as a network error.
  SUPABASE_URL: 'http://127.0.0.1:9',
  SUPABASE_ANON_KEY: 'anon-key',
  SUPABASE_SERVICE_ROLE_KEY: 'service-key',
};
const post = (
  headers: Record<string, string>,
  body: unknown = { itemName: 'lululemon align', condition: 'pre_owned' },
) =>
  new Request('http://localhost/search-sold', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

describe('search handlers without a backend', () => {
  it('answer the preflight with ok and CORS headers', async () => {
    const response = await searchSold(
      new Request('http://localhost/search-sold', { method: 'OPTIONS' }),
      env,
    );
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('ok');
    expect(response.headers.get('access-control-allow-headers')).toBe(
      'authorization, x-client-info, apikey, content-type, x-retry-count',
    );
  });

  it('refuse other methods with 405 and CORS headers', async () => {
    const response = await searchAvailable(new Request('http://localhost/search-available'), env);
    expect(response.status).toBe(405);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('401 without a bearer, or with the anon or service key as the bearer', async () => {
    const cases: Record<string, string>[] = [
      {},
      { Authorization: 'Bearer anon-key' },
      { Authorization: 'Bearer service-key' },
      { Authorization: 'Basic abc' },
    ];
    for (const headers of cases) {
      const response = await searchSold(post(headers), env);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: 'Please log in to search.' });
    }
  });

  it('401 for a bearer that is not a JWT, without asking anyone', async () => {
    const response = await searchAvailable(post({ Authorization: 'Bearer some.user.token' }), env);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'Please log in to search.' });
  });

  it('503 saying unavailable when the key set (ES256) or the user (HS256) cannot be fetched', async () => {
    const claims = {
      sub: '0b6f5c1e-2d3a-4e5f-8a9b-0c1d2e3f4a5b',
      role: 'authenticated',
      aud: 'authenticated',
    };
    const signingKey = deriveSigningKey('a-test-secret-that-is-at-least-32-characters');
    const tokens = {
      es256: await signJwt(claims, { signingKey }),
      hs256: await signJwt(claims),
    };
    for (const [alg, token] of Object.entries(tokens)) {
      const response = await searchAvailable(post({ Authorization: `Bearer ${token}` }), env);
      expect(response.status, alg).toBe(503);
      expect((await response.json()).error).toBe(
        'Sign-in service temporarily unavailable. Please try again in a moment.',
      );
    }
  });
});
