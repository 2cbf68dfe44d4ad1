import { describe, expect, it } from 'vitest';
import { newPage } from './support/browser';

describe('the built app', () => {
  it('serves the home page with the site name in the header', async () => {
    const page = await newPage();
    await page.goto('/');
    // The router renders once the lazy home chunk has loaded; isVisible() alone would not wait for that.
    const logo = page.getByRole('link', { name: 'Flipwise' }).first();
    await logo.waitFor();
    await expect(logo.isVisible()).resolves.toBe(true);
  });
});
