import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts, Toaster } from '@/components/ui/toast';
import { useAuth, type AuthContextValue } from '../lib/auth-context';
import { captureAuthRedirectForTest } from '../lib/auth-redirect';
import { closeAuthDialog, getAuthDialogState } from '../lib/dialog-store';
import { fakeSession, fakeUser } from '../testing/fake-auth';
import { AuthProvider, type AuthApi } from './auth-provider';

type Listener = (event: AuthChangeEvent, session: Session | null) => void;

function fakeApi(overrides: Partial<Record<keyof AuthApi, unknown>> = {}) {
  let listener: Listener = () => {};
  const api = {
    getSession: vi.fn(async () => null as Session | null),
    subscribeToAuthChanges: vi.fn((l: Listener) => {
      listener = l;
      return () => {};
    }),
    signIn: vi.fn(async () => fakeSession()),
    signUp: vi.fn(async () => ({ user: fakeUser(), session: null as Session | null })),
    signOut: vi.fn(async () => {}),
    ...overrides,
  };
  const load = vi.fn(() => Promise.resolve(api as unknown as AuthApi));
  return {
    api,
    load,
    emit: (event: AuthChangeEvent, session: Session | null) => act(() => listener(event, session)),
  };
}

let current: AuthContextValue;
function Probe() {
  current = useAuth();
  return <p data-testid="state">{current.loading ? 'loading' : (current.user?.email ?? 'visitor')}</p>;
}

function renderProvider(load: () => Promise<AuthApi>) {
  return render(
    <AuthProvider loadApi={load}>
      <Probe />
      <Toaster />
    </AuthProvider>,
  );
}

const state = () => screen.getByTestId('state').textContent;
const toastTexts = () =>
  Array.from(document.querySelectorAll('section[aria-label="Notifications"] li')).map((li) => li.textContent);

const signedInApi = () => fakeApi({ getSession: vi.fn(async () => fakeSession()) });

/** Opens the app at `url`, as following an email link does, and hands its fragment to the provider's redirect. */
function arriveAt(url: string) {
  window.history.replaceState(null, '', url);
  captureAuthRedirectForTest(window.location.hash, window.location.search);
}

/** The fragment of a confirmation link that signed the user in. */
const signupLink = '#access_token=secret&refresh_token=r&expires_in=3600&token_type=bearer&type=signup';

/** What supabase-js leaves in localStorage for a signed-in browser. */
const storeSessionMarker = () => window.localStorage.setItem('sb-127-auth-token', '{"access_token":"a"}');

beforeEach(() => {
  resetToasts();
  captureAuthRedirectForTest('');
  window.localStorage.clear();
});
afterEach(() => act(() => closeAuthDialog()));

describe('session state (SPEC §4)', () => {
  it('is loading until the first session lookup, then follows auth state changes', async () => {
    let resolve!: (s: Session | null) => void;
    storeSessionMarker();
    const { api, load, emit } = fakeApi({
      getSession: vi.fn(() => new Promise<Session | null>((r) => (resolve = r))),
    });
    renderProvider(load);
    expect(state()).toBe('loading');
    await waitFor(() => expect(api.getSession).toHaveBeenCalled());
    expect(state()).toBe('loading');
    await act(async () => resolve(null));
    expect(state()).toBe('visitor');
    emit('SIGNED_IN', fakeSession(fakeUser({ email: 'zoe@example.com' })));
    expect(state()).toBe('zoe@example.com');
    expect(current.session?.access_token).toBe('a');
    emit('SIGNED_OUT', null);
    expect(state()).toBe('visitor');
  });

  it('restores a stored session', async () => {
    storeSessionMarker();
    const { load } = signedInApi();
    renderProvider(load);
    await waitFor(() => expect(state()).toBe('ada@example.com'));
  });

  it('does not load supabase-js for a visitor until the first login', async () => {
    const { api, load } = fakeApi();
    renderProvider(load);
    expect(state()).toBe('visitor');
    expect(load).not.toHaveBeenCalled();
    await act(async () => {
      await current.login('ada@example.com', 'secret1');
    });
    expect(load).toHaveBeenCalledTimes(1);
    expect(api.subscribeToAuthChanges).toHaveBeenCalledTimes(1);
    expect(state()).toBe('ada@example.com');
  });

  it('connects when another tab signs in', async () => {
    const { load } = signedInApi();
    renderProvider(load);
    expect(load).not.toHaveBeenCalled();
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'sb-127-auth-token', newValue: '{}' }));
    });
    await waitFor(() => expect(state()).toBe('ada@example.com'));
  });

  it('throws a clear error when useAuth is used outside the provider', () => {
    const silence = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useAuth())).toThrow(/useAuth must be used within an <AuthProvider>/);
    silence.mockRestore();
  });
});

describe('login', () => {
  it("signs in, is loading meanwhile, and toasts 'Success' / 'You have successfully logged in'", async () => {
    let finish!: (s: Session) => void;
    const { api, load } = fakeApi({ signIn: vi.fn(() => new Promise<Session>((r) => (finish = r))) });
    renderProvider(load);
    await waitFor(() => expect(state()).toBe('visitor'));
    let done!: Promise<void>;
    act(() => {
      done = current.login('ada@example.com', 'secret1');
    });
    await waitFor(() => expect(state()).toBe('loading'));
    expect(api.signIn).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'secret1' });
    await act(async () => {
      finish(fakeSession());
      await done;
    });
    expect(state()).toBe('ada@example.com');
    expect(toastTexts()).toEqual(['SuccessYou have successfully logged in']);
  });

  it("toasts 'Login failed' with the service's message and rethrows", async () => {
    const failure = Object.assign(new Error('Email not confirmed'), {
      status: 400,
      code: 'email_not_confirmed',
    });
    const { load } = fakeApi({ signIn: vi.fn(async () => Promise.reject(failure)) });
    renderProvider(load);
    await waitFor(() => expect(state()).toBe('visitor'));
    await act(async () => {
      await expect(current.login('ada@example.com', 'secret1')).rejects.toBe(failure);
    });
    expect(toastTexts()).toEqual(['Login failedEmail not confirmed']);
    expect(document.querySelector('li[data-variant="destructive"]')).not.toBeNull();
    expect(state()).toBe('visitor');
  });

  it("falls back to 'Invalid email or password' when the service says nothing", async () => {
    const { load } = fakeApi({ signIn: vi.fn(async () => Promise.reject(new Error(''))) });
    renderProvider(load);
    await waitFor(() => expect(state()).toBe('visitor'));
    await act(async () => {
      await expect(current.login('ada@example.com', 'x')).rejects.toThrow();
    });
    expect(toastTexts()).toEqual(['Login failedInvalid email or password']);
  });
});

describe('register', () => {
  const args = ['Ada', 'Lovelace', 'ada@example.com', 'secret1', '10001'] as const;

  it("passes the five values and toasts 'Verification required' when no session comes back", async () => {
    const { api, load } = fakeApi();
    renderProvider(load);
    await waitFor(() => expect(state()).toBe('visitor'));
    await act(async () => {
      const result = await current.register(...args, '/about');
      expect(result.session).toBeNull();
    });
    expect(api.signUp).toHaveBeenCalledWith(
      {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.com',
        password: 'secret1',
        zip: '10001',
      },
      '/about',
    );
    expect(toastTexts()).toEqual(['Verification requiredPlease check your email for a verification link.']);
    expect(state()).toBe('visitor');
  });

  it("leaves the toast out when the caller shows its own 'Check Your Email' view", async () => {
    const { load } = fakeApi();
    renderProvider(load);
    await waitFor(() => expect(state()).toBe('visitor'));
    await act(async () => {
      await current.register(...args, undefined, { confirmsItself: true });
    });
    expect(toastTexts()).toEqual([]);
  });

  it("toasts 'Success' / 'Your account has been created' when a session comes back", async () => {
    const { load } = fakeApi({ signUp: vi.fn(async () => ({ user: fakeUser(), session: fakeSession() })) });
    renderProvider(load);
    await waitFor(() => expect(state()).toBe('visitor'));
    await act(async () => {
      await current.register(...args);
    });
    expect(toastTexts()).toEqual(['SuccessYour account has been created']);
    expect(state()).toBe('ada@example.com');
  });

  it("toasts 'Registration failed' with the service's message, or 'Could not create your account', and rethrows", async () => {
    const signUp = vi
      .fn()
      .mockRejectedValueOnce(new Error('Password should be at least 6 characters.'))
      .mockRejectedValueOnce({});
    const { load } = fakeApi({ signUp });
    renderProvider(load);
    await waitFor(() => expect(state()).toBe('visitor'));
    await act(async () => {
      await expect(current.register(...args)).rejects.toThrow('Password should be at least 6 characters.');
      await expect(current.register(...args)).rejects.toEqual({});
    });
    expect(toastTexts()).toEqual([
      'Registration failedPassword should be at least 6 characters.',
      'Registration failedCould not create your account',
    ]);
  });
});

describe('logout', () => {
  beforeEach(storeSessionMarker);

  it("signs out and toasts 'Logged out' / 'You have been logged out successfully'", async () => {
    const { api, load } = signedInApi();
    renderProvider(load);
    await waitFor(() => expect(state()).toBe('ada@example.com'));
    await act(async () => {
      await current.logout();
    });
    expect(api.signOut).toHaveBeenCalled();
    expect(state()).toBe('visitor');
    expect(toastTexts()).toEqual(['Logged outYou have been logged out successfully']);
  });

  it("toasts the destructive 'Error' / 'There was an error logging out' on failure", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { load } = fakeApi({
      getSession: vi.fn(async () => fakeSession()),
      signOut: vi.fn(async () => Promise.reject(new Error('offline'))),
    });
    renderProvider(load);
    await waitFor(() => expect(state()).toBe('ada@example.com'));
    await act(async () => {
      await current.logout();
    });
    expect(toastTexts()).toEqual(['ErrorThere was an error logging out']);
    expect(document.querySelector('li[data-variant="destructive"]')).not.toBeNull();
    expect(state()).toBe('ada@example.com');
    warn.mockRestore();
  });
});

describe('under React StrictMode (effects run twice in development)', () => {
  it('keeps one subscription and greets once', async () => {
    let active = 0;
    const { load } = fakeApi({
      getSession: vi.fn(async () => fakeSession()),
      subscribeToAuthChanges: vi.fn(() => {
        active++;
        return () => active--;
      }),
    });
    arriveAt(`/${signupLink}`);
    render(
      <StrictMode>
        <AuthProvider loadApi={load}>
          <Probe />
          <Toaster />
        </AuthProvider>
      </StrictMode>,
    );
    await waitFor(() => expect(state()).toBe('ada@example.com'));
    await waitFor(() => expect(toastTexts()).toEqual(['Email verifiedWelcome to Flipwise, Ada!']));
    expect(active).toBe(1);
  });
});

describe('arriving from an email link', () => {
  it('greets the verified user by first name and leaves no token in the URL', async () => {
    arriveAt(`/${signupLink}`);
    const { load } = signedInApi();
    renderProvider(load);
    await waitFor(() => expect(toastTexts()).toEqual(['Email verifiedWelcome to Flipwise, Ada!']));
    expect(window.location.href).toBe(`${window.location.origin}/`);
  });

  const refused =
    '#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired';

  it('a refused link this browser never followed: the login dialog with its one notice, no toast, a clean URL', async () => {
    arriveAt(`/?link=abcdefgh12${refused}`);
    const { load } = fakeApi();
    renderProvider(load);
    await waitFor(() =>
      expect(getAuthDialogState()).toMatchObject({ open: true, tab: 'login', notice: 'link-expired' }),
    );
    expect(toastTexts()).toEqual([]);
    expect(window.location.href).toBe(`${window.location.origin}/`);
  });

  it('the same link again after it confirmed the address here: known to be used (issue 28)', async () => {
    window.localStorage.clear();
    arriveAt(`/thriftingexplorer?q=levis&link=usedlink01${signupLink}`);
    // The id leaves the address at once; the search it returns to stays.
    expect(window.location.search).toBe('?q=levis');
    const first = signedInApi();
    const { unmount } = renderProvider(first.load);
    await waitFor(() => expect(toastTexts()).toEqual(['Email verifiedWelcome to Flipwise, Ada!']));
    unmount();

    arriveAt(`/thriftingexplorer?q=levis&link=usedlink01${refused}`);
    renderProvider(fakeApi().load);
    await waitFor(() =>
      expect(getAuthDialogState()).toMatchObject({ open: true, tab: 'login', notice: 'link-used' }),
    );
    expect(toastTexts()).toEqual(['Email verifiedWelcome to Flipwise, Ada!']);
    expect(window.location.href).toBe(`${window.location.origin}/thriftingexplorer?q=levis`);
  });

  it('a used link while signed in: one toast saying so, no dialog', async () => {
    window.localStorage.setItem('flipwise.used-email-links', JSON.stringify(['usedlink02']));
    arriveAt(`/?link=usedlink02${refused}`);
    renderProvider(signedInApi().load);
    await waitFor(() =>
      expect(toastTexts()).toEqual(['Link already usedThis link was already used: your email is confirmed.']),
    );
    expect(getAuthDialogState().open).toBe(false);
  });

  it('marks a recovery session, so /reset-password offers the new-password form', async () => {
    arriveAt('/reset-password#access_token=secret&refresh_token=r&type=recovery');
    const { load } = signedInApi();
    renderProvider(load);
    await waitFor(() => expect(current.recovery).toBe(true));
    expect(window.location.href).toBe(`${window.location.origin}/reset-password`);
    expect(toastTexts()).toEqual([]);
    act(() => current.finishRecovery());
    expect(current.recovery).toBe(false);
  });
});
