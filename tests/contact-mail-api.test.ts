// The emulator's stand-in for the mail API that functions send email through (POST /_mail/api/send, Resend's shape),
// and the environment it hands functions for it.
import { describe, expect, it } from 'vitest';
import { LOCAL_MAIL_API_KEY } from '../emulator/mail/send-api';
import { emulatorForFile } from './support/emulator';

const emu = emulatorForFile();

const post = (body: unknown, key: string | null = LOCAL_MAIL_API_KEY) =>
  fetch(`${emu.url}/_mail/api/send`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(key ? { Authorization: `Bearer ${key}` } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

const mail = {
  from: 'Flipwise Contact Form <contact@flipwise.app>',
  to: ['help@flipwise.test'],
  subject: 'Contact form: Ada',
  text: 'Hello <there>',
  html: '<p>Hello &lt;there&gt;</p>',
  reply_to: 'ada@example.com',
};

describe('POST /_mail/api/send', () => {
  it('keeps the email in the local mailbox and answers with its id', async () => {
    const response = await post(mail);
    expect(response.status).toBe(200);
    const { id } = (await response.json()) as { id: string };
    const inbox = await (await fetch(`${emu.url}/_mail/api/messages?to=help@flipwise.test`)).json();
    expect(inbox).toEqual([
      expect.objectContaining({
        id,
        to: 'help@flipwise.test',
        from: mail.from,
        reply_to: 'ada@example.com',
        subject: 'Contact form: Ada',
        text: 'Hello <there>',
        html: '<p>Hello &lt;there&gt;</p>',
      }),
    ]);
  });

  it('takes a single address, a named address, and text without html', async () => {
    const response = await post({
      from: 'a@flipwise.app',
      to: 'Help Desk <desk@flipwise.test>',
      subject: 'Plain',
      text: 'a <b> c',
    });
    expect(response.status).toBe(200);
    const [kept] = await (await fetch(`${emu.url}/_mail/api/messages?to=desk@flipwise.test`)).json();
    expect(kept.text).toBe('a <b> c');
    expect(kept.html).toContain('a &lt;b&gt; c');
  });

  it('refuses a missing or wrong key, as the hosted API does', async () => {
    const missing = await post(mail, null);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ statusCode: 401, name: 'missing_api_key' });
    const wrong = await post(mail, 'not-the-key');
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toMatchObject({ statusCode: 403, name: 'invalid_api_key' });
  });

  it('refuses mail without a recipient, a subject or a body', async () => {
    for (const bad of [
      { ...mail, to: [] },
      { ...mail, subject: '' },
      { from: mail.from, to: mail.to, subject: 'x' },
      'not json',
    ]) {
      const response = await post(bad);
      expect(response.status).toBe(422);
      expect(await response.json()).toMatchObject({ statusCode: 422, name: 'validation_error' });
    }
  });

  it('is what functions get as MAIL_API_URL and MAIL_API_KEY', () => {
    expect(emu.ctx.functionEnv.MAIL_API_URL).toBe(`${emu.url}/_mail/api/send`);
    expect(emu.ctx.functionEnv.MAIL_API_KEY).toBe(LOCAL_MAIL_API_KEY);
  });
});
