// POST /_mail/api/send: a local stand-in for a Resend-style mail API (docs/decisions/006-contact-delivery.md), so edge
// functions send email the way they do when deployed: JSON {from, to, subject, text, html, reply_to} with
// Authorization: Bearer <MAIL_API_KEY>. Accepted mail lands in the local mailbox (/_mail); nothing leaves the machine
// unless SMTP is configured. Errors use Resend's shape {statusCode, name, message}.
import type { Hono } from 'hono';
import { z } from 'zod';
import { escapeHtml } from '../../supabase/functions/_shared/markup';
import type { EmulatorContext } from '../context';

/** The key the emulator hands functions as MAIL_API_KEY; any other bearer is refused, as a wrong key would be. */
export const LOCAL_MAIL_API_KEY = 'flipwise-local-mail-api-key';

const address = z.string().trim().min(3).max(320);
const recipients = z.union([address, z.array(address).min(1).max(50)]);

const sendSchema = z
  .object({
    from: address,
    to: recipients,
    subject: z.string().min(1).max(998),
    html: z.string().max(1_000_000).optional(),
    text: z.string().max(1_000_000).optional(),
    reply_to: recipients.optional(),
  })
  .refine((mail) => mail.html !== undefined || mail.text !== undefined, {
    message: 'Either html or text is required',
  });

/** The bare address of "Name <a@b.c>". */
const bare = (value: string) => /<([^>]+)>\s*$/.exec(value)?.[1]?.trim() ?? value.trim();

export function mountSendApi(app: Hono, ctx: EmulatorContext): void {
  app.post('/api/send', async (c) => {
    const error = (statusCode: number, name: string, message: string) =>
      c.json({ statusCode, name, message }, statusCode as 401);
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '')?.[1];
    if (!bearer) {
      return error(
        401,
        'missing_api_key',
        'Missing API key in the authorization header. Include the following header Authorization: Bearer YOUR_API_KEY in the request.',
      );
    }
    if (bearer !== LOCAL_MAIL_API_KEY) return error(403, 'invalid_api_key', 'API key is invalid');

    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return error(422, 'validation_error', 'The request body must be a JSON object');
    }
    const parsed = sendSchema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return error(422, 'validation_error', `${issue.path.join('.') || 'body'}: ${issue.message}`);
    }
    const mail = parsed.data;
    const to = (Array.isArray(mail.to) ? mail.to : [mail.to]).map(bare);
    const replyTo =
      mail.reply_to === undefined
        ? undefined
        : (Array.isArray(mail.reply_to) ? mail.reply_to : [mail.reply_to]).join(', ');
    const html =
      mail.html ??
      `<pre style="white-space:pre-wrap;font-family:inherit">${escapeHtml(mail.text ?? '')}</pre>`;
    // One mailbox entry per recipient, as each would get their own copy.
    const kept = await Promise.all(
      to.map((recipient) =>
        ctx.mail.send({
          to: recipient,
          subject: mail.subject,
          html,
          text: mail.text,
          from: mail.from,
          replyTo,
        }),
      ),
    );
    ctx.log(`[mail] API message "${mail.subject}" to ${to.join(', ')}`);
    return c.json({ id: kept[0].id });
  });
}
