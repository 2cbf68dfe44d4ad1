import { z } from 'zod';
import { sanitizeLine, sanitizeText } from './lib/sanitize';
import { contactMessages } from './messages';

const m = contactMessages.validation;

/** SPEC §3 and §9: the contact limits, the same in the function and in the table's CHECKs. */
export const CONTACT_LIMITS = { name: 100, email: 255, message: 1000 } as const;

/** What the form holds while the visitor types. */
export type ContactFormValues = { name: string; email: string; message: string };

export const contactFormDefaults: ContactFormValues = { name: '', email: '', message: '' };

// Each value is checked as it will be sent, after sanitising: "<b></b>" is an empty message.
export const contactFormSchema = z.object({
  name: z
    .string()
    .transform(sanitizeLine)
    .pipe(z.string().min(1, m.nameRequired).max(CONTACT_LIMITS.name, m.nameTooLong)),
  email: z
    .string()
    .transform(sanitizeLine)
    .pipe(
      z
        .string()
        .min(1, m.emailRequired)
        .max(CONTACT_LIMITS.email, m.emailTooLong)
        .pipe(z.email(m.emailInvalid)),
    ),
  message: z
    .string()
    .transform(sanitizeText)
    .pipe(z.string().min(1, m.messageRequired).max(CONTACT_LIMITS.message, m.messageTooLong)),
});

export type ContactMessageInput = z.output<typeof contactFormSchema>;

/** What the contact function answers once the message is stored. */
export const contactSentSchema = z.object({
  ok: z.literal(true),
  id: z.string().min(1),
  delivered: z.boolean().optional(),
});
export type ContactSent = z.output<typeof contactSentSchema>;
