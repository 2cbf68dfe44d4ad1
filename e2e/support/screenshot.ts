import type { Locator } from '@playwright/test';

/**
 * A picture of one part of the page, for people to look at (nothing is compared against it). Unlike
 * `locator.screenshot`, it does not wait for the element to hold still over two animation frames: on a loaded
 * two-core host that wait ran out the action's 15 s while the test's assertions had all passed, failing a green
 * test for a picture. It reads where the element is in the document and clips a full-page capture to it.
 */
export async function screenshotOf(locator: Locator, path: string): Promise<void> {
  const clip = await locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return { x: box.x + window.scrollX, y: box.y + window.scrollY, width: box.width, height: box.height };
  });
  if (clip.width === 0 || clip.height === 0)
    throw new Error(`Nothing to picture for ${path}: the element has no size.`);
  await locator.page().screenshot({ path, fullPage: true, clip });
}
