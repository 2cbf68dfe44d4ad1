// A contact sheet for review: drawings side by side on one grey page, screenshotted whole into /tmp/shots.
import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';

/** Lays out `cells` (HTML) on a page of `viewport` and writes the full-page screenshot to /tmp/shots/<file>. */
export async function writeContactSheet(
  browser: Browser,
  cells: string,
  viewport: { width: number; height: number },
  file: string,
): Promise<void> {
  const sheet = await browser.newPage({ viewport });
  await sheet.setContent(`<html><body style="margin:0;background:#cbd5e1">${cells}</body></html>`);
  mkdirSync('/tmp/shots', { recursive: true });
  await sheet.screenshot({ path: `/tmp/shots/${file}`, fullPage: true });
  console.log(`wrote /tmp/shots/${file}`);
}
