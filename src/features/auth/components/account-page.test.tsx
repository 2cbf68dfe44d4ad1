import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
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

  it("shows the signed-in user's profile, and the saved-searches slot", () => {
    renderPage(<AccountPage savedSearches={<p>Saved searches list</p>} />, ada());
    expect(screen.getByLabelText('First Name')).toHaveValue('Ada');
    expect(screen.getByLabelText('Last Name')).toHaveValue('Lovelace');
    expect(screen.getByLabelText('ZIP Code')).toHaveValue('10001');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByRole('region', { name: 'Saved searches' })).toHaveTextContent('Saved searches list');
  });

  it('checks the profile with the registration rules before saving', async () => {
    const user = renderPage(<AccountPage />, ada());
    const save = screen.getByRole('button', { name: 'Save changes' });
    expect(save).toBeDisabled();
    await user.clear(screen.getByLabelText('First Name'));
    await user.clear(screen.getByLabelText('ZIP Code'));
    await user.type(screen.getByLabelText('ZIP Code'), '123');
    expect(screen.getByText('Must be 5 digits')).toBeInTheDocument();
    await user.click(save);
    expect(await screen.findByText('Please enter your first name')).toBeInTheDocument();
    expect(screen.getByText('Please input a 5 number zip')).toBeInTheDocument();
    expect(screen.getByLabelText('ZIP Code')).toHaveAttribute('aria-invalid', 'true');
  });

  it('checks a new password: at least 6 characters and confirmed', async () => {
    const user = renderPage(<AccountPage />, ada());
    await user.type(screen.getByLabelText('New Password'), 'short');
    await user.type(screen.getByLabelText('Confirm New Password'), 'shorter');
    expect(screen.getByText("Passwords don't match")).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
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
