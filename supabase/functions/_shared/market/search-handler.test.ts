// The handler called directly, for the answers that need no database: method, missing user, auth service down.
import { describe, expect, it } from 'vitest';
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

  it('503 saying unavailable when the auth service cannot be reached', async () => {
    const response = await searchAvailable(post({ Authorization: 'Bearer some.user.token' }), env);
    expect(response.status).toBe(503);
    expect((await response.json()).error).toContain('unavailable');
  });
});
