// Keeps every email the local auth service sends, newest first, for the /_mail pages and tests.
import { randomUUID } from 'node:crypto';

export type MailMessage = {
  id: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  links: string[];
  created_at: string;
};

export type Mailbox = {
  send(message: { to: string; subject: string; html: string }): Promise<MailMessage>;
  list(to?: string): MailMessage[];
  clear(): void;
};

const stripTags = (html: string) =>
  html
    .replace(/<style[\s\S]*?<\/style>/gi, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

export function createMailbox(onSend?: (message: MailMessage) => void | Promise<void>): Mailbox {
  const messages: MailMessage[] = [];
  return {
    async send({ to, subject, html }) {
      const links = [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, '&'));
      const message: MailMessage = {
        id: randomUUID(),
        to: to.toLowerCase(),
        subject,
        html,
        text: stripTags(html),
        links,
        created_at: new Date().toISOString(),
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
