import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { resetToasts, toast, Toaster } from '@/components/ui/toast';

function renderOpenDialog() {
  return render(
    <>
      <main>Page behind the dialog</main>
      <Dialog open>
        <DialogContent>
          <DialogTitle>Sign in</DialogTitle>
          <DialogDescription>Use your email address.</DialogDescription>
        </DialogContent>
      </Dialog>
      <Toaster />
    </>,
  );
}

afterEach(() => resetToasts());

describe('DialogContent and toasts', () => {
  it('repeats a toast raised while it is open inside the dialog, where assistive tech can reach it', () => {
    renderOpenDialog();
    // The modal hides the page and the toaster from assistive tech: role queries skip them.
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
    act(
      () => void toast({ title: 'Error', description: 'Please fill out all fields', variant: 'destructive' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Sign in' });
    expect(within(dialog).getByRole('status')).toHaveTextContent('Error: Please fill out all fields');
  });

  it('does not repeat toasts raised before it opened', () => {
    act(() => void toast({ title: 'Logged out' }));
    renderOpenDialog();
    expect(within(screen.getByRole('dialog')).getByRole('status')).toHaveTextContent(/^$/);
  });
});

/** A dialog opened from code (no Dialog.Trigger), as the auth and no-sold dialogs are. */
function OpenedFromCode({
  removeOpener = false,
  withoutScroll = false,
}: {
  removeOpener?: boolean;
  withoutScroll?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <main id="main" tabIndex={-1}>
        {removeOpener && opened ? (
          <p>Signed in</p>
        ) : (
          <button
            type="button"
            onClick={() => {
              setOpen(true);
              setOpened(true);
            }}
          >
            Login
          </button>
        )}
      </main>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent returnFocusWithoutScroll={withoutScroll}>
          <DialogTitle>Sign in</DialogTitle>
          <DialogDescription>Use your email address.</DialogDescription>
          <input aria-label="Email" />
        </DialogContent>
      </Dialog>
    </>
  );
}

describe('DialogContent and focus', () => {
  it('gives focus back to the button that opened it on Escape', async () => {
    const user = userEvent.setup();
    render(<OpenedFromCode />);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toHaveFocus();
  });

  it('gives focus back to the opener from its close button', async () => {
    const user = userEvent.setup();
    render(<OpenedFromCode />);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('button', { name: 'Login' })).toHaveFocus();
  });

  it('gives focus back without scrolling to the opener when asked to keep the page where it is', async () => {
    const user = userEvent.setup();
    render(<OpenedFromCode withoutScroll />);
    const login = screen.getByRole('button', { name: 'Login' });
    const focus = vi.spyOn(login, 'focus');
    await user.click(login);
    await user.keyboard('{Escape}');
    expect(login).toHaveFocus();
    expect(focus).toHaveBeenLastCalledWith({ preventScroll: true });
  });

  it('puts focus on the main region when the opener has gone', async () => {
    const user = userEvent.setup();
    render(<OpenedFromCode removeOpener />);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('main')).toHaveFocus();
  });
});
