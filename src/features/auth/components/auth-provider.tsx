import type { Session } from '@supabase/supabase-js';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import type { SignUpResult } from '../api/sign-up';
import { AuthContext, type AuthContextValue } from '../lib/auth-context';
import {
  arrivedFromRecoveryLink,
  clearUrlFragment,
  hasPendingAuthRedirect,
  recoveryFlag,
  takeAuthRedirect,
  type ArrivedRedirect,
} from '../lib/auth-redirect';
import { openAuthDialog } from '../lib/dialog-store';
import { usedEmailLinks } from '../lib/email-links';
import { hasStoredSession, isAuthStorageKey } from '../lib/stored-session';
import { toastFailure } from '../lib/toast-failure';
import { profileOf } from '../lib/user-display';
import { authAppMessages as m } from '../app-messages';

export type AuthApi = typeof import('../api');

// supabase-js comes with the api layer and is never in the entry chunk. It loads right after the first render when
// there is a session to restore or an email link to take (`loading` covers the wait), otherwise on the first login
// or registration: a visitor reading the home page never downloads it.
const loadAuthApi = (): Promise<AuthApi> => import('../api');

type AuthProviderProps = {
  children: ReactNode;
  /** Tests hand in a stand-in for the network layer. */
  loadApi?: () => Promise<AuthApi>;
};

export function AuthProvider({ children, loadApi = loadAuthApi }: AuthProviderProps) {
  const [session, setSession] = useState<Session | null>(null);
  const [ready, setReady] = useState(false);
  const [pending, setPending] = useState(0);
  const [recovery, setRecovery] = useState(() => recoveryFlag.get() || arrivedFromRecoveryLink());

  // One connection per mounted provider: the api chunk (with supabase-js) and one subscription to its auth state.
  const connection = useRef<Promise<AuthApi> | null>(null);
  const unsubscribe = useRef<(() => void) | null>(null);
  const mounted = useRef(false);

  const connect = useCallback((): Promise<AuthApi> => {
    if (!connection.current) {
      const attempt = loadApi().then((api) => {
        if (mounted.current) {
          unsubscribe.current?.();
          unsubscribe.current = api.subscribeToAuthChanges((event, next) => {
            setSession(next);
            if (event === 'PASSWORD_RECOVERY') {
              recoveryFlag.set();
              setRecovery(true);
            } else if (event === 'SIGNED_OUT') {
              recoveryFlag.clear();
              setRecovery(false);
            }
          });
        }
        return api;
      });
      // A chunk that failed to load (flaky network, a new deploy) may load on the next try.
      attempt.catch(() => {
        if (connection.current === attempt) connection.current = null;
      });
      connection.current = attempt;
    }
    return connection.current;
  }, [loadApi]);

  useEffect(() => {
    mounted.current = true;
    let cancelled = false;
    const restore = async () => {
      let first: Session | null = null;
      try {
        first = await (await connect()).getSession();
      } catch (error) {
        // The site still works for visitors; logging in will try again.
        console.warn('Could not restore the session', error);
      }
      if (cancelled) return;
      setSession(first);
      setReady(true);
      const redirect = takeAuthRedirect();
      if (redirect) {
        clearUrlFragment();
        announceRedirect(redirect, first, () => {
          recoveryFlag.set();
          setRecovery(true);
        });
      }
    };

    let stopListening = () => {};
    if (hasStoredSession() || hasPendingAuthRedirect()) {
      void restore();
    } else {
      // A visitor: nobody to restore, so supabase-js waits for the first login or registration.
      setReady(true);
      // Unless they sign in from another tab meanwhile; once connected, supabase-js keeps the tabs in step.
      const onStorage = (event: StorageEvent) => {
        if (!isAuthStorageKey(event.key) || !event.newValue) return;
        stopListening();
        void restore();
      };
      window.addEventListener('storage', onStorage);
      stopListening = () => window.removeEventListener('storage', onStorage);
    }
    return () => {
      cancelled = true;
      mounted.current = false;
      stopListening();
      unsubscribe.current?.();
      unsubscribe.current = null;
      connection.current = null;
    };
  }, [connect]);

  const run = useCallback(
    async <T,>(operation: (api: AuthApi) => Promise<T>): Promise<T> => {
      setPending((n) => n + 1);
      try {
        return await operation(await connect());
      } finally {
        setPending((n) => n - 1);
      }
    },
    [connect],
  );

  const login = useCallback(
    async (email: string, password: string) => {
      try {
        const next = await run((api) => api.signIn({ email, password }));
        setSession(next);
        toast(m.loginSuccess);
      } catch (error) {
        toastFailure(m.loginFailed, error);
        throw error;
      }
    },
    [run],
  );

  const register = useCallback<AuthContextValue['register']>(
    async (firstName, lastName, email, password, zip, returnPath, options = {}) => {
      let result: SignUpResult;
      try {
        result = await run((api) => api.signUp({ firstName, lastName, email, password, zip }, returnPath));
      } catch (error) {
        toastFailure(m.registrationFailed, error);
        throw error;
      }
      if (result.session) {
        setSession(result.session);
        toast(m.registrationSuccess);
      } else if (result.user && !options.confirmsItself) {
        toast(m.verificationRequired);
      }
      return result;
    },
    [run],
  );

  const resendVerification = useCallback(
    (email: string, returnPath?: string) => run((api) => api.resendVerification(email, returnPath)),
    [run],
  );

  const logout = useCallback(async () => {
    try {
      await run((api) => api.signOut());
      setSession(null);
      recoveryFlag.clear();
      setRecovery(false);
      toast(m.logoutSuccess);
    } catch (error) {
      console.warn('Logout failed', error);
      toast({ ...m.logoutFailed, variant: 'destructive' });
    }
  }, [run]);

  const finishRecovery = useCallback(() => {
    recoveryFlag.clear();
    setRecovery(false);
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({
      user: session?.user ?? null,
      session,
      loading: !ready || pending > 0,
      ready,
      recovery,
      login,
      register,
      resendVerification,
      logout,
      finishRecovery,
    }),
    [session, ready, pending, recovery, login, register, resendVerification, logout, finishRecovery],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** Tells the user how the email link they followed went, in one message (issue 28). */
function announceRedirect(redirect: ArrivedRedirect, session: Session | null, onRecovery: () => void) {
  const onResetPage = window.location.pathname === paths.resetPassword;
  if (redirect.kind === 'recovery' && session) {
    onRecovery();
    return;
  }
  if (redirect.kind === 'signed-in' && session) {
    // This browser now knows the link is spent: following it again says so (lib/email-links.ts).
    if (redirect.linkId) usedEmailLinks.remember(redirect.linkId);
    toast({
      title: m.redirect.verifiedTitle,
      description: m.redirect.welcome(profileOf(session.user).firstName || undefined),
    });
    return;
  }
  // A used or expired link (or one whose session could not be read). /reset-password explains it on the page.
  if (onResetPage) return;
  const used = redirect.linkId !== undefined && usedEmailLinks.has(redirect.linkId);
  if (session) {
    toast(
      used
        ? { title: m.redirect.usedTitle, description: m.redirect.used }
        : { title: m.redirect.expiredTitle, description: m.redirect.expired, variant: 'destructive' },
    );
    return;
  }
  // Signed out: the login dialog, holding the one message, with the form it asks for.
  openAuthDialog('login', { notice: used ? 'link-used' : 'link-expired' });
}
