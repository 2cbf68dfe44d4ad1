import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuthContextValue } from '../lib/auth-context';
import { closeAuthDialog, getAuthDialogState } from '../lib/dialog-store';
import { FakeAuthProvider, fakeAuth, fakeSession, fakeUser } from '../testing/fake-auth';
import { AccountNav, MobileAccountNav } from './account-nav';

function renderNav(ui: React.ReactNode, overrides: Partial<AuthContextValue> = {}, path = '/') {
  const auth = fakeAuth(overrides);
  render(
    <MemoryRouter initialEntries={[path]}>
      <FakeAuthProvider value={auth}>{ui}</FakeAuthProvider>
    </MemoryRouter>,
  );
  return { auth, user: userEvent.setup() };
}

function signedIn(metadata: Record<string, unknown>, email = 'ada@example.com') {
  const u = fakeUser({ email, metadata });
  return { user: u, session: fakeSession(u) };
}

afterEach(() => act(() => closeAuthDialog()));

describe('visitors', () => {
  it.each([
    ['desktop', <AccountNav key="d" />],
    ['mobile', <MobileAccountNav key="m" />],
  ])('see Login and Register on %s, each opening the dialog on its tab', async (_, ui) => {
    const { user } = renderNav(ui);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(getAuthDialogState()).toMatchObject({ open: true, tab: 'register' });
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(getAuthDialogState()).toMatchObject({ open: true, tab: 'login' });
  });

  it("on the search tool screen, open the dialog with the Register tab labelled 'Create an Account'", async () => {
    const { user } = renderNav(<AccountNav />, {}, '/thriftingexplorer');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(getAuthDialogState()).toMatchObject({ open: true, tab: 'login', source: 'search' });
  });

  it('before the first session lookup, get the buttons, which a stored session (html[data-session]) swaps for a placeholder', () => {
    renderNav(<AccountNav />, { ready: false, loading: true });
    const login = screen.getByRole('button', { name: 'Login' });
    expect(screen.getByRole('button', { name: 'Register' })).toBeInTheDocument();
    // index.html marks <html data-session> before the first paint; these variants are what hide and show.
    expect(login.parentElement).toHaveClass('[html[data-session]_&]:hidden');
    expect(document.body.querySelector('span[aria-hidden="true"]')).toHaveClass(
      'hidden',
      '[html[data-session]_&]:block',
    );
    expect(screen.queryByRole('button', { name: /account menu/ })).not.toBeInTheDocument();
  });
});

describe('signed-in users', () => {
  it('see their initials and a menu with the welcome line, the email, the search tool, the account and Logout', async () => {
    const { auth, user } = renderNav(<AccountNav />, signedIn({ first_name: 'Ada', last_name: 'Lovelace' }));
    const trigger = await screen.findByRole('button', { name: 'AL, open account menu' });
    expect(trigger).toHaveTextContent('AL');
    expect(screen.queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();
    await user.click(trigger);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Welcome, Ada!')).toBeInTheDocument();
    expect(within(menu).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Thrifting Explorer' })).toHaveAttribute(
      'href',
      '/thriftingexplorer',
    );
    expect(within(menu).getByRole('menuitem', { name: 'My account' })).toHaveAttribute('href', '/account');
    await user.click(within(menu).getByRole('menuitem', { name: 'Logout' }));
    expect(auth.logout).toHaveBeenCalled();
  });

  it('without a name, are welcomed by their email prefix', async () => {
    const { user } = renderNav(<AccountNav />, signedIn({}, 'zoe@x.io'));
    const trigger = await screen.findByRole('button', { name: 'ZO, open account menu' });
    expect(trigger).toHaveTextContent('ZO');
    await user.click(trigger);
    expect(await screen.findByText('Welcome, zoe!')).toBeInTheDocument();
  });

  it('find the same entries, laid out flat, in the mobile menu', async () => {
    const { auth, user } = renderNav(<MobileAccountNav />, signedIn({ first_name: 'Ada' }));
    expect(screen.getByText('Welcome, Ada!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Thrifting Explorer' })).toHaveAttribute(
      'href',
      '/thriftingexplorer',
    );
    expect(screen.getByRole('link', { name: 'My account' })).toHaveAttribute('href', '/account');
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(auth.logout).toHaveBeenCalled();
  });
});
