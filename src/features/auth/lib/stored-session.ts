// supabase-js keeps the session in localStorage under `sb-<project>-auth-token`. Without one (and without an email
// link in the URL) there is nobody to restore, so the provider can skip loading supabase-js until it is needed.

const AUTH_KEY = /^sb-.+-auth-token$/;

export const isAuthStorageKey = (key: string | null): boolean => !!key && AUTH_KEY.test(key);

export function hasStoredSession(): boolean {
  try {
    for (let i = 0; i < window.localStorage.length; i++) {
      if (isAuthStorageKey(window.localStorage.key(i))) return true;
    }
    return false;
  } catch {
    return true; // storage unreadable: let supabase-js decide
  }
}
