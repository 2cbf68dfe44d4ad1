// Optional SMTP delivery against a minimal local SMTP server (the third party here), speaking just enough of RFC 5321
// for one message: greeting, EHLO, MAIL FROM, RCPT TO, DATA, QUIT.
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailbox } from './mailbox';
import { loadConfig } from '../config';
import { deliverBySmtp, smtpFromConfig, smtpFromEnv } from './smtp';

type Received = { from: string; to: string[]; data: string };

function fakeSmtpServer(received: Received[]): Server {
  return createServer((socket) => {
    let buffer = '';
    let inData = false;
    let current: Received = { from: '', to: [], data: '' };
    socket.write('220 fake-smtp ready\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let index: number;
      while ((index = buffer.indexOf('\r\n')) !== -1) {
        const line = buffer.slice(0, index);
        buffer = buffer.slice(index + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(current);
            current = { from: '', to: [], data: '' };
            socket.write('250 queued\r\n');
          } else current.data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250-fake-smtp\r\n250 8BITMIME\r\n');
        else if (verb === 'MAIL') {
          current.from = line;
          socket.write('250 ok\r\n');
        } else if (verb === 'RCPT') {
          current.to.push(line);
          socket.write('250 ok\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') {
          socket.end('221 bye\r\n');
        } else socket.write('250 ok\r\n');
      }
    });
  });
}

describe('SMTP delivery', () => {
  const received: Received[] = [];
  let server: Server;
  let port = 0;
  beforeAll(async () => {
    server = fakeSmtpServer(received);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('is off without SMTP_HOST and reads the SMTP_* settings otherwise', () => {
    expect(smtpFromEnv({})).toBeUndefined();
    expect(smtpFromEnv({ SMTP_HOST: 'mail.example.com', SMTP_USER: 'u', SMTP_PASS: 'p' })).toEqual({
      host: 'mail.example.com',
      port: 587,
      user: 'u',
      pass: 'p',
      sender: 'Flipwise <no-reply@flipwise.local>',
    });
  });

  it("follows config.toml's [auth.email.smtp]: nothing locally, the relay once SMTP_HOST is set", () => {
    expect(smtpFromConfig(loadConfig(undefined, {}))).toBeUndefined();
    expect(
      smtpFromConfig(
        loadConfig(undefined, {
          SMTP_HOST: 'smtp.resend.com',
          SMTP_USER: 'resend',
          SMTP_PASS: 're_secret',
          SMTP_ADMIN_EMAIL: 'hello@flipwise.app',
        }),
      ),
    ).toEqual({
      host: 'smtp.resend.com',
      port: 587,
      user: 'resend',
      pass: 're_secret',
      sender: 'Flipwise <hello@flipwise.app>',
    });
  });

  it('delivers a kept email with its subject, recipient and link', async () => {
    const settings = smtpFromEnv({
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(port),
      SMTP_SENDER: 'Flipwise <hi@flipwise.test>',
    })!;
    const mailbox = createMailbox((message) => deliverBySmtp(settings, message));
    const link =
      'http://127.0.0.1:54321/auth/v1/verify?token=abc&type=signup&redirect_to=http%3A%2F%2Flocalhost%3A5173%2F';
    await mailbox.send({
      to: 'Ada@Example.com',
      subject: 'Confirm your Flipwise account',
      html: `<p>Welcome</p><p><a href="${link.replace(/&/g, '&amp;')}">Confirm my email</a></p>`,
    });
    expect(received).toHaveLength(1);
    expect(received[0].from).toContain('<hi@flipwise.test>');
    expect(received[0].to).toEqual(['RCPT TO:<ada@example.com>']);
    const unfolded = received[0].data.replace(/=\n/g, '').replace(/=3D/g, '=');
    expect(unfolded).toContain('Subject: Confirm your Flipwise account');
    expect(unfolded).toContain('token=abc');
    expect(mailbox.list('ada@example.com')).toHaveLength(1);
  });
});
