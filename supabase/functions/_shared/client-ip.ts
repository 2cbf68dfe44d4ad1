// The caller's IP as the gateway reports it. Hosted Supabase functions are reached through Cloudflare, which sets
// CF-Connecting-IP to the address the connection came from and overwrites any copy a caller sends; X-Forwarded-For and
// X-Real-IP pass through with whatever the caller wrote first, so they are never read here. The local emulator's
// gateway sets CF-Connecting-IP the same way from the socket. Why and sources:
// docs/decisions/030-client-address-from-the-socket.md.
const HEADER = 'cf-connecting-ip';

export function clientIp(req: Request): string | null {
  const value = req.headers.get(HEADER)?.trim();
  return value ? value.slice(0, 100) : null;
}

/** Hex SHA-256 of `salt:value` (Web Crypto: the same in Deno and Node). */
export async function saltedHash(value: string, salt: string): Promise<string> {
  const bytes = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${salt}:${value}`));
  return [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
