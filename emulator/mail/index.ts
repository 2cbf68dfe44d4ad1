// /_mail: the local inbox. Every email the auth service sends is listed here, newest first, with working links, and
// returned as JSON for tests: GET /_mail/api/messages?to=<email>. Functions send through POST /_mail/api/send.
import { Hono } from 'hono';
import { escapeHtml } from '../../supabase/functions/_shared/markup';
import type { EmulatorContext } from '../context';
import type { MailMessage } from './mailbox';
import { mountSendApi } from './send-api';

function messageCard(message: MailMessage): string {
  const links = message.links
    .map((link) => `<li><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></li>`)
    .join('');
  // The email itself is shown in a sandboxed frame: its styles stay inside and its scripts (if any) never run.
  return `<article class="message" id="m-${escapeHtml(message.id)}">
  <header>
    <h2>${escapeHtml(message.subject)}</h2>
    <p class="meta">${message.from ? `From ${escapeHtml(message.from)} · ` : ''}To <strong>${escapeHtml(message.to)}</strong> · <time datetime="${escapeHtml(
      message.created_at,
    )}">${escapeHtml(new Date(message.created_at).toLocaleString('en-US', { timeZone: 'UTC' }))} UTC</time></p>
  </header>
  ${links ? `<section><h3>Links</h3><ul class="links">${links}</ul></section>` : ''}
  <details open>
    <summary>Email as sent</summary>
    <iframe title="${escapeHtml(message.subject)}" sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${escapeHtml(
      message.html.replace(/<a /g, '<a target="_blank" '),
    )}"></iframe>
  </details>
</article>`;
}

function page(messages: MailMessage[], filter: string | undefined): string {
  const body = messages.length
    ? messages.map(messageCard).join('\n')
    : `<p class="empty">${
        filter ? `No emails to ${escapeHtml(filter)} yet.` : 'No emails yet.'
      } Sign up or ask for a password reset in the app and they will show up here.</p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Local mailbox · Flipwise emulator</title>
<style>
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  body { margin: 0; background: #f4f6f6; color: #1f2933; }
  .top { background: #0f766e; color: #fff; padding: 16px 24px; }
  .top h1 { margin: 0; font-size: 20px; }
  .top p { margin: 4px 0 0; opacity: .9; font-size: 14px; }
  main { max-width: 880px; margin: 0 auto; padding: 16px; }
  form { display: flex; gap: 8px; flex-wrap: wrap; margin-bottom: 16px; }
  input { flex: 1 1 240px; padding: 8px 10px; border: 1px solid #c4cdd5; border-radius: 6px; font: inherit; }
  button, .button { padding: 8px 14px; border-radius: 6px; border: 0; background: #0f766e; color: #fff; font: inherit; cursor: pointer; text-decoration: none; }
  a:focus-visible, button:focus-visible, input:focus-visible, summary:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
  .message { background: #fff; border: 1px solid #dde3e8; border-radius: 10px; padding: 16px; margin-bottom: 16px; }
  .message h2 { margin: 0; font-size: 18px; }
  .meta { margin: 4px 0 0; color: #52606d; font-size: 14px; }
  .links { padding-left: 20px; word-break: break-all; font-size: 14px; }
  .links a { color: #0f766e; }
  h3 { font-size: 14px; margin: 12px 0 4px; }
  iframe { width: 100%; min-height: 640px; border: 1px solid #dde3e8; border-radius: 6px; background: #fff; margin-top: 8px; }
  .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
  .empty { background: #fff; border: 1px dashed #c4cdd5; border-radius: 10px; padding: 24px; text-align: center; }
</style>
</head>
<body>
<div class="top"><h1>Local mailbox</h1><p>Emails the local auth service sent, newest first. Nothing here leaves this machine unless SMTP is configured.</p></div>
<main>
<form method="get" action="">
  <label for="to" class="visually-hidden">Recipient</label>
  <input id="to" name="to" type="email" placeholder="Filter by recipient, e.g. ada@example.com" value="${escapeHtml(filter ?? '')}">
  <button type="submit">Filter</button>
  <a class="button" href="?">Show all</a>
</form>
${body}
</main>
</body>
</html>`;
}

/** localhost, 127.0.0.1, [::1] and *.localhost, with or without a port. */
export const isLocalHost = (host: string | undefined): boolean =>
  !!host && /^(localhost|[a-z0-9-]+\.localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/i.test(host);

export function createMailApp(ctx: EmulatorContext): Hono {
  const app = new Hono();
  // The mailbox holds sign-up links and recovery codes: it answers only requests addressed to this machine by a local
  // name, so a web page on another name that resolves here (DNS rebinding) cannot read it (issue 12).
  app.use('*', async (c, next) => {
    if (!isLocalHost(c.req.header('host')))
      return c.json({ error: 'The local mailbox answers only on localhost.' }, 403);
    await next();
  });
  app.get('/api/messages', (c) => {
    const to = c.req.query('to') || undefined;
    c.header('Cache-Control', 'no-store');
    return c.json(ctx.mail.list(to));
  });
  mountSendApi(app, ctx);
  app.delete('/api/messages', (c) => {
    ctx.mail.clear();
    return c.body(null, 204);
  });
  app.get('/', (c) => {
    const to = c.req.query('to') || undefined;
    c.header('Cache-Control', 'no-store');
    return c.html(page(ctx.mail.list(to), to));
  });
  return app;
}
