// The contact body as the function accepts it. The limits are SPEC §3/§5 and the same as the form's
// (src/features/contact/schemas.ts) and the table's CHECKs: name 100, email 255, message 1000 characters.
import { z } from 'zod';
import { sanitizeLine, sanitizeText } from './sanitize.ts';

export const LIMITS = { name: 100, email: 255, message: 1000 } as const;

export const MESSAGES = {
  nameRequired: 'Please enter your name.',
  nameTooLong: `Name must be at most ${LIMITS.name} characters.`,
  emailRequired: 'Please enter your email address.',
  emailInvalid: 'Please enter a valid email address.',
  emailTooLong: `Email must be at most ${LIMITS.email} characters.`,
  messageRequired: 'Please enter a message.',
  messageTooLong: `Message must be at most ${LIMITS.message} characters.`,
  badBody: 'Request body must be a JSON object.',
  badTiming: 'elapsedMs must be the milliseconds the form was open.',
  tooMany: (seconds: number) =>
    `Too many messages. Please wait ${formatWait(seconds)} and try again, or email us directly.`,
  storeFailed: 'We could not save your message. Please try again later or email us directly.',
} as const;

function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

/** A text field checked as it will be stored: sanitised first, then required and at most `max` characters. */
const storedText = (sanitize: (value: string) => string, required: string, max: number, tooLong: string) =>
  z.string({ error: required }).transform(sanitize).pipe(z.string().min(1, required).max(max, tooLong));

export const contactBodySchema = z.object(
  {
    name: storedText(sanitizeLine, MESSAGES.nameRequired, LIMITS.name, MESSAGES.nameTooLong),
    email: storedText(sanitizeLine, MESSAGES.emailRequired, LIMITS.email, MESSAGES.emailTooLong).pipe(
      z.email(MESSAGES.emailInvalid),
    ),
    message: storedText(sanitizeText, MESSAGES.messageRequired, LIMITS.message, MESSAGES.messageTooLong),
    // The honeypot: a field people never see. Anything in it means a bot filled the form.
    website: z.string().max(2000).optional(),
    // How long the form was open before it was sent, measured by the browser (a clock difference between browser and
    // server cannot make a person look like a bot this way).
    elapsedMs: z.number({ error: MESSAGES.badTiming }).finite().min(0, MESSAGES.badTiming),
  },
  { error: MESSAGES.badBody },
);

export type ContactBody = z.output<typeof contactBodySchema>;

/** The first problem as {error, field} (field is the body key at fault, or null when the body itself is wrong). */
export function parseContactBody(
  body: unknown,
): { ok: true; value: ContactBody } | { ok: false; error: string; field: string | null } {
  const result = contactBodySchema.safeParse(body);
  if (result.success) return { ok: true, value: result.data };
  // Report fields in the order the form shows them.
  const order = ['name', 'email', 'message', 'website', 'elapsedMs'];
  const issues = [...result.error.issues].sort((a, b) => rank(order, a.path[0]) - rank(order, b.path[0]));
  const issue = issues[0];
  const field = typeof issue?.path[0] === 'string' ? issue.path[0] : null;
  return { ok: false, error: issue?.message ?? MESSAGES.badBody, field };
}

function rank(order: string[], key: PropertyKey | undefined): number {
  const index = typeof key === 'string' ? order.indexOf(key) : -1;
  return index === -1 ? -1 : index;
}
