// Users made through the auth service's own admin endpoint, for tests that talk to /auth/v1 over raw HTTP.
import { expect } from 'vitest';

/** POST /auth/v1/admin/users with the service role key; fails the test unless the user was created. */
export async function createUserByAdmin(
  server: { url: string; serviceRoleKey: string },
  email: string,
  options: { password?: string; confirmed?: boolean } = {},
): Promise<void> {
  const res = await fetch(`${server.url}/auth/v1/admin/users`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      apikey: server.serviceRoleKey,
      authorization: `Bearer ${server.serviceRoleKey}`,
    },
    body: JSON.stringify({
      email,
      password: options.password ?? 'hunter22-secret',
      email_confirm: options.confirmed ?? true,
    }),
  });
  expect(res.status).toBe(200);
}
