// SPEC §5: a random token kept for the browser session and mirrored in the form. The two are compared before
// sending; a mismatch means the form was not the one this tab rendered (a stale or tampered page), so nothing is sent.
export const SECURITY_TOKEN_KEY = 'flipwise.contact.securityToken';

function randomToken(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // Storage can be switched off; the token then lives only in memory for this page.
    return null;
  }
}

let memoryToken: string | null = null;

/** The session's token, created on first use. */
export function getSecurityToken(): string {
  const store = storage();
  const existing = store ? store.getItem(SECURITY_TOKEN_KEY) : memoryToken;
  if (existing) return existing;
  return issueSecurityToken();
}

/** A fresh token, replacing the old one (after a message is sent). */
export function issueSecurityToken(): string {
  const token = randomToken();
  const store = storage();
  if (store) store.setItem(SECURITY_TOKEN_KEY, token);
  else memoryToken = token;
  return token;
}

/** The stored token as it is now, without creating one. */
export function readSecurityToken(): string | null {
  const store = storage();
  return store ? store.getItem(SECURITY_TOKEN_KEY) : memoryToken;
}
