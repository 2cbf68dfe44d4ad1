import { useSyncExternalStore } from 'react';
import { currentReturnPath } from './return-path';

// One auth dialog for the whole app: any route or component opens it through openAuthDialog(), <AuthDialogHost/>
// (mounted once in the root layout) renders it.

export type AuthTab = 'login' | 'register';
/** A refused email link: known to be used in this browser, or anything else (used elsewhere, expired, replaced). */
export type AuthDialogNotice = 'link-expired' | 'link-used';
export type OpenAuthDialogOptions = {
  /** 'search': opened from the search tool, where the Register tab reads 'Create an Account' (SPEC §2). */
  source?: 'search';
  notice?: AuthDialogNotice;
  /** Where a confirmation email returns to (a path on this origin); default: the page open now. */
  returnPath?: string;
};

export type AuthDialogState = {
  open: boolean;
  tab: AuthTab;
  source?: 'search';
  notice?: AuthDialogNotice;
  /** The page to come back to from the confirmation email (decision 040). */
  returnPath: string;
  /** Bumped on every opening so the dialog's content, forms and 'registered' state start fresh. */
  openCount: number;
};

let state: AuthDialogState = { open: false, tab: 'login', returnPath: '/', openCount: 0 };
const listeners = new Set<() => void>();

function set(next: AuthDialogState) {
  state = next;
  listeners.forEach((l) => l());
}

export function openAuthDialog(tab: AuthTab = 'login', options: OpenAuthDialogOptions = {}) {
  set({
    open: true,
    tab,
    source: options.source,
    notice: options.notice,
    returnPath: options.returnPath ?? currentReturnPath(),
    openCount: state.openCount + 1,
  });
}

export function closeAuthDialog() {
  if (state.open) set({ ...state, open: false });
}

export function getAuthDialogState(): AuthDialogState {
  return state;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export function useAuthDialogState(): AuthDialogState {
  return useSyncExternalStore(subscribe, getAuthDialogState, getAuthDialogState);
}
