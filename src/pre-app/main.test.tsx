import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts, Toaster } from '@/components/ui/toast';
import AuthDialog from '@/features/auth/components/auth-dialog';
import { AuthDialogShell, distinctIds } from '@/features/auth/components/auth-dialog-shell';
import { AUTH_SHELL } from '@/features/auth/lib/auth-shell';
import { ShareToastShell } from '@/features/blog/components/share-toast-shell';
import { closeAuthDialog, openAuthDialog } from '@/features/auth/lib/dialog-store';
import { FakeAuthProvider, fakeAuth } from '@/features/auth/testing/fake-auth';
import { answer, SHELL } from './main';

// The static copy as the prerender writes it (src/entry-server.tsx, renderPreApp).
const markup = distinctIds(
  renderToStaticMarkup(
    <MemoryRouter>
      <FakeAuthProvider value={fakeAuth()}>
        <AuthDialogShell />
        <ShareToastShell />
      </FakeAuthProvider>
    </MemoryRouter>,
    { identifierPrefix: 'pre-app-' },
  ),
);

function page() {
  document.body.innerHTML =
    '<div id="root"><header><button data-auth-tab="login">Login</button><button data-auth-tab="register">Register</button></header></div>';
  window.__FLIPWISE_PRE_APP__ = Promise.resolve(markup);
  return {
    login: screen.getByRole('button', { name: 'Login' }),
    register: screen.getByRole('button', { name: 'Register' }),
  };
}

/** Holds the tap as the boot script does, and hands it to the module. */
async function tap(opener: HTMLElement) {
  window.__FLIPWISE_HELD__ = { type: 'click', target: opener };
  answer(opener);
  return screen.findByRole('dialog');
}

beforeEach(() => resetToasts());
afterEach(() => {
  act(() => closeAuthDialog());
  delete window.__FLIPWISE_HELD__;
  delete window.__FLIPWISE_PRE_APP__;
  document.body.innerHTML = '';
});

describe('the pre-app copy of the auth dialog', () => {
  it('uses the names the app reads it by', () => {
    expect(SHELL).toEqual(AUTH_SHELL);
  });

  it('opens at once on the tab tapped, named by its title, with focus in the first field and the page hidden', async () => {
    const { register } = page();
    const dialog = await tap(register);
    expect(dialog).toHaveAccessibleName('Create your account');
    expect(within(dialog).getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');
    const panel = within(dialog).getByRole('tabpanel');
    expect(within(panel).getByLabelText('First Name')).toHaveFocus();
    expect(within(panel).getByLabelText('Confirm Password')).toBeInTheDocument();
    expect(document.getElementById('root')).toHaveAttribute('aria-hidden', 'true');
  });

  it('switches tabs, and Escape closes it, cancels the held tap and gives focus back to the button', async () => {
    const user = userEvent.setup();
    const { login } = page();
    const dialog = await tap(login);
    expect(dialog).toHaveAccessibleName('Login to your account');
    await user.click(within(dialog).getByRole('tab', { name: 'Register' }));
    expect(dialog).toHaveAccessibleName('Create your account');
    expect(within(dialog).getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'false');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(window.__FLIPWISE_HELD__).toBeUndefined();
    expect(login).toHaveFocus();
    expect(document.getElementById('root')).not.toHaveAttribute('aria-hidden');
  });

  it("hands over to the app's dialog: the same tab, what was typed, the focused field, and a submit made meanwhile", async () => {
    const user = userEvent.setup();
    const { login } = page();
    const copy = await tap(login);
    const panel = within(within(copy).getByRole('tabpanel'));
    await user.type(panel.getByLabelText('Email'), 'sam@example.com');
    await user.type(panel.getByLabelText('Password'), 'secret-pass');
    await user.click(panel.getByRole('button', { name: 'Login' }));

    // The app has hydrated and replays the held tap: its own dialog opens over the copy.
    const auth = fakeAuth();
    render(
      <FakeAuthProvider value={auth}>
        <AuthDialog />
        <Toaster />
      </FakeAuthProvider>,
      { container: document.getElementById('root')!.appendChild(document.createElement('div')) },
    );
    act(() => openAuthDialog('login'));

    expect(document.getElementById(AUTH_SHELL.id)).toBeNull();
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByLabelText('Email')).toHaveValue('sam@example.com');
    expect(within(dialog).getByLabelText('Password')).toHaveValue('secret-pass');
    await waitFor(() => expect(auth.login).toHaveBeenCalledWith('sam@example.com', 'secret-pass'));
  });

  it('leaves a tap the app has already taken to the app', async () => {
    const { login } = page();
    window.__FLIPWISE_HYDRATED__ = true;
    try {
      answer(login);
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    } finally {
      delete window.__FLIPWISE_HYDRATED__;
    }
  });
});

describe("the pre-app answer to an article's Share", () => {
  function article() {
    document.body.innerHTML =
      '<div id="root"><main><h1>Sell-through explained</h1><button data-share="">Share</button></main></div>';
    window.__FLIPWISE_PRE_APP__ = Promise.resolve(markup);
    const share = screen.getByRole('button', { name: 'Share' });
    window.__FLIPWISE_HELD__ = { type: 'click', target: share };
    return share;
  }

  it('copies the address, says so in a toast, and takes the tap from the app', async () => {
    const user = userEvent.setup();
    answer(article());
    expect(window.__FLIPWISE_HELD__).toBeUndefined();
    const toast = await screen.findByRole('status');
    expect(toast).toHaveTextContent('Link copied');
    expect(toast).toHaveTextContent('The article address is on your clipboard.');
    expect(screen.queryByText("Couldn't copy the link")).not.toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(location.href);
    await user.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says when the address could not be copied', async () => {
    userEvent.setup();
    const refuse = vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    try {
      answer(article());
      expect(await screen.findByRole('alert')).toHaveTextContent("Couldn't copy the link");
      expect(screen.queryByText('Link copied')).not.toBeInTheDocument();
    } finally {
      refuse.mockRestore();
    }
  });
});
