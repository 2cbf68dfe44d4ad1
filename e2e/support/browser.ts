// Each spec file connects to the harness's Chromium and opens pages against the built app.
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, inject } from 'vitest';

let browser: Browser | undefined;
const contexts: BrowserContext[] = [];

export const baseURL = () => inject('baseURL');

/** A fresh browser context (own storage) and page; `width` defaults to desktop. */
export async function newPage(
  options: { width?: number; height?: number; reducedMotion?: boolean } = {},
): Promise<Page> {
  browser ??= await chromium.connect(inject('wsEndpoint'));
  const context = await browser.newContext({
    baseURL: inject('baseURL'),
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    reducedMotion: options.reducedMotion ? 'reduce' : 'no-preference',
  });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close().catch(() => {})));
  await browser?.close();
  browser = undefined;
});
