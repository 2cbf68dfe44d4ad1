import { FunctionsFetchError, FunctionsHttpError } from '@supabase/supabase-js';
import { loadSupabase } from '@/lib/load-supabase';
import { sanitizeContact, type ContactFields } from '../lib/sanitize';
import { contactSentSchema, type ContactSent } from '../schemas';

export type SendContactInput = ContactFields & {
  /** The honeypot's value: empty for people. */
  website: string;
  /** How long the form was open, in milliseconds (the function turns away anything faster than a person). */
  elapsedMs: number;
};

/** A refusal or failure, with what the function said (message, the field at fault, when to try again). */
export class ContactSendError extends Error {
  readonly status: number | null;
  readonly field: string | null;
  readonly retryAfter: number | null;

  constructor(
    message: string,
    details: { status?: number | null; field?: string | null; retryAfter?: number | null } = {},
  ) {
    super(message);
    this.name = 'ContactSendError';
    this.status = details.status ?? null;
    this.field = details.field ?? null;
    this.retryAfter = details.retryAfter ?? null;
  }
}

/** Sends a contact message through the `contact` function; resolves once the message is stored. */
export async function sendContactMessage(input: SendContactInput): Promise<ContactSent> {
  const body = {
    ...sanitizeContact(input),
    website: input.website,
    elapsedMs: Math.max(0, Math.round(input.elapsedMs)),
  };
  const { data, error } = await (await loadSupabase()).functions.invoke('contact', { body });
  if (error) throw await toContactSendError(error);
  const sent = contactSentSchema.safeParse(data);
  if (!sent.success) throw new ContactSendError('The contact service gave an answer we did not understand.');
  return sent.data;
}

/** Unwraps supabase-js function errors: an HTTP error carries the function's JSON body, unread. */
export async function toContactSendError(error: unknown): Promise<ContactSendError> {
  if (error instanceof FunctionsHttpError) {
    const response = error.context as Response;
    const body = (await response.json().catch(() => null)) as {
      error?: unknown;
      field?: unknown;
      retryAfter?: unknown;
    } | null;
    return new ContactSendError(typeof body?.error === 'string' ? body.error : error.message, {
      status: response.status,
      field: typeof body?.field === 'string' ? body.field : null,
      retryAfter: typeof body?.retryAfter === 'number' ? body.retryAfter : null,
    });
  }
  if (error instanceof FunctionsFetchError) return new ContactSendError('Network connection failed.');
  return new ContactSendError(error instanceof Error ? error.message : String(error));
}
