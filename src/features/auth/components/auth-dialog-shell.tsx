import { Dialog, dialogCloseClass, dialogContentClass, dialogOverlayClass } from '@/components/ui/dialog';
import { CloseIcon } from '@/components/ui/icons';
import { cn } from '@/lib/utils';
import { AUTH_SHELL } from '../lib/auth-shell';
import { AuthDialogBody } from './auth-dialog';

/**
 * The login / register dialog as static markup, rendered once by the prerender (src/entry-server.tsx) into
 * dist/pre-app.html: what a tap on Login or Register shows before the app is up (src/pre-app/main.ts). The same
 * views, forms and classes as the app's dialog, which takes over from it (lib/auth-shell.ts). The Radix root only
 * gives the titles their context: nothing here is portalled or interactive until the pre-app script wires it.
 */
export function AuthDialogShell() {
  return (
    <div id={AUTH_SHELL.id} data-pre-app="">
      <div className={dialogOverlayClass} data-shell-close="" />
      <div role="dialog" aria-modal="true" className={cn(dialogContentClass, 'max-w-[425px]')}>
        <Dialog open>
          <AuthDialogBody state={{ open: true, tab: 'login', returnPath: '/', openCount: 0 }} allPanels />
        </Dialog>
        <button type="button" className={dialogCloseClass} aria-label="Close" data-shell-close="">
          <CloseIcon />
        </button>
      </div>
    </div>
  );
}

/**
 * The two tabs' titles share the dialog's one title id (each view has a DialogTitle); in the copy both are rendered,
 * so a repeated id gets a suffix. The pre-app script names the dialog by the shown panel's title.
 */
export function distinctIds(markup: string): string {
  const seen = new Map<string, number>();
  return markup.replace(/ id="([^"]+)"/g, (attr, id: string) => {
    const count = (seen.get(id) ?? 0) + 1;
    seen.set(id, count);
    return count === 1 ? attr : ` id="${id}-${count}"`;
  });
}
