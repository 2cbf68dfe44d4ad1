// The built site as a static host serves it (scripts/prerender.ts + scripts/serve-dist.ts, i.e. `npm run build` and
// `npm run preview`), against the emulator: every public page arrives as finished HTML and hydrates without a warning
// once it has painted and the main thread is idle (docs/decisions/062); a tap made before the app is ready is not lost
// and text typed before it is ready is kept; an article published after the build
// still opens; an unknown path is the 404 page and never the home page.
import { loadArticles, publishedOnly, sortArticles } from '../content/blog/index';
import { publicPaths } from '../src/config/paths';
import { client } from '../tests/support/supabase';
import { env, expect, holdTheApp, test, type Locator, type NewPage, type Page } from './support/fixtures';

const published = sortArticles(publishedOnly(loadArticles()));
const articlePaths = published.slice(0, 2).map((a) => `/blog/${a.slug}`);
const prerenderedPaths = [...publicPaths, ...articlePaths];

const lateSlug = `published-after-the-build-${Date.now().toString(36)}`;
const late = {
  ...published[0]!,
  slug: lateSlug,
  title: 'Published after the build',
  intro: 'This article was published in the dashboard after the site was built.',
  featured: false,
  created_at: '2019-01-01T00:00:00Z',
};

const service = () => client(env.supabaseUrl, env.serviceRoleKey);

test.afterAll(async () => {
  await service().from('blog_articles').delete().eq('slug', lateSlug);
});

/** A page left as a visitor finds it: the app starts by itself, not because the fixture's navigation woke it. */
async function open(
  newPage: NewPage,
  options: { hasTouch?: boolean } = {},
): Promise<{ page: Page; problems: string[]; blogReads: string[] }> {
  const page = await newPage({ ...options, startApp: false });
  const problems: string[] = [];
  const blogReads: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('request', (request) => {
    if (request.url().includes('/rest/v1/blog_articles')) blogReads.push(request.url());
  });
  return { page, problems, blogReads };
}

/**
 * Holds back the app's modules but not the pre-app module (src/pre-app/main.ts): the page as a visitor on a slow phone
 * finds it a second after load, when that small module has arrived and the app has not.
 */
async function holdTheAppOnly(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/(?!pre-app-)[^/]*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** A page left as a visitor finds it (`open`) at `path`, painted, with its app held back until `release()`. */
async function openHeld(newPage: NewPage, path: string, options: { hasTouch?: boolean } = {}) {
  const { page, problems } = await open(newPage, options);
  const release = await holdTheApp(page);
  await page.goto(path, { waitUntil: 'load' });
  return { page, problems, release };
}

/** Uses a control as a visitor with a pointer (a click), a keyboard (focus and Enter) or a touch screen (a tap) does. */
async function press(control: Locator, how: 'click' | 'keyboard' | 'tap') {
  if (how === 'keyboard') {
    await control.focus();
    await control.page().keyboard.press('Enter');
  } else if (how === 'tap') await control.tap();
  else await control.click();
}

const hydrated = (page: Page) =>
  page.evaluate(() => {
    const root = document.getElementById('root')!;
    return Object.keys(root).some((key) => key.startsWith('__reactContainer'));
  });

/**
 * Whether React has finished hydrating: the root's committed state no longer waits to claim the prerendered markup.
 * `hydrated` turns true when hydration starts; it then runs as a transition, and a mismatch is only reported when it
 * commits, so the console is read after this.
 */
const hydrationDone = (page: Page) =>
  page.evaluate(() => {
    type HostRoot = { stateNode?: { current?: { memoizedState?: { isDehydrated?: boolean } } } };
    const root = document.getElementById('root') as unknown as Record<string, HostRoot | undefined>;
    const key = Object.keys(root).find((k) => k.startsWith('__reactContainer'));
    return !!key && root[key]?.stateNode?.current?.memoizedState?.isDehydrated === false;
  });

/** React has started on the page and finished hydrating it. */
async function expectHydrated(page: Page) {
  await expect.poll(() => hydrated(page)).toBe(true);
  await expect.poll(() => hydrationDone(page)).toBe(true);
}

function meta(html: string, attr: 'name' | 'property', key: string): string | undefined {
  const tag = html.match(new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`));
  return tag?.[1];
}

/** Text as React's server renderer escapes it into HTML. */
const htmlEscapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#x27;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => htmlEscapes[char]!);

test.describe('the prerendered build, fetched without JavaScript', () => {
  const article = published[0]!;
  for (const [route, h1, title] of [
    ['/', 'Make more money.', 'The reselling app'],
    ['/about', 'Built by resellers, for resellers', 'About'],
    ['/faqs', 'Frequently asked questions', 'FAQs'],
    [`/blog/${article.slug}`, article.title, article.title],
  ] as const)
    test(`${route} carries its head and its content`, async () => {
      const response = await fetch(`${env.baseURL}${route}`);
      expect(response.status).toBe(200);
      const html = await response.text();
      const head = html.slice(0, html.indexOf('</head>'));
      const fullTitle = head.match(/<title>([^<]*)<\/title>/)?.[1] ?? '';
      expect(fullTitle).toMatch(/ \| Flipwise$/);
      expect(fullTitle).toContain(escapeHtml(title));
      expect(meta(head, 'name', 'description')?.length).toBeGreaterThan(50);
      expect(meta(head, 'property', 'og:title')).toBe(fullTitle);
      // An article's social card is its cover (decision 043); every other page has the site's card.
      expect(meta(head, 'property', 'og:image')).toMatch(
        route.startsWith('/blog/')
          ? /^https:\/\/.+\/blog\/covers\/[a-z0-9-]+\.jpg$/
          : /^https:\/\/.+\/og-image\.png$/,
      );
      expect(meta(head, 'property', 'og:image:width')).toBe('1200');
      expect(meta(head, 'name', 'twitter:card')).toBe('summary_large_image');
      expect(meta(head, 'name', 'robots')).toMatch(/^index, follow/);
      expect(head).toMatch(
        new RegExp(`<link rel="canonical" href="https://[^"]+${route === '/' ? '/' : route}"`),
      );
      expect(html).toContain('<script type="application/ld+json">');
      const body = html.slice(html.indexOf('<div id="root">'));
      const heading = body.match(/<h1[^>]*>([\s\S]*?)<\/h1>/)?.[1] ?? '';
      expect(heading.replace(/<[^>]+>/g, '')).toContain(escapeHtml(h1));
      // The intro: the first paragraph after the h1 is real text.
      const intro = body.slice(body.indexOf('</h1>')).match(/<p[^>]*>([\s\S]*?)<\/p>/)?.[1] ?? '';
      expect(intro.replace(/<[^>]+>/g, '').trim().length).toBeGreaterThan(40);
      if (route.startsWith('/blog/')) {
        for (const paragraph of article.intro.split(/\n\s*\n/))
          expect(body).toContain(escapeHtml(paragraph.trim()));
        expect(body).toContain(escapeHtml(article.content[0]!.heading));
      }
    });

  test('/faqs carries the answers and /blog the list of articles', async () => {
    const faqs = await (await fetch(`${env.baseURL}/faqs`)).text();
    expect(faqs).toMatch(/"@type":"FAQPage"/);
    const blog = await (await fetch(`${env.baseURL}/blog`)).text();
    for (const a of published) expect(blog).toContain(`href="/blog/${a.slug}"`);
  });

  test('/account and /reset-password are not prerendered: the shell, noindex', async () => {
    for (const route of ['/account', '/reset-password']) {
      const response = await fetch(`${env.baseURL}${route}`);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain('<div id="root"></div>');
      expect(html).toContain('<meta name="robots" content="noindex" />');
    }
  });
});

test.describe('the prerendered build in Chromium', () => {
  for (const route of prerenderedPaths)
    test(`${route} hydrates by itself, with no warning or console error, and reads nothing again`, async ({
      newPage,
    }) => {
      const { page, problems, blogReads } = await open(newPage);
      await page.goto(route);
      await expect(page.locator('h1').first()).toBeVisible();
      // No pointer, key or touch: the app is ready before the visitor's first tap.
      await expectHydrated(page);
      expect(problems).toEqual([]);
      expect(blogReads).toEqual([]);
    });

  test('opens an article published after the build, from the shell and by client routing', async ({
    newPage,
  }) => {
    const { error } = await service().from('blog_articles').insert(late);
    expect(error).toBeNull();

    const { page, problems } = await open(newPage);
    const response = await page.goto(`/blog/${lateSlug}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: late.title })).toBeVisible();
    await expect(page.getByText(late.intro)).toHaveCount(1);

    // From a prerendered page, the router (not the host) opens it.
    await page.goto(articlePaths[0]!, { waitUntil: 'networkidle' });
    await expectHydrated(page);
    await page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, `/blog/${lateSlug}`);
    await expect(page.getByRole('heading', { level: 1, name: late.title })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('shows a visitor the buttons they will use before the app is ready, and the same buttons after', async ({
    newPage,
  }) => {
    const { page, problems, release } = await openHeld(newPage, '/');
    expect(await hydrated(page)).toBe(false);
    // The header already offers what a visitor needs, not a placeholder.
    const header = page.locator('header');
    const login = header.getByRole('button', { name: 'Login', exact: true });
    await expect(login).toBeVisible();
    await expect(header.getByRole('button', { name: 'Register', exact: true })).toBeVisible();
    await login.evaluate((button) => button.setAttribute('data-before', ''));
    release();
    await expectHydrated(page);
    // Hydrated in place: the element the visitor saw is the one the app now drives.
    await expect(header.locator('button[data-before]')).toHaveText('Login');
    expect(problems).toEqual([]);
  });

  for (const [name, how] of [
    ['a pointer', 'click'],
    ['a keyboard', 'keyboard'],
    ['a touch screen', 'tap'],
  ] as const)
    test(`a tap with ${name} before the app is ready still opens the dialog and the answer`, async ({
      newPage,
    }) => {
      const { page, problems, release } = await openHeld(newPage, '/', { hasTouch: how === 'tap' });
      const login = page.locator('header').getByRole('button', { name: 'Login', exact: true });
      await press(login, how);
      expect(await hydrated(page)).toBe(false);
      await expect(page.getByRole('dialog')).toHaveCount(0);
      release();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expect(page.getByRole('tab', { name: 'Login', selected: true })).toBeVisible();

      await page.unrouteAll();
      const releaseFaqs = await holdTheApp(page);
      await page.goto('/faqs', { waitUntil: 'load' });
      expect(await hydrated(page)).toBe(false);
      const question = page.locator('main button[aria-expanded]').first();
      await expect(question).toHaveAttribute('aria-expanded', 'false');
      await press(question, how);
      releaseFaqs();
      await expect(question).toHaveAttribute('aria-expanded', 'true');
      expect(problems).toEqual([]);
    });

  test("a tap on Login before the app is ready opens the dialog at once, and the app's takes over with what was typed and the Login pressed", async ({
    newPage,
  }) => {
    const email = `pre-app-${Date.now().toString(36)}@example.com`;
    const password = 'pre-app-password-1';
    const { error } = await service().auth.admin.createUser({
      email,
      password,
      email_confirm: true,
      user_metadata: { first_name: 'Pre', last_name: 'App', zip_code: '10001' },
    });
    expect(error).toBeNull();
    const { page, problems } = await open(newPage, { hasTouch: true });
    const release = await holdTheAppOnly(page);
    await page.goto('/thriftingexplorer', { waitUntil: 'load' });
    await page.locator('header').getByRole('button', { name: 'Register', exact: true }).tap();

    // The copy: the tapped tab (as the search tool names it), focus in its first field, the page behind it hidden.
    const dialog = page.getByRole('dialog', { name: 'Create your account' });
    await expect(dialog).toBeVisible();
    expect(await hydrated(page)).toBe(false);
    await expect(dialog.getByRole('tab', { name: 'Create an Account', selected: true })).toBeVisible();
    await expect(dialog.getByRole('tabpanel').getByLabel('First Name')).toBeFocused();
    await expect(page.locator('#root')).toHaveAttribute('aria-hidden', 'true');

    // Switch to Login, type, press Login: all before the app is here.
    await dialog.getByRole('tab', { name: 'Login' }).tap();
    const login = page.getByRole('dialog', { name: 'Login to your account' });
    await login.getByRole('tabpanel').getByLabel('Email').fill(email);
    await login.getByRole('tabpanel').getByLabel('Password').fill(password);
    await login.getByRole('tabpanel').getByRole('button', { name: 'Login' }).tap();
    expect(await hydrated(page)).toBe(false);

    release();
    await expectHydrated(page);
    // The app's dialog took the copy's place and carried out the Login: signed in, the dialog gone, the page back.
    await expect(page.getByRole('button', { name: /open account menu/ })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.locator('#pre-app-auth-dialog')).toHaveCount(0);
    await expect(page.locator('#root')).not.toHaveAttribute('aria-hidden', 'true');
    expect(problems).toEqual([]);
  });

  test('the dialog opened before the app is ready keeps what was typed when the app takes over, and Escape closes it', async ({
    newPage,
  }) => {
    const { page, problems } = await open(newPage);
    const release = await holdTheAppOnly(page);
    await page.goto('/', { waitUntil: 'load' });
    const opener = page.locator('header').getByRole('button', { name: 'Login', exact: true });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Login to your account' });
    await expect(dialog.getByRole('tabpanel').getByLabel('Email')).toBeFocused();
    await page.keyboard.type('sam@example.com');
    release();
    await expectHydrated(page);
    await expect(page.locator('#pre-app-auth-dialog')).toHaveCount(0);
    await expect(page.getByRole('dialog')).toHaveCount(1);
    await expect(dialog.getByRole('tabpanel').getByLabel('Email')).toHaveValue('sam@example.com');
    await expect(dialog.getByRole('tabpanel').getByLabel('Email')).toBeFocused();
    await page.keyboard.type('m');
    await expect(dialog.getByRole('tabpanel').getByLabel('Email')).toHaveValue('sam@example.comm');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(opener).toBeFocused();
    expect(problems).toEqual([]);
  });

  test("an article's Share before the app is ready copies the address and says so at once, and the app does not share again", async ({
    newPage,
  }) => {
    const { page, problems } = await open(newPage, { hasTouch: true });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const release = await holdTheAppOnly(page);
    await page.goto(articlePaths[0]!, { waitUntil: 'load' });
    await page.getByRole('main').getByRole('button', { name: 'Share' }).tap();
    const toast = page.getByRole('region', { name: 'Notifications' }).getByRole('listitem');
    await expect(toast).toHaveText(/Link copied/);
    expect(await hydrated(page)).toBe(false);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());

    release();
    await expectHydrated(page);
    // The tap was answered: the app, once up, raises no second toast.
    await page.waitForTimeout(500);
    await expect(toast).toHaveCount(1);
    await toast.getByRole('button', { name: 'Dismiss notification' }).click();
    await expect(toast).toHaveCount(0);
    expect(problems).toEqual([]);
  });

  test('keeps the text typed into a form before the app is ready, and the form goes on working', async ({
    newPage,
  }) => {
    const { page, problems, release } = await openHeld(newPage, '/contact');
    const name = page.getByRole('main').getByRole('textbox').first();
    await name.click();
    await page.keyboard.type('Sam Reseller');
    expect(await hydrated(page)).toBe(false);
    release();
    await expectHydrated(page);
    await expect(name).toHaveValue('Sam Reseller');
    await expect(name).toBeFocused();
    await page.keyboard.type(' Jones');
    await expect(name).toHaveValue('Sam Reseller Jones');
    expect(problems).toEqual([]);
  });

  test('starts at once for a returning user with a stored session, keeping the avatar its place', async ({
    newPage,
  }) => {
    const { page } = await open(newPage);
    await page.addInitScript(() => localStorage.setItem('sb-test-auth-token', '{}'));
    await page.goto('/about', { waitUntil: 'networkidle' });
    await expect.poll(() => hydrated(page)).toBe(true);
    expect(await page.evaluate(() => 'session' in document.documentElement.dataset)).toBe(true);
  });

  test('shows the 404 page for an unknown path, never the home page', async ({ newPage }) => {
    const raw = await fetch(`${env.baseURL}/no-such-page`);
    expect(raw.status).toBe(404);
    const shell = await raw.text();
    expect(shell).toContain('<div id="root"></div>');
    expect(shell).not.toContain('Make more money.');

    const { page } = await open(newPage);
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    // The home page's hero heading (the footer's tagline says 'make more money' on every page).
    await expect(page.getByRole('heading', { name: /Make more money/ })).toHaveCount(0);
    await expect(page.locator('main').getByText('Make more money.', { exact: true })).toHaveCount(0);
    await expect(page).toHaveTitle('Page Not Found | Flipwise');
  });
});
