// Cleans what a visitor typed before it is validated and sent (SPEC §5: input values are sanitised before sending).
// The rules have one source, the contact function's own (supabase/functions/contact/sanitize.ts), which runs them
// again on the server: control characters are dropped and the ends trimmed; everything else is kept as typed
// (issue 12: "a<b or c>d? I <3 it" arrives intact) and escaped wherever it is rendered.
import { sanitizeLine, sanitizeText } from '../../../../supabase/functions/contact/sanitize';

export { sanitizeLine, sanitizeText };

export type ContactFields = { name: string; email: string; message: string };

export function sanitizeContact(values: ContactFields): ContactFields {
  return {
    name: sanitizeLine(values.name),
    email: sanitizeLine(values.email),
    message: sanitizeText(values.message),
  };
}
