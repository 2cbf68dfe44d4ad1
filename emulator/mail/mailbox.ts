// Keeps every email the local auth service (and the mail API at /_mail/api/send) sends, newest first, for the /_mail pages and tests.
import { randomUUID } from 'node:crypto';

export type MailMessage = {
  id: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  links: string[];
  created_at: string;
  /** Set for mail sent through POST /_mail/api/send (the mail API functions use). */
  from?: string;
  reply_to?: string;
};

export type OutgoingMail = {
  to: string;
  subject: string;
  html: string;
  text?: string;
  from?: string;
  replyTo?: string;
};

export type Mailbox = {
  send(message: OutgoingMail): Promise<MailMessage>;
  list(to?: string): MailMessage[];
  clear(): void;
};

const decodeEntities = (text: string) =>
  text
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&(?:quot|#34);/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** A plain-text rendering of an HTML email: one line per block, links written out after their label. */
const stripTags = (html: string) =>
  decodeEntities(
    html
      .replace(/<(style|head|title)[\s\S]*?<\/\1>/gi, '')
      .replace(/<a\b[^>]*href="([^"]+)"[^>]*>([\s\S]*?)<\/a>/gi, (_m, href: string, label: string) => {
        const text = label.replace(/<[^>]+>/g, '').trim();
        return text && text !== href ? `${text} (${href})` : href;
      })
      // Source line breaks are just whitespace in HTML; only block ends start a new line.
      .replace(/\s+/g, ' ')
      .replace(/<br\s*\/?>|<\/(p|div|h[1-6]|tr|li|table)>/gi, '\n')
      .replace(/<[^>]+>/g, ' '),
  )
    .split('\n')
    .map((line) => line.replace(/[ \t\r]+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');

export function createMailbox(onSend?: (message: MailMessage) => void | Promise<void>): Mailbox {
  const messages: MailMessage[] = [];
  return {
    async send({ to, subject, html, text, from, replyTo }) {
      const links = [...new Set([...html.matchAll(/href="([^"]+)"/g)].map((m) => decodeEntities(m[1])))];
      const message: MailMessage = {
        id: randomUUID(),
        to: to.toLowerCase(),
        subject,
        html,
        text: text ?? stripTags(html),
        links,
        created_at: new Date().toISOString(),
        ...(from ? { from } : {}),
        ...(replyTo ? { reply_to: replyTo } : {}),
      };
      messages.unshift(message);
      await onSend?.(message);
      return message;
    },
    list(to) {
      return to ? messages.filter((m) => m.to === to.toLowerCase()) : [...messages];
    },
    clear() {
      messages.length = 0;
    },
  };
}
