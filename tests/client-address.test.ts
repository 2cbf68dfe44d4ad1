// Who the caller is (issue 12, point 1): the socket peer, never a forwarding header the caller wrote, unless the peer is
// a proxy the operator trusts. Auth's rate limits and the functions' CF-Connecting-IP both follow it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureAuth } from '../emulator/auth';
import type { RunningEmulator } from '../emulator/server';
import { startFixtureEmulator } from './support/fixture-emulator';
import { client } from './support/supabase';

let emu: RunningEmulator;
let proxied: RunningEmulator;
let n = 0;
const uniqueEmail = (tag: string) => `addr-${tag}-${Date.now()}-${n++}@example.com`;
const forged = (i: number) => `198.51.100.${i % 250}`;

beforeAll(async () => {
  [emu, proxied] = await Promise.all([
    startFixtureEmulator(),
    startFixtureEmulator({ trustedProxies: ['127.0.0.1', '::1'] }),
  ]);
});
afterAll(async () => {
  await Promise.all([emu?.stop(), proxied?.stop()]);
});

const recover = (base: RunningEmulator, email: string, headers: Record<string, string> = {}) =>
  fetch(`${base.url}/auth/v1/recover`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', apikey: base.anonKey, ...headers },
    body: JSON.stringify({ email }),
  });

describe('auth rate limits count the socket, not X-Forwarded-For', () => {
  it('answers 429 to a caller that rotates X-Forwarded-For on every request', async () => {
    const before = configureAuth(emu.ctx, { rateLimits: { signInSignUps: 5 } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) {
        const res = await recover(emu, uniqueEmail('rotate'), {
          'X-Forwarded-For': forged(i),
          'X-Real-IP': forged(i + 1),
          'CF-Connecting-IP': forged(i + 2),
        });
        statuses.push(res.status);
        if (res.status === 429) expect(await res.json()).toMatchObject({ code: 'over_request_rate_limit' });
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);

      // supabase-js with a forged header of its own gets the same answer.
      const sb = client(emu.url, emu.anonKey);
      const { error } = await sb.auth.resetPasswordForEmail(uniqueEmail('rotate'), {
        redirectTo: 'http://localhost:5173/',
      });
      expect(error?.status).toBe(429);
      expect(error?.code).toBe('over_request_rate_limit');
    } finally {
      configureAuth(emu.ctx, { rateLimits: before.rateLimits });
    }
  });

  it('cannot drain the email quota by rotating headers: sign-ups stop at the per-address limit', async () => {
    // Confirmation emails on, as in the product's config.toml (the fixture project autoconfirms).
    const before = configureAuth(emu.ctx, {
      rateLimits: { signInSignUps: 3, emailSent: 10 },
      mailerAutoconfirm: false,
    });
    try {
      const addresses: string[] = [];
      let accepted = 0;
      for (let i = 0; i < 12; i++) {
        const email = uniqueEmail('drain');
        addresses.push(email);
        const res = await fetch(`${emu.url}/auth/v1/signup`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', apikey: emu.anonKey, 'X-Forwarded-For': forged(i) },
          body: JSON.stringify({ email, password: 'hunter22-secret' }),
        });
        if (res.status === 200) accepted++;
        else expect(await res.json()).toMatchObject({ code: 'over_request_rate_limit' });
      }
      expect(accepted).toBe(3);
      // Three emails went out; seven of the ten this hour are still there for everyone else.
      let mailed = 0;
      for (const email of addresses) {
        const res = await fetch(`${emu.url}/_mail/api/messages?to=${encodeURIComponent(email)}`);
        mailed += ((await res.json()) as unknown[]).length;
      }
      expect(mailed).toBe(3);
    } finally {
      configureAuth(emu.ctx, { rateLimits: before.rateLimits, mailerAutoconfirm: before.mailerAutoconfirm });
    }
  });

  it('believes X-Forwarded-For from a trusted proxy, taking the right-most untrusted entry', async () => {
    const before = configureAuth(proxied.ctx, { rateLimits: { signInSignUps: 1 } });
    try {
      // The proxy appended the client it saw (203.0.113.5); the caller had written 10.9.9.9 itself.
      const one = await recover(proxied, uniqueEmail('proxy'), {
        'X-Forwarded-For': '10.9.9.9, 203.0.113.5',
      });
      expect(one.status).toBe(200);
      const again = await recover(proxied, uniqueEmail('proxy'), {
        'X-Forwarded-For': '10.1.1.1, 203.0.113.5',
      });
      expect(again.status).toBe(429);
      const other = await recover(proxied, uniqueEmail('proxy'), { 'X-Forwarded-For': '203.0.113.6' });
      expect(other.status).toBe(200);
    } finally {
      configureAuth(proxied.ctx, { rateLimits: before.rateLimits });
    }
  });
});

type Seen = { clientIp: string | null; forwardedFor: string | null; realIp: string | null };

describe('edge functions see CF-Connecting-IP set by the gateway', () => {
  it('drops the caller own CF-Connecting-IP, X-Forwarded-For and X-Real-IP and names the socket peer', async () => {
    const res = await fetch(`${emu.url}/functions/v1/client-ip`, {
      headers: {
        'CF-Connecting-IP': '203.0.113.77',
        'X-Forwarded-For': '203.0.113.78',
        'X-Real-IP': '203.0.113.79',
        'True-Client-IP': '203.0.113.80',
      },
    });
    expect(res.status).toBe(200);
    const seen = (await res.json()) as Seen;
    expect(seen.clientIp).toMatch(/^(127\.0\.0\.1|::1)$/);
    expect(seen.forwardedFor).toBe(seen.clientIp);
    expect(seen.realIp).toBe(seen.clientIp);
  });

  it('through supabase-js, forged headers change nothing', async () => {
    const { data, error } = await client(emu.url, emu.anonKey).functions.invoke<Seen>('client-ip', {
      method: 'GET',
      headers: { 'cf-connecting-ip': '192.0.2.1', 'x-forwarded-for': '192.0.2.2' },
    });
    expect(error).toBeNull();
    expect(data?.clientIp).toMatch(/^(127\.0\.0\.1|::1)$/);
  });

  it('passes on the client a trusted proxy names', async () => {
    const res = await fetch(`${proxied.url}/functions/v1/client-ip`, {
      headers: { 'X-Forwarded-For': '192.0.2.9, 203.0.113.44', 'CF-Connecting-IP': '192.0.2.10' },
    });
    expect(((await res.json()) as Seen).clientIp).toBe('203.0.113.44');
  });
});
