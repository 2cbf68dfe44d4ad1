// The caller's IP as the gateway reports it. Hosted Supabase (and the local emulator) put the client first in
// X-Forwarded-For; a caller can prepend addresses of its own, so anything keyed on this must also have a second key
// (an email, a user) and must not be trusted for more than slowing a sender down.
const HEADERS = ['x-forwarded-for', 'x-real-ip', 'cf-connecting-ip'] as const;

export function clientIp(req: Request): string | null {
  for (const name of HEADERS) {
    const first = req.headers.get(name)?.split(',')[0]?.trim();
    if (first) return first.slice(0, 100);
  }
  return null;
}

/** Hex SHA-256 of `salt:value` (Web Crypto: the same in Deno and Node). */
export async function saltedHash(value: string, salt: string): Promise<string> {
  const bytes = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${salt}:${value}`));
  return [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
