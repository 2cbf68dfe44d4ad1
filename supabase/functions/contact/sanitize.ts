// Cleans what a visitor typed before it is validated, stored or forwarded. The web form imports these same rules
// (src/features/contact/lib/sanitize.ts, the one import the site makes outside src/): control characters
// are dropped and the ends trimmed; everything else is kept as typed (issue 12: "a<b or c>d? I <3 it" arrives intact)
// and escaped wherever it is rendered (the support email escapes it; React escapes text).

// C0 and C1 controls and DEL, except tab, line feed and carriage return (handled per field below).
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;
// Invisible characters that can hide or reorder text: zero-width and bidirectional controls, BOM.
const INVISIBLE = /[\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;

/** A one-line value (name, email): line breaks and tabs become spaces, runs of spaces become one. */
export function sanitizeLine(value: string): string {
  return value.replace(CONTROL, '').replace(INVISIBLE, '').replace(/\s+/g, ' ').trim();
}

/** A multi-line value (message): line breaks kept (as \n), trailing spaces dropped, at most one blank line in a row. */
export function sanitizeText(value: string): string {
  return value
    .replace(/\r\n?/g, '\n')
    .replace(CONTROL, '')
    .replace(INVISIBLE, '')
    .replace(/\t/g, ' ')
    .replace(/[ ]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
