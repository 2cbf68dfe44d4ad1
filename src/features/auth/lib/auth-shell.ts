import type { AuthTab } from './dialog-store';

/**
 * The pre-app copy of the login / register dialog (docs/decisions/065). A tap on Login or Register before the app is up
 * opens a static copy of this dialog at once (src/pre-app/main.ts, from the markup scripts/prerender.ts writes to
 * dist/pre-app.html); the visitor can switch tabs, type and even press the button. When the app has hydrated it opens
 * its own dialog, which takes over from the copy: the same tab, what was typed, where the cursor was, and a submit
 * made meanwhile. These names are the contract between the two; src/pre-app/main.ts repeats them (it imports nothing,
 * to stay one small file) and a test holds them equal.
 */
export const AUTH_SHELL = {
  /** The copy's root element. */
  id: 'pre-app-auth-dialog',
  /** On the copy's root: the tab shown ('login' | 'register'). */
  tab: 'data-tab',
  /** On the copy's root: 'submit' when its form was submitted, else the text of another button pressed in it. */
  pending: 'data-pending',
  /** On the copy's root: the name of the field that has focus. */
  focus: 'data-focus',
  /** On a Login or Register button: the tab it opens. */
  opener: 'data-auth-tab',
  /** On the button the copy was opened from, while it is open: focus goes back there when the dialog closes. */
  openedFrom: 'data-pre-app-opener',
} as const;

export type AuthShellSnapshot = {
  tab: AuthTab;
  values: { name: string; value: string; checked: boolean }[];
  focus: { name: string; start: number | null; end: number | null } | null;
  pending: string | null;
};

/** The copy's state, if one is open: read when the app's dialog first renders. */
export function readAuthShell(): AuthShellSnapshot | null {
  const shell = document.getElementById(AUTH_SHELL.id);
  if (!shell) return null;
  const tab: AuthTab = shell.getAttribute(AUTH_SHELL.tab) === 'register' ? 'register' : 'login';
  const panel = shell.querySelector(`[role=tabpanel]:not([hidden])`) ?? shell;
  const values = [...panel.querySelectorAll('input')]
    .filter((input) => input.name)
    .map((input) => ({ name: input.name, value: input.value, checked: input.checked }));
  const focusName = shell.getAttribute(AUTH_SHELL.focus);
  const focused = focusName
    ? panel.querySelector<HTMLInputElement>(`input[name="${CSS.escape(focusName)}"]`)
    : null;
  return {
    tab,
    values,
    focus: focused
      ? {
          name: focused.name,
          start: safe(() => focused.selectionStart),
          end: safe(() => focused.selectionEnd),
        }
      : null,
    pending: shell.getAttribute(AUTH_SHELL.pending),
  };
}

/** selectionStart throws on an input type without a selection (email in some browsers). */
function safe<T>(read: () => T): T | null {
  try {
    return read();
  } catch {
    return null;
  }
}

/**
 * Hands the copy over to the app's dialog (`content`, its tab showing `snapshot.tab`): fills the fields through their
 * input events (so the form library sees them), removes the copy, and returns the field to focus and what to do once
 * focus is placed (a pending submit or button press), for the dialog's auto-focus.
 */
export function adoptAuthShell(
  snapshot: AuthShellSnapshot,
  content: HTMLElement,
): { focus: HTMLInputElement | null; then: () => void } {
  const panel = content.querySelector<HTMLElement>('[role=tabpanel][data-state=active]') ?? content;
  const field = (name: string) => panel.querySelector<HTMLInputElement>(`input[name="${CSS.escape(name)}"]`);
  for (const { name, value, checked } of snapshot.values) {
    const input = field(name);
    if (!input) continue;
    if (input.type === 'checkbox' || input.type === 'radio') {
      if (input.checked !== checked) input.click();
    } else if (input.value !== value) {
      // React tracks an input's value itself: set it through the prototype's setter so the input event counts.
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }
  removeAuthShell();
  // The app's dialog takes the element focused when it opens for its opener: the button the copy was opened from.
  const opener = document.querySelector<HTMLElement>(`[${AUTH_SHELL.openedFrom}]`);
  opener?.removeAttribute(AUTH_SHELL.openedFrom);
  opener?.focus({ preventScroll: true });
  const focus = snapshot.focus ? field(snapshot.focus.name) : null;
  const { pending } = snapshot;
  return {
    focus,
    then: () => {
      if (focus && snapshot.focus?.start != null)
        safe(() =>
          focus.setSelectionRange(snapshot.focus!.start, snapshot.focus!.end ?? snapshot.focus!.start),
        );
      if (!pending) return;
      if (pending === 'submit') panel.querySelector('form')?.requestSubmit();
      else
        [...panel.querySelectorAll<HTMLButtonElement>('button:not([type=submit])')]
          .find((button) => button.textContent?.trim() === pending)
          ?.click();
    },
  };
}

/** Takes the copy away and gives the page back to assistive technology. */
export function removeAuthShell() {
  document.getElementById(AUTH_SHELL.id)?.remove();
  document.getElementById('root')?.removeAttribute('aria-hidden');
}
