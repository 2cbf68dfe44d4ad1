import { expect, test } from './support/fixtures';

test.describe('the built app', () => {
  test('serves the home page with the site name in the header', async ({ newPage }) => {
    const page = await newPage();
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Flipwise' }).first()).toBeVisible();
  });
});
