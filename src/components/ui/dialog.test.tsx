import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
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
