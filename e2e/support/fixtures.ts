// What every spec imports instead of '@playwright/test': `test` with a `newPage` fixture, `expect`, and `env` (the
// addresses and keys of the servers playwright.config.ts started).
import { test as base, expect, type Browser, type Page } from '@playwright/test';
import { localKeys } from '../../emulator/keys';

export { expect };
export type { Browser, Locator, Page } from '@playwright/test';

const emulatorPort = process.env.E2E_EMULATOR_PORT;
const sitePort = process.env.E2E_SITE_PORT;
if (!emulatorPort || !sitePort) throw new Error('Run the end-to-end tests with `npx playwright test`.');

/** The built site, the emulator (the URL supabase-js uses) and its keys. */
export const env = {
  baseURL: `http://localhost:${sitePort}`,
  supabaseUrl: `http://127.0.0.1:${emulatorPort}`,
  anonKey: localKeys.anonKey,
  serviceRoleKey: localKeys.serviceRoleKey,
};

export type PageOptions = {
  width?: number;
  height?: number;
  reducedMotion?: boolean;
  hasTouch?: boolean;
  /** false: navigation leaves a prerendered page as a visitor finds it, to start by itself (docs/decisions/062). */
  startApp?: boolean;
};

/**
 * A page in a fresh browser context (own storage, cookies, session) on the built site; `width` defaults to desktop.
 * For a page shared by the tests of a serial describe block: `test.beforeAll(async ({ browser }) => { page = await
 * openPage(browser); })`. Inside a test use the `newPage` fixture, which also closes its contexts afterwards.
 */
export async function openPage(browser: Browser, options: PageOptions = {}): Promise<Page> {
  const context = await browser.newContext({
    baseURL: env.baseURL,
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    reducedMotion: options.reducedMotion ? 'reduce' : 'no-preference',
    hasTouch: options.hasTouch ?? false,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  if (options.startApp !== false) appRunsAfterNavigation(page);
  return page;
}

/** Whether the app has started on the page: React has taken over #root (or the page is not the app at all). */
export const appStarted = (page: Page) =>
  page.evaluate(() => {
    const root = document.getElementById('root');
    return !root || Object.keys(root).some((key) => key.startsWith('__reactContainer'));
  });

/**
 * A prerendered page is finished HTML, and its app starts once the page has painted and the main thread is idle, or
 * at the visitor's first sign of use if that is sooner: a pointer over the page, a key, focus, a touch
 * (docs/decisions/062). goto, reload and goBack therefore press Shift, a key that does nothing in the app, and return
 * once the app has started, as they did when every page was the SPA shell. The specs then act on a running app; what
 * happens before it is ready is the prerender spec's subject (`startApp: false`).
 */
function appRunsAfterNavigation(page: Page) {
  for (const name of ['goto', 'reload', 'goBack'] as const) {
    const navigate = page[name].bind(page) as (...args: unknown[]) => Promise<unknown>;
    Object.assign(page, {
      [name]: async (...args: unknown[]) => {
        const response = await navigate(...args);
        if (!(await appStarted(page).catch(() => false))) await page.keyboard.press('Shift');
        await expect.poll(() => appStarted(page).catch(() => false)).toBe(true);
        return response;
      },
    });
  }
}

/**
 * Holds back the app's modules (every script under /assets) until the returned `release` is called: the page is then
 * as a visitor on a slow connection finds it, painted and not yet started, for as long as the test needs.
 */
export async function holdTheApp(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Opens a page in a fresh context; the contexts close when the test ends. */
export type NewPage = (options?: PageOptions) => Promise<Page>;

export const test = base.extend<{ newPage: NewPage }>({
  // The fixture callback is named `run`, not `use`: React's hook linter would take `use` for its hook.
  newPage: async ({ browser }, run) => {
    const pages: Page[] = [];
    await run(async (options) => {
      const page = await openPage(browser, options);
      pages.push(page);
      return page;
    });
    await Promise.all(
      pages.map((p) =>
        p
          .context()
          .close()
          .catch(() => {}),
      ),
    );
  },
});
