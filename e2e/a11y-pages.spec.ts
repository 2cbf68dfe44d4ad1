// Issue 14, point 3: axe-core in Chromium on every public route a visitor reaches signed out (but the Explorer, in
// a11y.spec.ts), a blog article, the open mobile menu and the login dialog. A serious or critical violation fails the
// test and is printed with the elements it found. None of these calls an edge function, so they run beside the specs
// that change the functions' environment (playwright.config.ts, project "pages").
import { paths, publicPaths } from '../src/config/paths';
import { pageViolations, settle } from './support/axe';
import { expect, test } from './support/fixtures';

test.describe('axe-core: no serious or critical violations, signed out', () => {
  // Every route a visitor reaches signed out, and the not-found page.
  const routes = [...publicPaths.filter((p) => p !== paths.search), paths.resetPassword, '/no-such-page'];
  for (const width of [1280, 390]) {
    for (const route of routes)
      test(`${route} at ${width} px`, async ({ newPage }) => {
        const page = await newPage({ width });
        await page.goto(route);
        await settle(page);
        expect(await pageViolations(page)).toEqual([]);
      });
  }

  test('a blog article', async ({ newPage }) => {
    const page = await newPage();
    await page.goto('/blog');
    const articlePath = await page
      .getByRole('main')
      .getByRole('link', { name: /^Read More/ })
      .first()
      .getAttribute('href');
    expect(articlePath).toMatch(/^\/blog\/[a-z0-9-]+$/);
    await page.goto(articlePath!);
    await settle(page);
    expect(await pageViolations(page)).toEqual([]);
  });

  test('the open mobile menu', async ({ newPage }) => {
    const page = await newPage({ width: 390 });
    await page.goto('/');
    await settle(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Mobile' }).waitFor();
    expect(await pageViolations(page)).toEqual([]);
  });

  test('the login dialog', async ({ newPage }) => {
    const page = await newPage();
    await page.goto('/');
    await settle(page);
    await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
    await page.getByRole('dialog').getByRole('heading', { name: 'Login to your account' }).waitFor();
    expect(await pageViolations(page)).toEqual([]);
  });
});
