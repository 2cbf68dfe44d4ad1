import * as DialogPrimitive from '@radix-ui/react-dialog';
import * as React from 'react';
import { cn } from '@/lib/utils';
import { CloseIcon } from '@/components/ui/icons';
import { useToasts } from '@/components/ui/toast';
import { withBaseClassName } from '@/components/ui/with-base-class-name';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

/**
 * A modal dialog hides the rest of the page, the toaster included, from assistive technology (Radix marks it
 * aria-hidden), so a toast raised while the dialog is open would go unannounced. DialogContent renders this inside
 * itself: a live region, for screen readers only, that repeats the newest toast raised since the dialog opened.
 */
function DialogToastAnnouncer() {
  const toasts = useToasts();
  const [firstId] = React.useState(() => (toasts.at(-1)?.id ?? 0) + 1);
  const latest = toasts.filter((t) => t.id >= firstId).at(-1);
  return (
    <div className="sr-only" role="status" aria-live="assertive" aria-atomic="true">
      {latest ? [latest.title, latest.description].filter(Boolean).join(': ') : ''}
    </div>
  );
}

/** The overlay's, the box's and the close button's looks, shared with the pre-app copy of the auth dialog (src/pre-app). */
export const dialogOverlayClass = 'fixed inset-0 z-50 bg-black/60';
export const dialogContentClass =
  'fixed left-1/2 top-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-lg border bg-background p-6 shadow-lg';
export const dialogCloseClass =
  'absolute right-4 top-4 rounded-sm p-1 opacity-70 transition-opacity hover:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/** Focus can go back to an element only while it is in the document and laid out (not in a closed menu). */
const canTakeFocus = (el: Element | null): el is HTMLElement =>
  el instanceof HTMLElement &&
  el !== document.body &&
  el.isConnected &&
  !el.closest('[hidden], [inert]') &&
  (typeof el.checkVisibility !== 'function' || el.checkVisibility());

/**
 * WCAG 2.4.3: when a dialog closes, focus goes back to what had it when the dialog opened. Radix does this only for
 * a Dialog.Trigger; ours are also opened from code (the auth dialog from any Login button, the no-sold dialog when a
 * search ends), so the content remembers the opener itself. When the opener is gone (the Login button became the
 * avatar after a login) focus goes to `returnFocusFallback`, else to the page's main region, without scrolling.
 * `returnFocusWithoutScroll` keeps the page where it is on the way back too (the no-sold dialog over a phone's answer).
 */
export const DialogContent = React.forwardRef<
  React.ElementRef<typeof DialogPrimitive.Content>,
  React.ComponentPropsWithoutRef<typeof DialogPrimitive.Content> & {
    hideClose?: boolean;
    returnFocusFallback?: () => HTMLElement | null;
    returnFocusWithoutScroll?: boolean;
  }
>(
  (
    {
      className,
      children,
      hideClose,
      returnFocusFallback,
      returnFocusWithoutScroll,
      onOpenAutoFocus,
      onCloseAutoFocus,
      ...props
    },
    ref,
  ) => {
    const opener = React.useRef<Element | null>(null);
    return (
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className={dialogOverlayClass} />
        <DialogPrimitive.Content
          ref={ref}
          className={cn(dialogContentClass, className)}
          onOpenAutoFocus={(event) => {
            // Radix fires this before moving focus in, so the active element is still the opener.
            opener.current = document.activeElement;
            onOpenAutoFocus?.(event);
          }}
          onCloseAutoFocus={(event) => {
            onCloseAutoFocus?.(event);
            if (event.defaultPrevented) return;
            event.preventDefault();
            const target = [opener.current, returnFocusFallback?.() ?? null].find(canTakeFocus);
            if (target) target.focus(returnFocusWithoutScroll ? { preventScroll: true } : undefined);
            else document.getElementById('main')?.focus({ preventScroll: true });
          }}
          {...props}
        >
          {children}
          <DialogToastAnnouncer />
          {!hideClose && (
            <DialogPrimitive.Close className={dialogCloseClass} aria-label="Close">
              <CloseIcon />
            </DialogPrimitive.Close>
          )}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    );
  },
);
DialogContent.displayName = 'DialogContent';

export function DialogHeader({ className, ...props }: React.HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('flex flex-col space-y-1.5 text-center sm:text-left', className)} {...props} />;
}
export function DialogFooter({ className, ...props }: React.HTMLAttributes<HTMLDivElement>) {
  return (
    <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />
  );
}
export const DialogTitle = withBaseClassName(
  DialogPrimitive.Title,
  'text-lg font-semibold leading-none',
  'DialogTitle',
);
export const DialogDescription = withBaseClassName(
  DialogPrimitive.Description,
  'text-sm text-muted-foreground',
  'DialogDescription',
);
