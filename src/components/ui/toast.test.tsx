import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts, toast, Toaster } from './toast';

afterEach(() => {
  act(() => resetToasts());
  vi.useRealTimers();
});

describe('toast', () => {
  it('runs its action and closes when the action is pressed', () => {
    const undo = vi.fn();
    render(<Toaster />);
    act(() => void toast({ title: 'Saved search deleted', action: { label: 'Undo', onClick: undo } }));
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(undo).toHaveBeenCalledOnce();
    expect(screen.queryByText('Saved search deleted')).not.toBeInTheDocument();
  });

  it('gives a toast with an action 10 seconds, and holds it while the pointer is on it', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => void toast({ title: 'Plain' }));
    act(() => void toast({ title: 'With undo', action: { label: 'Undo', onClick: () => {} } }));
    act(() => vi.advanceTimersByTime(6000));
    expect(screen.queryByText('Plain')).not.toBeInTheDocument();
    expect(screen.getByText('With undo')).toBeInTheDocument();
    fireEvent.mouseEnter(screen.getByText('With undo').closest('li')!);
    act(() => vi.advanceTimersByTime(20_000));
    expect(screen.getByText('With undo')).toBeInTheDocument();
    fireEvent.mouseLeave(screen.getByText('With undo').closest('li')!);
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.queryByText('With undo')).not.toBeInTheDocument();
  });
});
