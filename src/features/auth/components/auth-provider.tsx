import type { Session } from '@supabase/supabase-js';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { errorMessage } from '../api/errors';
import type { SignUpResult } from '../api/sign-up';
import { AuthContext, type AuthContextValue } from '../lib/auth-context';
import { arrivedFromRecoveryLink, clearUrlFragment, recoveryFlag, takeAuthRedirect, type AuthRedirect } from '../lib/auth-redirect';
import { openAuthDialog } from '../lib/dialog-store';
import { profileOf } from '../lib/user-display';
import { authMessages as m } from '../messages';

export type AuthApi = typeof import('../api');

// supabase-js is loaded with the api layer on first need (right after the first render), not in the entry chunk:
// the home page stays small and `loading` covers the wait, which the first session lookup needs anyway.
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

  useEffect(() => {
    let active = true;
    let unsubscribe = () => {};
    void (async () => {
      let api: AuthApi;
      try {
        api = await loadApi();
      } catch (error) {
        // The chunk failed to load (offline, a deploy replaced it): the site still works for visitors.
        console.warn('Could not load the sign-in service', error);
        if (active) setReady(true);
        return;
      }
      if (!active) return;
      unsubscribe = api.subscribeToAuthChanges((event, next) => {
        if (!active) return;
        setSession(next);
        if (event === 'PASSWORD_RECOVERY') {
          recoveryFlag.set();
          setRecovery(true);
        } else if (event === 'SIGNED_OUT') {
          recoveryFlag.clear();
          setRecovery(false);
        }
      });
      let first: Session | null = null;
      try {
        first = await api.getSession();
      } catch (error) {
        console.warn('Could not restore the session', error);
      }
      if (!active) return;
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
    })();
    return () => {
      active = false;
      unsubscribe();
    };
  }, [loadApi]);

  const run = useCallback(
    async <T,>(operation: (api: AuthApi) => Promise<T>): Promise<T> => {
      setPending((n) => n + 1);
      try {
        return await operation(await loadApi());
      } finally {
        setPending((n) => n - 1);
      }
    },
    [loadApi],
  );

  const login = useCallback(
    async (email: string, password: string) => {
      try {
        const next = await run((api) => api.signIn({ email, password }));
        setSession(next);
        toast(m.loginSuccess);
      } catch (error) {
        toast({ title: m.loginFailed.title, description: errorMessage(error, m.loginFailed.fallback), variant: 'destructive' });
        throw error;
      }
    },
    [run],
  );

  const register = useCallback(
    async (firstName: string, lastName: string, email: string, password: string, zip: string): Promise<SignUpResult> => {
      let result: SignUpResult;
      try {
        result = await run((api) => api.signUp({ firstName, lastName, email, password, zip }));
      } catch (error) {
        toast({
          title: m.registrationFailed.title,
          description: errorMessage(error, m.registrationFailed.fallback),
          variant: 'destructive',
        });
        throw error;
      }
      if (result.session) {
        setSession(result.session);
        toast(m.registrationSuccess);
      } else if (result.user) {
        toast(m.verificationRequired);
      }
      return result;
    },
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
      logout,
      finishRecovery,
    }),
    [session, ready, pending, recovery, login, register, logout, finishRecovery],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** Tells the user how the email link they followed went. */
function announceRedirect(redirect: AuthRedirect, session: Session | null, onRecovery: () => void) {
  const onResetPage = window.location.pathname === paths.resetPassword;
  if (redirect.kind === 'recovery' && session) {
    onRecovery();
    return;
  }
  if (redirect.kind === 'signed-in' && session) {
    toast({ title: m.redirect.verifiedTitle, description: m.redirect.welcome(profileOf(session.user).firstName || undefined) });
    return;
  }
  // A used or expired link (or one whose session could not be read). /reset-password explains it on the page.
  if (onResetPage) return;
  toast({ title: m.redirect.expiredTitle, description: m.redirect.expired, variant: 'destructive' });
  if (!session) openAuthDialog('login', { notice: 'link-expired' });
}
