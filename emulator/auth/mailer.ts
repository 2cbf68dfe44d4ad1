// Renders the auth emails from the templates supabase/config.toml names (the same files hosted Supabase uses), keeps
// them in the mailbox and prints their link.
import { createHash, randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { escapeHtml, HTML_ENTITIES } from '../../supabase/functions/_shared/markup';
import type { EmulatorContext } from '../context';
import type { AuthSettings } from './settings';

export type MailKind = 'confirmation' | 'recovery' | 'email_change';

/** The verify type each email's link carries. */
const verifyType: Record<MailKind, string> = {
  confirmation: 'signup',
  recovery: 'recovery',
  email_change: 'email_change',
};

// GoTrue's built-in subjects and bodies, used when config.toml names no template for a kind.
const defaults: Record<MailKind, { subject: string; html: string }> = {
  confirmation: {
    subject: 'Confirm Your Signup',
    html: '<h2>Confirm your signup</h2>\n\n<p>Follow this link to confirm your user:</p>\n<p><a href="{{ .ConfirmationURL }}">Confirm your mail</a></p>',
  },
  recovery: {
    subject: 'Reset Your Password',
    html: '<h2>Reset Password</h2>\n\n<p>Follow this link to reset the password for your user:</p>\n<p><a href="{{ .ConfirmationURL }}">Reset Password</a></p>',
  },
  email_change: {
    subject: 'Confirm Email Change',
    html: '<h2>Confirm Change of Email</h2>\n\n<p>Follow this link to confirm the update of your email from {{ .Email }} to {{ .NewEmail }}:</p>\n<p><a href="{{ .ConfirmationURL }}">Change Email</a></p>',
  },
};

/** A numeric one-time code of otp_length digits, and GoTrue's hash of it: hex(sha224(email + otp)). */
export function newOtp(settings: AuthSettings, email: string): { otp: string; tokenHash: string } {
  let otp = '';
  for (let i = 0; i < settings.otpLength; i++) otp += String(randomInt(10));
  return { otp, tokenHash: tokenHashOf(email, otp) };
}

export const tokenHashOf = (email: string, otp: string) =>
  createHash('sha224')
    .update(email + otp)
    .digest('hex');

/** Go's html/template writes a double quote as &#34; (its htmlReplacementTable); GoTrue renders the templates with it. */
const escapeTemplateValue = (value: string) => escapeHtml(value, { ...HTML_ENTITIES, '"': '&#34;' });

export type TemplateData = {
  ConfirmationURL: string;
  Token: string;
  TokenHash: string;
  SiteURL: string;
  RedirectTo: string;
  Email: string;
  NewEmail?: string;
  Data: Record<string, unknown>;
};

/**
 * The subset of Go templates Supabase's email templates use: `{{ .Name }}` and `{{ .Data.key }}`, HTML-escaped as
 * html/template would. Anything else is left out and reported, so a typo shows up in the console, not in an inbox.
 */
export function renderTemplate(
  template: string,
  data: TemplateData,
  warn: (message: string) => void,
): string {
  return template.replace(
    /\{\{-?\s*\.([A-Za-z]+)(?:\.([A-Za-z0-9_]+))?\s*-?\}\}/g,
    (whole, name: string, key?: string) => {
      if (name === 'Data' && key) {
        const value = data.Data[key];
        return value == null ? '' : escapeTemplateValue(String(value));
      }
      const value = (data as unknown as Record<string, unknown>)[name];
      if (typeof value === 'string' && !key) return escapeTemplateValue(value);
      warn(`unknown template variable ${whole}`);
      return '';
    },
  );
}

function loadTemplate(settings: AuthSettings, kind: MailKind, warn: (message: string) => void) {
  const configured = settings.templates[kind];
  const subject = configured?.subject || defaults[kind].subject;
  if (!configured?.contentPath) return { subject, html: defaults[kind].html };
  const path = isAbsolute(configured.contentPath)
    ? configured.contentPath
    : resolve(settings.projectRoot, configured.contentPath);
  try {
    // Read on every send, so an edited template shows up in the next email without a restart.
    return { subject, html: readFileSync(path, 'utf8') };
  } catch (err) {
    warn(`cannot read ${kind} template ${path} (${(err as Error).message}); sending the built-in one`);
    return { subject, html: defaults[kind].html };
  }
}

export function verifyLink(apiUrl: string, tokenHash: string, type: string, redirectTo: string): string {
  return `${apiUrl}/auth/v1/verify?token=${tokenHash}&type=${type}&redirect_to=${encodeURIComponent(redirectTo)}`;
}

export type SendMailInput = {
  kind: MailKind;
  to: string;
  email: string;
  newEmail?: string;
  otp: string;
  tokenHash: string;
  redirectTo: string;
  data: Record<string, unknown>;
};

export async function sendAuthMail(ctx: EmulatorContext, settings: AuthSettings, input: SendMailInput) {
  const warn = (message: string) => ctx.log(`[mail] ${message}`);
  const { subject, html } = loadTemplate(settings, input.kind, warn);
  const link = verifyLink(ctx.apiUrl, input.tokenHash, verifyType[input.kind], input.redirectTo);
  const data: TemplateData = {
    ConfirmationURL: link,
    Token: input.otp,
    TokenHash: input.tokenHash,
    SiteURL: settings.siteUrl,
    RedirectTo: input.redirectTo,
    Email: input.email,
    NewEmail: input.newEmail,
    Data: input.data,
  };
  const message = await ctx.mail.send({ to: input.to, subject, html: renderTemplate(html, data, warn) });
  // Real delivery (SMTP_* in the environment) is the mailbox's job: emulator/server.ts hands it deliverBySmtp.
  ctx.log(`[mail] "${subject}" to ${message.to}: ${link}`);
  return message;
}
