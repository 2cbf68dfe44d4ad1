// Issue 14, point 2, through supabase-js against the emulator: a confirmation link returns to a page with its query
// (the Explorer's search), auth.resend sends a new one that replaces the first, and the email's footer links to the
// request's own site, not to config.toml's site_url.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage } from '../emulator/mail/mailbox';
import { startEmulator, type RunningEmulator } from '../emulator/server';
import { siteAddresses } from '../scripts/start-ports';
import { client as supabaseClient } from './support/supabase';

// Another port than config.toml's site_url (localhost:5173), as `npm run preview` or the e2e site: loopback ports
// are free (GoTrue's rule), so the link may return here.
const SITE = 'http://localhost:4999';
const SEARCH_PAGE = `${SITE}/thriftingexplorer?q=Levi%27s+501&condition=pre_owned`;
let emulator: RunningEmulator;
let n = 0;
const uniqueEmail = () => `return-${Date.now()}-${n++}@example.com`;

const client = () => supabaseClient(emulator.url, emulator.anonKey);

async function mails(email: string): Promise<MailMessage[]> {
  const res = await fetch(`${emulator.url}/_mail/api/messages?to=${encodeURIComponent(email)}`);
  return ((await res.json()) as MailMessage[]).sort((a, b) => a.created_at.localeCompare(b.created_at));
}

const verifyLink = (m: MailMessage) => m.links.find((l) => l.includes('/auth/v1/verify?'))!;

async function follow(link: string) {
  const res = await fetch(link, { redirect: 'manual' });
  expect(res.status).toBe(303);
  const [target, fragment = ''] = res.headers.get('location')!.split('#');
  return { target, params: Object.fromEntries(new URLSearchParams(fragment)) };
}

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, dataDir: 'memory', testing: true, log: false });
});
afterAll(async () => {
  await emulator?.stop();
});

describe('confirmation links that return to the page', () => {
  const email = uniqueEmail();
  let first: MailMessage;

  it('returns to the page and query the sign-up named', async () => {
    const { error } = await client().auth.signUp({
      email,
      password: 'hunter22',
      options: { emailRedirectTo: SEARCH_PAGE },
    });
    expect(error).toBeNull();
    [first] = await mails(email);
    expect(new URL(verifyLink(first)).searchParams.get('redirect_to')).toBe(SEARCH_PAGE);
  });

  it('links the footer to that site, not to site_url', () => {
    const footer = first.links.filter((l) => !l.includes('/auth/v1/verify?'));
    expect(footer).toEqual([SEARCH_PAGE]);
    expect(first.html).not.toContain('localhost:5173');
  });

  it('auth.resend sends a new link to the same page, and the first one stops working', async () => {
    // config.toml's per-address window is one second.
    await new Promise((r) => setTimeout(r, 1100));
    const { error } = await client().auth.resend({
      type: 'signup',
      email,
      options: { emailRedirectTo: SEARCH_PAGE },
    });
    expect(error).toBeNull();
    const all = await mails(email);
    expect(all).toHaveLength(2);
    const second = all[1];
    expect(verifyLink(second)).not.toBe(verifyLink(first));

    const stale = await follow(verifyLink(first));
    expect(stale.params.error_code).toBe('otp_expired');
    const fresh = await follow(verifyLink(second));
    expect(fresh.target).toBe(SEARCH_PAGE);
    expect(fresh.params.access_token).toBeTruthy();
    expect(fresh.params.type).toBe('signup');
  });

  it('a second resend inside the window sends nothing, and answers as for anyone', async () => {
    const email2 = uniqueEmail();
    await client().auth.signUp({ email: email2, password: 'hunter22' });
    const again = await client().auth.resend({ type: 'signup', email: email2 });
    expect(again.error).toBeNull();
    expect(await mails(email2)).toHaveLength(1);
  });
});

describe('npm start on another site port (SITE_PORT)', () => {
  // scripts/start.ts passes these: supabase/.env's SITE_URL is written for 5173.
  let moved: RunningEmulator;
  beforeAll(async () => {
    moved = await startEmulator({
      port: 0,
      dataDir: 'memory',
      testing: true,
      log: false,
      configEnv: siteAddresses(5174, {}),
    });
  });
  afterAll(async () => {
    await moved?.stop();
  });

  it('sends confirmation and recovery links that land on that port when no page is named', async () => {
    const email = uniqueEmail();
    const movedClient = supabaseClient(moved.url, moved.anonKey);
    expect((await movedClient.auth.signUp({ email, password: 'hunter22' })).error).toBeNull();
    const confirm = verifyLink(await lastMail(moved, email));
    expect(new URL(confirm).searchParams.get('redirect_to')).toBe('http://localhost:5174');
    expect((await follow(confirm)).target).toBe('http://localhost:5174');

    expect((await movedClient.auth.resetPasswordForEmail(email)).error).toBeNull();
    const recovery = await lastMail(moved, email);
    expect(new URL(verifyLink(recovery)).searchParams.get('type')).toBe('recovery');
    expect(new URL(verifyLink(recovery)).searchParams.get('redirect_to')).toBe('http://localhost:5174');
    expect(recovery.html).not.toContain('localhost:5173');
  });
});

async function lastMail(instance: RunningEmulator, email: string): Promise<MailMessage> {
  const res = await fetch(`${instance.url}/_mail/api/messages?to=${encodeURIComponent(email)}`);
  const all = ((await res.json()) as MailMessage[]).sort((a, b) => a.created_at.localeCompare(b.created_at));
  return all.at(-1)!;
}
