import { describe, expect, it } from 'vitest';
import { newPage } from './support/browser';

describe('the built app', () => {
  it('serves the home page with the site name in the header', async () => {
    const page = await newPage();
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Flipwise' }).first().isVisible()).resolves.toBe(true);
  });
});
