import type { Session, User } from '@supabase/supabase-js';
import { createContext, useContext } from 'react';
import type { SignUpResult } from '../api/sign-up';

export type AuthContextValue = {
  user: User | null;
  session: Session | null;
  /** SPEC §4: true until the first session lookup, and while login, registration or sign-out runs. */
  loading: boolean;
  /** The first session lookup is done (unlike `loading`, it stays true while an operation runs). */
  ready: boolean;
  /** The session comes from a password-recovery link: /reset-password may set a new password. */
  recovery: boolean;
  /** Toasts success or 'Login failed' (service message) and rethrows the error. */
  login: (email: string, password: string) => Promise<void>;
  /**
   * Toasts 'Verification required' (no session yet), 'Success' or 'Registration failed' (rethrown). A caller that
   * shows its own 'Check Your Email' view passes `{ confirmsItself: true }`, and the toast saying the same is left
   * out, so the user gets one confirmation (decision 045).
   */
  register: (
    firstName: string,
    lastName: string,
    email: string,
    password: string,
    zip: string,
    /** Where the confirmation link returns to (a path on this origin); the site root when left out. */
    returnPath?: string,
    options?: { confirmsItself?: boolean },
  ) => Promise<SignUpResult>;
  /** Sends a new confirmation link; rejects with the service's error (not toasted: the form shows it). */
  resendVerification: (email: string, returnPath?: string) => Promise<void>;
  /** Toasts 'Logged out' or the destructive 'Error'; never throws. */
  logout: () => Promise<void>;
  /** The recovery is over (the new password is set). */
  finishRecovery: () => void;
};

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value)
    throw new Error('useAuth must be used within an <AuthProvider>: wrap the app (the root layout) in it.');
  return value;
}
