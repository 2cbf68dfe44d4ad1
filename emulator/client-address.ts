// Who is calling: the address of the TCP peer, unless that peer is a proxy the operator trusts, in which case the
// nearest address in X-Forwarded-For that is not itself a trusted proxy. A caller can write any X-Forwarded-For it
// likes, so the header means nothing when it arrives straight from the caller. Auth's rate limits and the functions
// gateway (which hands the result to functions as CF-Connecting-IP) both use this; see
// docs/decisions/030-client-address-from-the-socket.md.
import { isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/** Proxies whose X-Forwarded-For is believed: exact addresses or IPv4 CIDR ranges, e.g. ['10.0.0.0/8', '::1']. */
export type TrustedProxies = readonly string[];

/**
 * Reads EMULATOR_TRUSTED_PROXIES: a comma-separated list of addresses or IPv4 CIDR ranges. Unset means none: every
 * forwarding header is ignored. Throws on an entry that is neither, so a typo does not silently trust nothing.
 */
export function trustedProxiesFromEnv(value: string | undefined): TrustedProxies {
  if (!value?.trim()) return [];
  const entries = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address, bits] = entry.split('/');
    const ok =
      bits === undefined
        ? isIP(address) !== 0
        : isIP(address) === 4 && /^\d+$/.test(bits) && Number(bits) >= 0 && Number(bits) <= 32;
    if (!ok)
      throw new Error(
        `EMULATOR_TRUSTED_PROXIES: "${entry}" is neither an IP address nor an IPv4 CIDR range (e.g. 10.0.0.0/8)`,
      );
  }
  return entries;
}

/** ::ffff:127.0.0.1 (an IPv4 peer on a dual-stack socket) is 127.0.0.1. */
export function normalizeAddress(address: string): string {
  const trimmed = address.trim();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(trimmed);
  return (mapped ? mapped[1] : trimmed).toLowerCase();
}

const ipv4ToInt = (address: string) =>
  address.split('.').reduce((n, part) => (n << 8) + Number(part), 0) >>> 0;

export function isTrustedProxy(address: string, trusted: TrustedProxies): boolean {
  const ip = normalizeAddress(address);
  for (const entry of trusted) {
    const [base, bits] = entry.split('/');
    if (bits === undefined) {
      if (normalizeAddress(base) === ip) return true;
      continue;
    }
    if (isIP(ip) !== 4) continue;
    const mask = Number(bits) === 0 ? 0 : (~0 << (32 - Number(bits))) >>> 0;
    if ((ipv4ToInt(ip) & mask) === (ipv4ToInt(base) & mask)) return true;
  }
  return false;
}

/** The TCP peer's address, or undefined for requests made in-process (app.request() in tests). */
export function socketAddress(c: Context): string | undefined {
  try {
    const address = getConnInfo(c).remote.address;
    return address ? normalizeAddress(address) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The client's address: the socket peer, or, when the peer is a trusted proxy, the right-most X-Forwarded-For entry
 * that is not a trusted proxy (each proxy appends the peer it saw, so entries left of the last untrusted one were
 * written by the caller). "unknown" without a socket.
 */
export function clientAddress(c: Context, trusted: TrustedProxies): string {
  const peer = socketAddress(c);
  if (!peer) return 'unknown';
  if (!trusted.length || !isTrustedProxy(peer, trusted)) return peer;
  const chain = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((s) => normalizeAddress(s))
    .filter(Boolean);
  for (let i = chain.length - 1; i >= 0; i--) {
    if (isIP(chain[i]) === 0) return peer; // garbage in the chain: fall back to what we know
    if (!isTrustedProxy(chain[i], trusted)) return chain[i];
  }
  return chain[0] ?? peer;
}
