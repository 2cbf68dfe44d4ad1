// What a tap answers before the app is up (docs/decisions/065): Login and Register, and an article's Share. A prerendered page's boot script (scripts/prerender.ts)
// imports this module with the app's, and hands it every click it holds for the app. On a phone the app is about
// 150 KB of script: a visitor who taps Login in the first second would wait for all of it. Instead a static copy of
// the login / register dialog (dist/pre-app.html, fetched by the boot script) opens at once: tabs switch, fields
// take text, Escape and the close button close it. When the app has hydrated, it replays the held click, opens its
// own dialog, and that takes over from the copy (src/features/auth/lib/auth-shell.ts). A submit or button press in
// the copy is kept and carried out there. Share needs nothing of the app: it is answered here, toast included.
//
// This file imports nothing, so it arrives as one small request; its names repeat AUTH_SHELL's (a test holds them
// equal).

export const SHELL = {
  id: 'pre-app-auth-dialog',
  tab: 'data-tab',
  pending: 'data-pending',
  focus: 'data-focus',
  opener: 'data-auth-tab',
  openedFrom: 'data-pre-app-opener',
} as const;

declare global {
  interface Window {
    /** dist/pre-app.html, fetched by the boot script with the app's modules; null when it could not be read. */
    __FLIPWISE_PRE_APP__?: Promise<string | null>;
    __FLIPWISE_HELD__?: { type: 'click' | 'submit'; target: Element };
    __FLIPWISE_HYDRATED__?: boolean;
    /** answer(), for the boot script (the build keeps no exports of an entry). */
    __FLIPWISE_ANSWER__?: (target: Element) => void;
  }
}

/** A click the boot script held: answered here when it is one this module knows. */
export function answer(target: Element): void {
  if (window.__FLIPWISE_HYDRATED__) return;
  const opener = target.closest<HTMLElement>(`[${SHELL.opener}]`);
  if (opener) void openAuthShell(opener);
  const share = target.closest<HTMLElement>('[data-share]');
  if (share) {
    // Answered here, so the app must not share a second time when it comes.
    if (window.__FLIPWISE_HELD__?.target === share) delete window.__FLIPWISE_HELD__;
    void shareThisPage();
  }
}

/** dist/pre-app.html, parsed: a fresh copy of the element with `id` (a <template>'s content for a template). */
async function copyOf(id: string): Promise<HTMLElement | null> {
  const markup = await window.__FLIPWISE_PRE_APP__;
  if (!markup) return null;
  const holder = document.createElement('div');
  holder.innerHTML = markup;
  const found = holder.querySelector(`#${id}`);
  const element = found instanceof HTMLTemplateElement ? found.content.firstElementChild : found;
  return element instanceof HTMLElement ? element : null;
}

/**
 * SPEC §2 Share, as the article's Share button does it (src/features/blog/components/share-button.tsx): the native
 * share sheet where the browser has one, else the address to the clipboard and a toast that says so.
 */
async function shareThisPage() {
  const url = location.href;
  if (typeof navigator.share === 'function') {
    const title = document.querySelector('h1')?.textContent ?? document.title;
    const text = document.querySelector<HTMLMetaElement>('meta[name=description]')?.content ?? '';
    try {
      await navigator.share({ title, text, url });
      return;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  let copied = true;
  try {
    await navigator.clipboard.writeText(url);
  } catch {
    copied = false;
  }
  const toasts = await copyOf('pre-app-share');
  await stylesheetReady();
  if (!toasts) return;
  // The copy holds both outcomes: keep the one that happened.
  toasts.querySelectorAll('li')[copied ? 1 : 0]?.remove();
  document.body.append(toasts);
  // As long as the app's toast stays (src/components/ui/toast.tsx), or until dismissed.
  const timer = setTimeout(() => toasts.remove(), 5000);
  toasts.querySelector('button')?.addEventListener('click', () => {
    clearTimeout(timer);
    toasts.remove();
  });
}
window.__FLIPWISE_ANSWER__ = answer;

/** The whole stylesheet, which the copy's classes need: the boot script adds it with the app's modules. */
function stylesheetReady(): Promise<void> {
  const link = document.querySelector<HTMLLinkElement>('link[rel=stylesheet][href^="/assets/"]');
  if (!link || link.sheet) return Promise.resolve();
  return new Promise((resolve) => {
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
  });
}

async function openAuthShell(opener: HTMLElement) {
  const shell = await copyOf(SHELL.id);
  await stylesheetReady();
  // The app came first (it replays the tap itself), or the copy is already open.
  if (!shell || window.__FLIPWISE_HYDRATED__ || document.getElementById(SHELL.id)) return;
  const dialog = shell.querySelector<HTMLElement>('[role=dialog]')!;

  // SPEC §2: on the search tool the Register tab reads 'Create an Account'.
  const register = shell.querySelector<HTMLElement>('[data-search-label]');
  if (register && location.pathname === register.dataset.searchPath)
    register.textContent = register.dataset.searchLabel ?? register.textContent;

  const showTab = (tab: string) => {
    shell.setAttribute(SHELL.tab, tab);
    for (const trigger of shell.querySelectorAll<HTMLElement>('[role=tab]')) {
      const on = trigger.getAttribute('aria-controls')?.endsWith(`-${tab}`) ?? false;
      trigger.setAttribute('aria-selected', String(on));
      trigger.dataset.state = on ? 'active' : 'inactive';
      trigger.tabIndex = on ? 0 : -1;
    }
    for (const panel of shell.querySelectorAll<HTMLElement>('[role=tabpanel]')) {
      const on = panel.id.endsWith(`-${tab}`);
      panel.hidden = !on;
      panel.dataset.state = on ? 'active' : 'inactive';
      if (on) dialog.setAttribute('aria-labelledby', panel.querySelector('h2')?.id ?? '');
    }
  };
  const activePanel = () => shell.querySelector<HTMLElement>('[role=tabpanel]:not([hidden])') ?? dialog;
  const focusables = () =>
    [...dialog.querySelectorAll<HTMLElement>('button, input, a[href]')].filter(
      (el) => !el.closest('[hidden]'),
    );

  const close = () => {
    shell.remove();
    opener.removeAttribute(SHELL.openedFrom);
    document.getElementById('root')?.removeAttribute('aria-hidden');
    // Closed before the app came: it must not open its own dialog for the held tap.
    if (window.__FLIPWISE_HELD__?.target === opener) delete window.__FLIPWISE_HELD__;
    opener.focus();
  };

  shell.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (!target) return;
    if (target.closest('[data-shell-close]')) return close();
    const tab = target.closest<HTMLElement>('[role=tab]');
    if (tab) return showTab(tab.getAttribute('aria-controls')?.endsWith('-register') ? 'register' : 'login');
    const button = target.closest<HTMLButtonElement>('button');
    // Another button (Forgot password?): pressed for the app to carry out once its dialog takes over.
    if (button && button.type !== 'submit')
      shell.setAttribute(SHELL.pending, button.textContent?.trim() ?? '');
  });
  shell.addEventListener('submit', (event) => {
    event.preventDefault();
    shell.setAttribute(SHELL.pending, 'submit');
    const button = (event.target as HTMLElement).querySelector<HTMLButtonElement>('button[type=submit]');
    if (button) button.setAttribute('aria-busy', 'true');
  });
  shell.addEventListener('focusin', (event) => {
    const name = event.target instanceof HTMLInputElement ? event.target.name : '';
    if (name) shell.setAttribute(SHELL.focus, name);
  });
  shell.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') return close();
    if (event.key !== 'Tab') return;
    // Focus stays in the dialog, as in the app's.
    const all = focusables();
    const first = all[0];
    const last = all.at(-1);
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  });

  showTab(opener.getAttribute(SHELL.opener) === 'register' ? 'register' : 'login');
  opener.setAttribute(SHELL.openedFrom, '');
  document.body.append(shell);
  document.getElementById('root')?.setAttribute('aria-hidden', 'true');
  activePanel().querySelector<HTMLInputElement>('input:not([type=checkbox])')?.focus();
}
