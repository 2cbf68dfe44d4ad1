import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts, Toaster } from '@/components/ui/toast';
import { closeAuthDialog, getAuthDialogState, openAuthDialog } from '../lib/dialog-store';
import { FakeAuthProvider, fakeAuth, fakeSession, fakeUser } from '../testing/fake-auth';
import type { AuthContextValue } from '../lib/auth-context';
import AuthDialog from './auth-dialog';

function setup(overrides: Partial<AuthContextValue> = {}) {
  const auth = fakeAuth(overrides);
  const user = userEvent.setup();
  render(
    <FakeAuthProvider value={auth}>
      <AuthDialog />
      <Toaster />
    </FakeAuthProvider>,
  );
  return { auth, user };
}

const dialog = () => screen.getByRole('dialog');
const field = (name: string) => within(dialog()).getByLabelText(name, { exact: true });
/** Toasts live outside the modal dialog (which hides the rest of the page from assistive tech): query by text. */
const toastWith = (text: string) =>
  screen.getByText(text, { selector: 'section[aria-label="Notifications"] p' });
/** Every visible text about the passwords matching: the field's hint and the toasts. */
const matchTexts = () => screen.queryAllByText(/match/, { selector: 'p' }).map((p) => p.textContent);

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

beforeEach(() => resetToasts());
afterEach(() => act(() => closeAuthDialog()));

describe('opening', () => {
  it('opens on the login tab by default, at most 425 px wide', () => {
    setup();
    act(() => openAuthDialog());
    expect(screen.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { name: 'Login to your account' })).toBeInTheDocument();
    expect(dialog().className).toContain('max-w-[425px]');
    expect(field('Email')).toHaveFocus();
  });

  it('opens on the requested tab and resets to it on every opening', async () => {
    const { user } = setup();
    act(() => openAuthDialog('register'));
    expect(screen.getByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Login' }));
    expect(screen.getByRole('heading', { name: 'Login to your account' })).toBeInTheDocument();
    act(() => closeAuthDialog());
    act(() => openAuthDialog('register'));
    expect(screen.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');
  });

  it("labels the Register tab 'Create an Account' when opened from the search tool", () => {
    setup();
    act(() => openAuthDialog('login', { source: 'search' }));
    expect(screen.getByRole('tab', { name: 'Create an Account' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Register' })).not.toBeInTheDocument();
  });
});

describe('login tab', () => {
  it('shows the verify notice, the fields and what the account gives', () => {
    setup();
    act(() => openAuthDialog('login'));
    expect(within(dialog()).getByText(/verify your email before logging in.*spam/i)).toBeInTheDocument();
    expect(within(dialog()).getByText(/access to your profile and saved searches/i)).toBeInTheDocument();
    expect(field('Email')).toHaveAttribute('type', 'email');
    expect(field('Password')).toHaveAttribute('type', 'password');
  });

  it('goes Email, Password, Login, Forgot password? from the keyboard', async () => {
    const { user } = setup();
    act(() => openAuthDialog('login'));
    expect(field('Email')).toHaveFocus();
    await user.tab();
    expect(field('Password')).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Login' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Forgot password?' })).toHaveFocus();
  });

  it("requires both fields: 'Error' / 'Please fill out all fields'", async () => {
    const { auth, user } = setup();
    act(() => openAuthDialog('login'));
    await user.type(field('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(toastWith('Please fill out all fields')).toBeInTheDocument();
    expect(toastWith('Error').closest('li')).toHaveAttribute('data-variant', 'destructive');
    // The toaster is hidden from assistive tech behind the modal: the dialog repeats it in its own live region.
    expect(within(dialog()).getByRole('status')).toHaveTextContent('Error: Please fill out all fields');
    expect(auth.login).not.toHaveBeenCalled();
  });

  it("shows 'Logging in...' and disables the button while busy, then closes on success", async () => {
    const pending = deferred();
    const { auth, user } = setup({ login: vi.fn(() => pending.promise) });
    act(() => openAuthDialog('login'));
    await user.type(field('Email'), 'ada@example.com');
    await user.type(field('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    const busy = screen.getByRole('button', { name: 'Logging in...' });
    expect(busy).toBeDisabled();
    expect(auth.login).toHaveBeenCalledWith('ada@example.com', 'secret1');
    await act(async () => pending.resolve());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(getAuthDialogState().open).toBe(false);
  });

  it('stays open when the login fails, and logs the failure to the console', async () => {
    const failure = new Error('Invalid login credentials');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = setup({ login: vi.fn(async () => Promise.reject(failure)) });
    act(() => openAuthDialog('login'));
    await user.type(field('Email'), 'ada@example.com');
    await user.type(field('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeEnabled();
    expect(dialog()).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('Login failed', failure);
    logged.mockRestore();
  });
});

describe('an unverified email', () => {
  const unconfirmed = Object.assign(new Error('Email not confirmed'), { code: 'email_not_confirmed' });

  async function refusedLogin(overrides: Partial<AuthContextValue> = {}) {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const setupResult = setup({ login: vi.fn(async () => Promise.reject(unconfirmed)), ...overrides });
    act(() => openAuthDialog('login', { returnPath: '/blog' }));
    await setupResult.user.type(field('Email'), 'ada@example.com');
    await setupResult.user.type(field('Password'), 'secret1');
    await setupResult.user.click(screen.getByRole('button', { name: 'Login' }));
    await within(dialog()).findByRole('button', { name: 'Resend verification email' });
    logged.mockRestore();
    return setupResult;
  }

  it('is offered a new link, sent to that address and back to the page, then a minute to wait', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { auth, user } = await refusedLogin();
      await user.click(within(dialog()).getByRole('button', { name: 'Resend verification email' }));
      expect(auth.resendVerification).toHaveBeenCalledWith('ada@example.com', '/blog');
      expect(
        within(within(dialog()).getByTestId('resend-verification')).getByRole('status'),
      ).toHaveTextContent(/ada@example\.com has an account waiting.*new link/);
      const again = within(dialog()).getByRole('button', { name: 'Resend verification email' });
      expect(again).toBeDisabled();
      expect(within(dialog()).getByText('You can ask for another email in 60 s.')).toBeInTheDocument();
      for (let second = 0; second < 60; second++) await act(async () => vi.advanceTimersByTime(1000));
      expect(again).toBeEnabled();
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows the service's refusal when the email cannot be sent", async () => {
    const { user } = await refusedLogin({
      resendVerification: vi.fn(async () => Promise.reject(new Error('email rate limit exceeded'))),
    });
    await user.click(within(dialog()).getByRole('button', { name: 'Resend verification email' }));
    expect(await within(dialog()).findByText('email rate limit exceeded')).toBeInTheDocument();
    expect(within(dialog()).getByRole('button', { name: 'Resend verification email' })).toBeEnabled();
  });

  it('is not offered for a wrong password', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = setup({
      login: vi.fn(async () => Promise.reject(new Error('Invalid login credentials'))),
    });
    act(() => openAuthDialog('login'));
    await user.type(field('Email'), 'ada@example.com');
    await user.type(field('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeEnabled();
    expect(
      within(dialog()).queryByRole('button', { name: 'Resend verification email' }),
    ).not.toBeInTheDocument();
    logged.mockRestore();
  });
});

describe('register tab', () => {
  async function fill(
    user: ReturnType<typeof userEvent.setup>,
    values: Partial<Record<string, string>> = {},
  ) {
    const v = {
      'First Name': 'Ada',
      'Last Name': 'Lovelace',
      Email: 'ada@example.com',
      'ZIP Code': '10001',
      Password: 'secret1',
      'Confirm Password': 'secret1',
      ...values,
    };
    for (const [label, value] of Object.entries(v)) if (value) await user.type(field(label), value);
  }
  const createButton = () => within(dialog()).getByRole('button', { name: 'Create Account' });
  const terms = () => within(dialog()).getByRole('checkbox');

  it('shows the title, the purpose and the terms link opening in a new tab', () => {
    setup();
    act(() => openAuthDialog('register'));
    expect(within(dialog()).getByText(/track market data and save your searches/i)).toBeInTheDocument();
    const link = within(dialog()).getByRole('link', { name: 'Terms and Conditions' });
    expect(link).toHaveAttribute('href', '/terms');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(field('ZIP Code')).toHaveAttribute('maxLength', '5');
    expect(field('Password')).toHaveAttribute('minLength', '6');
  });

  it("gives live hints: 'Valid ZIP' / 'Must be 5 digits', 'Minimum 6 characters', 'Passwords match' / 'Passwords don't match'", async () => {
    const { user } = setup();
    act(() => openAuthDialog('register'));
    expect(within(dialog()).getByText('Minimum 6 characters')).toBeInTheDocument();
    expect(within(dialog()).queryByText('Must be 5 digits')).not.toBeInTheDocument();
    await user.type(field('ZIP Code'), '100');
    expect(within(dialog()).getByText('Must be 5 digits')).toBeInTheDocument();
    await user.type(field('ZIP Code'), '01');
    expect(within(dialog()).getByText('Valid ZIP')).toBeInTheDocument();
    await user.type(field('ZIP Code'), '9');
    expect(field('ZIP Code')).toHaveValue('10001');
    await user.type(field('Password'), 'secret1');
    expect(matchTexts()).toEqual([]);
    await user.type(field('Confirm Password'), 'secret');
    // SPEC §2's live words, with a straight apostrophe; the submit's 'Passwords do not match' is not shown beside them.
    expect(matchTexts()).toEqual(["Passwords don't match"]);
    expect(field('Confirm Password')).toHaveAttribute('aria-invalid', 'true');
    await user.type(field('Confirm Password'), '1');
    expect(matchTexts()).toEqual(['Passwords match']);
  });

  it('disables Create Account until terms are accepted, while passwords differ, and while a non-empty ZIP is invalid', async () => {
    const { user } = setup();
    act(() => openAuthDialog('register'));
    expect(createButton()).toBeDisabled();
    await user.click(terms());
    expect(createButton()).toBeEnabled();
    await user.type(field('ZIP Code'), '123');
    expect(createButton()).toBeDisabled();
    await user.type(field('ZIP Code'), '45');
    expect(createButton()).toBeEnabled();
    await user.type(field('Password'), 'secret1');
    expect(createButton()).toBeDisabled();
    await user.type(field('Confirm Password'), 'secret1');
    expect(createButton()).toBeEnabled();
    await user.click(terms());
    expect(createButton()).toBeDisabled();
  });

  // The button is disabled for rules 2 to 4, so those are reached by submitting the form directly (e.g. Enter in
  // a browser without the disabled state): the order of the checks must hold whatever path led there.
  const submit = () => fireEvent.submit(createButton().closest('form')!);

  it("1. 'Please fill out all fields' comes first", async () => {
    const { auth, user } = setup();
    act(() => openAuthDialog('register'));
    await fill(user, { 'Last Name': '', 'ZIP Code': '12', 'Confirm Password': 'other' });
    submit();
    expect(await screen.findByText('Please fill out all fields')).toBeInTheDocument();
    expect(screen.queryByText('Please input a 5 number zip')).not.toBeInTheDocument();
    expect(auth.register).not.toHaveBeenCalled();
  });

  it('1. also through the enabled button: terms ticked, fields empty', async () => {
    const { auth, user } = setup();
    act(() => openAuthDialog('register'));
    await user.click(terms());
    await user.click(createButton());
    expect(toastWith('Please fill out all fields')).toBeInTheDocument();
    expect(toastWith('Error').closest('li')).toHaveAttribute('data-variant', 'destructive');
    expect(auth.register).not.toHaveBeenCalled();
  });

  it("2. then 'Please input a 5 number zip'", async () => {
    const { auth, user } = setup();
    act(() => openAuthDialog('register'));
    await fill(user, { 'ZIP Code': '1234', 'Confirm Password': 'other' });
    submit();
    expect(await screen.findByText('Please input a 5 number zip')).toBeInTheDocument();
    // One toast, for the first rule broken; the field's live hint still says the passwords differ, in its own words.
    expect(screen.queryByText('Passwords do not match')).not.toBeInTheDocument();
    expect(within(dialog()).getByText("Passwords don't match")).toBeInTheDocument();
    expect(auth.register).not.toHaveBeenCalled();
  });

  it("3. then 'Passwords do not match', as the toast, with the live hint quiet meanwhile", async () => {
    const { auth, user } = setup();
    act(() => openAuthDialog('register'));
    await fill(user, { 'Confirm Password': 'secret2' });
    expect(within(dialog()).getByText("Passwords don't match")).toBeInTheDocument();
    submit();
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(toastWith('Error').closest('li')).toHaveAttribute('data-variant', 'destructive');
    // One mistake, one text on screen: the hint gives way to the toast, and is back once the toast has gone.
    expect(matchTexts()).toEqual(['Passwords do not match']);
    expect(within(dialog()).getByRole('status')).toHaveTextContent('Error: Passwords do not match');
    expect(field('Confirm Password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Please accept the Terms and Conditions to continue')).not.toBeInTheDocument();
    expect(auth.register).not.toHaveBeenCalled();
    act(() => resetToasts());
    expect(matchTexts()).toEqual(["Passwords don't match"]);
  });

  it("4. then 'Please accept the Terms and Conditions to continue'", async () => {
    const { auth, user } = setup();
    act(() => openAuthDialog('register'));
    await fill(user);
    submit();
    expect(await screen.findByText('Please accept the Terms and Conditions to continue')).toBeInTheDocument();
    expect(toastWith('Error').closest('li')).toHaveAttribute('data-variant', 'destructive');
    expect(auth.register).not.toHaveBeenCalled();
  });

  it("shows 'Creating account...' while busy, then 'Check Your Email' whose Done closes everything", async () => {
    const pending = deferred<{ user: ReturnType<typeof fakeUser>; session: null }>();
    const { auth, user } = setup({ register: vi.fn(() => pending.promise) });
    act(() => openAuthDialog('register', { returnPath: '/thriftingexplorer?q=levis&condition=pre_owned' }));
    await fill(user, { Email: '  Ada@Example.com' });
    await user.click(terms());
    await user.click(createButton());
    expect(within(dialog()).getByRole('button', { name: 'Creating account...' })).toBeDisabled();
    // The confirmation link is to return to the page the dialog was opened for (decision 040).
    expect(auth.register).toHaveBeenCalledWith(
      'Ada',
      'Lovelace',
      expect.stringMatching(/Ada@Example\.com/),
      'secret1',
      '10001',
      '/thriftingexplorer?q=levis&condition=pre_owned',
      { confirmsItself: true },
    );
    await act(async () => pending.resolve({ user: fakeUser(), session: null }));
    expect(screen.getByRole('heading', { name: 'Check Your Email' })).toBeInTheDocument();
    // Nothing arrived? A new link to the address just registered, back to the same page.
    await user.click(within(dialog()).getByRole('button', { name: 'Resend verification email' }));
    expect(auth.resendVerification).toHaveBeenCalledWith(
      expect.stringMatching(/Ada@Example\.com/),
      '/thriftingexplorer?q=levis&condition=pre_owned',
    );
    expect(within(dialog()).getByText(/verify your email before logging in.*spam/i)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The registered state does not survive a new opening.
    act(() => openAuthDialog('register'));
    expect(screen.getByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
    expect(field('First Name')).toHaveValue('');
  });

  it('closes instead when the service signs the new user in at once (no email to check)', async () => {
    const { user } = setup({ register: vi.fn(async () => ({ user: fakeUser(), session: fakeSession() })) });
    act(() => openAuthDialog('register'));
    await fill(user);
    await user.click(terms());
    await user.click(createButton());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('stays open on failure and logs it to the console', async () => {
    const failure = new Error('Password should be at least 6 characters.');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = setup({ register: vi.fn(async () => Promise.reject(failure)) });
    act(() => openAuthDialog('register'));
    await fill(user);
    await user.click(terms());
    await user.click(createButton());
    expect(await within(dialog()).findByRole('button', { name: 'Create Account' })).toBeEnabled();
    expect(screen.getByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('Registration failed', failure);
    logged.mockRestore();
  });
});

describe('forgot password', () => {
  it('switches the login tab to the reset request and back', async () => {
    const { user } = setup();
    act(() => openAuthDialog('login'));
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(screen.getByRole('heading', { name: 'Reset your password' })).toBeInTheDocument();
    // A view of its own: neither tab claims it.
    for (const tab of within(dialog()).getAllByRole('tab'))
      expect(tab).toHaveAttribute('aria-selected', 'false');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(within(dialog()).getByText('Please fill out all fields')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to login' }));
    expect(screen.getByRole('heading', { name: 'Login to your account' })).toBeInTheDocument();
    expect(within(dialog()).getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
  });

  it('leaves the reset request for either tab', async () => {
    const { user } = setup();
    act(() => openAuthDialog('login'));
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    await user.click(within(dialog()).getByRole('tab', { name: 'Login' }));
    expect(screen.getByRole('heading', { name: 'Login to your account' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    await user.click(within(dialog()).getByRole('tab', { name: 'Register' }));
    expect(screen.getByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
  });

  it('explains a refused email link above the login form, in place of the verify reminder, never sending anyone to register again', () => {
    setup();
    act(() => openAuthDialog('login', { notice: 'link-expired' }));
    expect(within(dialog()).getByRole('alert')).toHaveTextContent(/invalid or has expired/);
    expect(within(dialog()).queryByText(/register again/)).not.toBeInTheDocument();
    expect(
      within(dialog()).queryByText(/Please verify your email before logging in/),
    ).not.toBeInTheDocument();
  });

  it('says a used link confirmed the address, as the one message above the login form (issue 28)', () => {
    setup();
    act(() => openAuthDialog('login', { notice: 'link-used' }));
    expect(within(dialog()).getByRole('alert')).toHaveTextContent(
      'This link was already used: your email is confirmed, log in',
    );
    expect(within(dialog()).getAllByRole('alert')).toHaveLength(1);
    expect(
      within(dialog()).queryByText(/Please verify your email before logging in/),
    ).not.toBeInTheDocument();
    expect(within(dialog()).getByLabelText('Email')).toBeInTheDocument();
  });
});
