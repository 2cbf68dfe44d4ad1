// Email links (sign-up confirmation, password recovery) land on the site with the outcome in the URL fragment
// (implicit flow): tokens on success, error=…&error_code=otp_expired when the link is used or expired.

import { linkIdFrom, searchWithoutLinkId } from './email-links';

export type AuthRedirect =
  | { kind: 'signed-in'; type: string }
  | { kind: 'recovery' }
  | { kind: 'error'; code: string; description: string };

/** A redirect with the id of the confirmation link it came from, when it was one of ours (lib/email-links.ts). */
export type ArrivedRedirect = AuthRedirect & { linkId?: string };

/** Reads an auth redirect from a URL fragment, or null when the fragment is not one. */
export function parseAuthRedirect(hash: string): AuthRedirect | null {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash;
  if (!raw) return null;
  const params = new URLSearchParams(raw);
  if (params.has('error') || params.has('error_code') || params.has('error_description')) {
    return {
      kind: 'error',
      code: params.get('error_code') ?? params.get('error') ?? 'unknown',
      description: params.get('error_description') ?? '',
    };
  }
  if (!params.has('access_token')) return null;
  const type = params.get('type') ?? 'signup';
  return type === 'recovery' ? { kind: 'recovery' } : { kind: 'signed-in', type };
}

/** Drops the fragment without a navigation, keeping the router's history state; no token stays in the address bar. */
export function clearUrlFragment() {
  const { pathname, search } = window.location;
  window.history.replaceState(window.history.state, '', pathname + search);
}

// Captured when this module is first evaluated (with the entry chunk), before supabase-js loads and clears it, and
// before the router reads the address: the link's id leaves the query at once, the fragment after the session read.
let captured: { redirect: ArrivedRedirect; handled: boolean } | null =
  typeof window === 'undefined' ? null : capture(window.location.hash, window.location.search);

function capture(hash: string, search: string) {
  const linkId = linkIdFrom(search);
  if (linkId && typeof window !== 'undefined' && window.location.search === search) {
    const { pathname } = window.location;
    window.history.replaceState(window.history.state, '', pathname + searchWithoutLinkId(search) + hash);
  }
  const redirect = parseAuthRedirect(hash);
  return redirect ? { redirect: { ...redirect, ...(linkId ? { linkId } : {}) }, handled: false } : null;
}

/** The redirect this page load arrived with, handed out once (React StrictMode runs effects twice). */
export function takeAuthRedirect(): ArrivedRedirect | null {
  if (!captured || captured.handled) return null;
  captured.handled = true;
  return captured.redirect;
}

/** Whether this page load arrived from an email link not yet handled (without consuming it). */
export function hasPendingAuthRedirect(): boolean {
  return !!captured && !captured.handled;
}

/** Whether this page load arrived from a recovery link (without consuming the redirect). */
export function arrivedFromRecoveryLink(): boolean {
  return captured?.redirect.kind === 'recovery';
}

/** For tests: pretend the page was loaded with this fragment (and query). */
export function captureAuthRedirectForTest(hash: string, search = '') {
  captured = capture(hash, search);
}

const RECOVERY_KEY = 'flipwise.password-recovery';

/** A recovery session survives a reload of /reset-password; the flag goes when the password is set or on sign-out. */
export const recoveryFlag = {
  get: () => safeStorage(() => window.sessionStorage.getItem(RECOVERY_KEY) === '1') ?? false,
  set: () => safeStorage(() => window.sessionStorage.setItem(RECOVERY_KEY, '1')),
  clear: () => safeStorage(() => window.sessionStorage.removeItem(RECOVERY_KEY)),
};

function safeStorage<T>(fn: () => T): T | undefined {
  try {
    return fn();
  } catch {
    return undefined; // storage blocked (private mode, sandboxed frame): the flag just does not persist
  }
}
