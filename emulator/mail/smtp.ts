// Optional real delivery of the emails the local auth service sends, for trying the templates in a real inbox.
// Off unless SMTP_HOST is set; the mailbox at /_mail keeps every message either way.
import { section } from '../config';
import type { MailMessage } from './mailbox';

export type SmtpSettings = {
  host: string;
  port: number;
  user?: string;
  pass?: string;
  sender: string;
};

export function smtpFromEnv(env: NodeJS.ProcessEnv = process.env): SmtpSettings | undefined {
  if (!env.SMTP_HOST) return undefined;
  return {
    host: env.SMTP_HOST,
    port: Number(env.SMTP_PORT) || 587,
    user: env.SMTP_USER || undefined,
    pass: env.SMTP_PASS || undefined,
    sender: env.SMTP_SENDER || 'Flipwise <no-reply@flipwise.local>',
  };
}

/**
 * config.toml's [auth.email.smtp], the relay the hosted project sends through, once its host resolves (SMTP_HOST in
 * the environment, supabase/.env.local or supabase/.env). Locally the host is empty: mailbox only.
 */
export function smtpFromConfig(config: Record<string, unknown>): SmtpSettings | undefined {
  const smtp = section(config, 'auth.email.smtp');
  if (smtp.enabled === false || typeof smtp.host !== 'string' || !smtp.host) return undefined;
  const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
  const address = text(smtp.admin_email) ?? 'no-reply@flipwise.local';
  return {
    host: smtp.host,
    port: Number(smtp.port) || 587,
    user: text(smtp.user),
    pass: text(smtp.pass),
    sender: `${text(smtp.sender_name) ?? 'Flipwise'} <${address}>`,
  };
}

type Transport = { sendMail(message: Record<string, unknown>): Promise<unknown> };
let transport: { key: string; value: Transport } | undefined;

/** Sends one kept message over SMTP. Failures are reported to the caller, who logs them. */
export async function deliverBySmtp(settings: SmtpSettings, message: MailMessage): Promise<void> {
  const key = JSON.stringify(settings);
  if (transport?.key !== key) {
    // Loaded only when SMTP is configured, so the emulator starts without touching it otherwise.
    const nodemailer = await import('nodemailer');
    transport = {
      key,
      value: nodemailer.createTransport({
        host: settings.host,
        port: settings.port,
        secure: settings.port === 465,
        auth: settings.user ? { user: settings.user, pass: settings.pass ?? '' } : undefined,
      }),
    };
  }
  await transport.value.sendMail({
    from: settings.sender,
    to: message.to,
    subject: message.subject,
    html: message.html,
    text: message.text,
  });
}
