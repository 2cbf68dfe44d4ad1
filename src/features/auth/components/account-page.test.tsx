import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetToasts, Toaster } from '@/components/ui/toast';
import type { AuthContextValue } from '../lib/auth-context';
import { closeAuthDialog, getAuthDialogState } from '../lib/dialog-store';
import { FakeAuthProvider, fakeAuth, fakeSession, fakeUser } from '../testing/fake-auth';
import { AccountPage } from './account-page';
import { ResetPasswordPage } from './reset-password-page';

function renderPage(ui: React.ReactNode, overrides: Partial<AuthContextValue> = {}) {
  render(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient()}>
        <FakeAuthProvider value={fakeAuth(overrides)}>
          {ui}
          <Toaster />
        </FakeAuthProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

const ada = () => {
  const user = fakeUser();
  return { user, session: fakeSession(user) };
};

beforeEach(() => resetToasts());
afterEach(() => act(() => closeAuthDialog()));

/** Every visible text about the passwords matching: the field's hint and the toasts. */
const matchTexts = () => screen.queryAllByText(/match/, { selector: 'p' }).map((p) => p.textContent);

describe('/account', () => {
  it('asks visitors to log in and opens the login dialog', async () => {
    const user = renderPage(<AccountPage />);
    expect(screen.getByRole('heading', { name: 'Log in to see your account' })).toBeInTheDocument();
    expect(getAuthDialogState()).toMatchObject({ open: true, tab: 'login' });
    act(() => closeAuthDialog());
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(getAuthDialogState().open).toBe(true);
  });

  it('says it is loading before the first session lookup', () => {
    renderPage(<AccountPage />, { ready: false, loading: true });
    expect(screen.getByRole('status')).toHaveTextContent('Loading your account...');
    expect(getAuthDialogState().open).toBe(false);
  });

  it("shows the signed-in user's saved searches first, then the profile", () => {
    renderPage(<AccountPage savedSearches={<p>Saved searches list</p>} />, ada());
    const saved = screen.getByRole('region', { name: 'Saved searches' });
    expect(
      saved.compareDocumentPosition(screen.getByRole('heading', { name: 'Profile' })) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(screen.getByLabelText('First Name')).toHaveValue('Ada');
    expect(screen.getByLabelText('Last Name')).toHaveValue('Lovelace');
    expect(screen.getByLabelText('ZIP Code')).toHaveValue('10001');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByRole('region', { name: 'Saved searches' })).toHaveTextContent('Saved searches list');
  });

  it('offers Save changes only for a valid, changed profile, with one message per field', async () => {
    const user = renderPage(<AccountPage />, ada());
    const save = screen.getByRole('button', { name: 'Save changes' });
    expect(save).toBeDisabled();
    const zip = screen.getByLabelText('ZIP Code');
    await user.clear(zip);
    await user.type(zip, '123');
    expect(screen.getByText('Must be 5 digits')).toBeInTheDocument();
    expect(screen.queryByText('Please input a 5 number zip')).not.toBeInTheDocument();
    expect(zip).toHaveAttribute('aria-invalid', 'true');
    expect(save).toBeDisabled();
    await user.type(zip, '45');
    expect(screen.getByText('Valid ZIP')).toBeInTheDocument();
    await waitFor(() => expect(save).toBeEnabled());
    await user.clear(screen.getByLabelText('First Name'));
    expect(await screen.findByText('Please enter your first name')).toBeInTheDocument();
    expect(save).toBeDisabled();
  });

  it('checks a new password: at least 6 characters and confirmed', async () => {
    const user = renderPage(<AccountPage />, ada());
    const confirm = () => screen.getByLabelText('Confirm New Password');
    await user.type(screen.getByLabelText('New Password'), 'short');
    await user.type(confirm(), 'shorter');
    // SPEC §2's live hint while typing, in its own words.
    expect(matchTexts()).toEqual(["Passwords don't match"]);
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    // Two mistakes, one text each: the length under its field, the mismatch as the toast (the hint quiet meanwhile).
    expect(await screen.findByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(matchTexts()).toEqual(['Passwords do not match']);
    act(() => resetToasts());
    expect(matchTexts()).toEqual(["Passwords don't match"]);
    await user.clear(confirm());
    await user.type(confirm(), 'short');
    expect(await screen.findByText('Passwords match')).toBeInTheDocument();
    expect(screen.queryByText(/don't match/)).not.toBeInTheDocument();
  });

  it("says a mismatch on submit once: the toast 'Error' / 'Passwords do not match', the live hint quiet meanwhile", async () => {
    const user = renderPage(<AccountPage />, ada());
    await user.type(screen.getByLabelText('New Password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm New Password'), 'secret2');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    const notifications = screen.getByRole('region', { name: 'Notifications' });
    expect(await within(notifications).findByText('Passwords do not match')).toBeInTheDocument();
    expect(within(notifications).getByText('Error')).toBeInTheDocument();
    expect(matchTexts()).toEqual(['Passwords do not match']);
    expect(screen.getByLabelText('Confirm New Password')).toHaveAttribute('aria-invalid', 'true');
    act(() => resetToasts());
    expect(matchTexts()).toEqual(["Passwords don't match"]);
    await user.type(screen.getByLabelText('Confirm New Password'), '{Backspace}1');
    expect(matchTexts()).toEqual(['Passwords match']);
    expect(screen.queryByText('Password changed')).not.toBeInTheDocument();
  });
});

describe('/reset-password', () => {
  it('offers the new-password form to a recovery session', () => {
    renderPage(<ResetPasswordPage />, { ...ada(), recovery: true });
    expect(screen.getByRole('heading', { name: 'Set a new password' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Set new password' })).toBeInTheDocument();
  });

  it("gives the same live hint under Confirm New Password: 'Passwords don't match' / 'Passwords match'", async () => {
    const user = renderPage(<ResetPasswordPage />, { ...ada(), recovery: true });
    await user.type(screen.getByLabelText('New Password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm New Password'), 'secret');
    expect(matchTexts()).toEqual(["Passwords don't match"]);
    await user.type(screen.getByLabelText('Confirm New Password'), '1');
    expect(matchTexts()).toEqual(['Passwords match']);
  });

  it('explains a spent link and offers a new one without a recovery session', () => {
    renderPage(<ResetPasswordPage />);
    expect(screen.getByRole('alert')).toHaveTextContent('This reset link is invalid or has expired');
    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeInTheDocument();
  });
});
