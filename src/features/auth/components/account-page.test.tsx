import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuthContextValue } from '../lib/auth-context';
import { closeAuthDialog, getAuthDialogState } from '../lib/dialog-store';
import { FakeAuthProvider, fakeAuth, fakeSession, fakeUser } from '../testing/fake-auth';
import { AccountPage } from './account-page';
import { ResetPasswordPage } from './reset-password-page';

function renderPage(ui: React.ReactNode, overrides: Partial<AuthContextValue> = {}) {
  render(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient()}>
        <FakeAuthProvider value={fakeAuth(overrides)}>{ui}</FakeAuthProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

const ada = () => {
  const user = fakeUser();
  return { user, session: fakeSession(user) };
};

afterEach(() => act(() => closeAuthDialog()));

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
    await user.type(screen.getByLabelText('New Password'), 'short');
    await user.type(screen.getByLabelText('Confirm New Password'), 'shorter');
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password must be at least 6 characters')).toBeInTheDocument();
    // One mistake, one message, in one wording: the error replaces the live hint rather than joining it.
    expect(screen.getAllByText('Passwords do not match')).toHaveLength(1);
    expect(screen.queryByText(/don't match/)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Confirm New Password'), 'x');
    await user.clear(screen.getByLabelText('Confirm New Password'));
    await user.type(screen.getByLabelText('Confirm New Password'), 'short');
    expect(await screen.findByText('Passwords match')).toBeInTheDocument();
    expect(screen.queryByText('Passwords do not match')).not.toBeInTheDocument();
  });
});

describe('/reset-password', () => {
  it('offers the new-password form to a recovery session', () => {
    renderPage(<ResetPasswordPage />, { ...ada(), recovery: true });
    expect(screen.getByRole('heading', { name: 'Set a new password' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Set new password' })).toBeInTheDocument();
  });

  it('explains a spent link and offers a new one without a recovery session', () => {
    renderPage(<ResetPasswordPage />);
    expect(screen.getByRole('alert')).toHaveTextContent('This reset link is invalid or has expired');
    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeInTheDocument();
  });
});
