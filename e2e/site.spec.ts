// The site foundation in real Chromium: routes and their titles, redirects, 404, breadcrumbs, the mobile menu,
// the FAQ accordion, the carousels and the head tags. Nothing here needs backend data.
import { readdirSync, readFileSync } from 'node:fs';
import { env, expect, test, type NewPage, type Page } from './support/fixtures';

/** A URL predicate for `expect(page).toHaveURL`: the path, whatever the query string. */
const atPath = (expected: string) => (url: URL) => url.pathname === expected;

test.describe('routes and titles', () => {
  for (const [route, title, heading] of [
    [
      '/',
      'The reselling app for second-hand fashion | Flipwise',
      'List faster. Sell quicker. Make more money.',
    ],
    ['/about', 'About | Flipwise', 'Built by resellers, for resellers'],
    ['/faqs', 'FAQs | Flipwise', 'Frequently asked questions'],
    ['/terms', 'Terms of Service | Flipwise', 'Terms of Service'],
    ['/privacy', 'Privacy Policy | Flipwise', 'Privacy Policy'],
    ['/no-such-page', 'Page Not Found | Flipwise', 'Page Not Found'],
  ])
    test(`${route} has the title "${title}" and its heading`, async ({ newPage }) => {
      const page = await newPage();
      await page.goto(route);
      await expect(page).toHaveTitle(title);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    });

  for (const route of ['/blog', '/contact', '/thriftingexplorer'])
    test(`${route} is served with a "{title} | Flipwise" title`, async ({ newPage }) => {
      const page = await newPage();
      await page.goto(route);
      await expect(page).toHaveTitle(/^.+ \| Flipwise$/);
      await expect(page).toHaveURL(atPath(route));
      await expect(page.getByText('Page Not Found')).toHaveCount(0);
    });
});

test.describe('runtime health', () => {
  test('the public pages load without script errors or failed requests', async ({ newPage }) => {
    const page = await newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (msg) => {
      // Warnings too: React Router's "No HydrateFallback element provided" was one on every route (issue 14).
      if (msg.type() === 'error' || msg.type() === 'warning')
        problems.push(`console ${msg.type()}: ${msg.text()}`);
    });
    page.on('response', (response) => {
      if (response.status() >= 400 && response.url().startsWith(env.baseURL)) {
        problems.push(`${response.status()} ${response.url()}`);
      }
    });
    for (const route of [
      '/',
      '/about',
      '/faqs',
      '/terms',
      '/privacy',
      '/contact',
      '/blog',
      '/thriftingexplorer',
    ]) {
      await page.goto(route, { waitUntil: 'networkidle' });
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
    expect(problems).toEqual([]);
  });
});

test.describe('page content', () => {
  test('home: headline, App Store button, feature summary, store badges and the search tool call', async ({
    newPage,
  }) => {
    const page = await newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Download on the App Store' })).toHaveAttribute(
      'href',
      /^https:\/\/apps\.apple\.com\//,
    );
    for (const title of [
      'AI-written titles and descriptions',
      'One-click crosslisting',
      'Sold detection and auto-delist',
      'A free sell-through tool',
    ]) {
      await expect(page.getByRole('heading', { level: 3, name: title })).toBeVisible();
    }
    const appStoreBadge = page.getByRole('link', { name: 'Download Flipwise on the App Store' });
    await expect(appStoreBadge).toHaveAttribute('href', /^https:\/\/apps\.apple\.com\//);
    const androidBadge = page.getByRole('link', { name: /Android coming soon on Google Play/ });
    await expect(androidBadge).toHaveAttribute('href', /^https:\/\//);
    await expect(androidBadge).not.toHaveAttribute('href', /play\.google\.com/);
    await expect(page.getByRole('link', { name: /Check an item now/ })).toHaveAttribute(
      'href',
      '/thriftingexplorer',
    );
    await expect(page.getByText('Free for a limited time').first()).toBeVisible();
  });

  /** A legal page: its heading, its numbered sections in order, and the date it was last updated. */
  async function expectLegalPage(
    page: Page,
    doc: { path: string; heading: string; sections: string[]; updated: string },
  ) {
    await page.goto(doc.path);
    await expect(page.getByRole('heading', { level: 1, name: doc.heading })).toBeVisible();
    await expect(page.getByRole('article').getByRole('heading', { level: 2 })).toHaveText(doc.sections);
    await expect(page.getByText(`Last updated ${doc.updated}`)).toBeVisible();
  }

  test('terms: sections 1 to 7 in order and the last-updated date', async ({ newPage }) => {
    const page = await newPage();
    await expectLegalPage(page, {
      path: '/terms',
      heading: 'Terms of Service',
      sections: [
        '1. Acceptance of Terms',
        '2. Use License',
        '3. Service Description',
        '4. User Responsibilities',
        '5. Data and Privacy',
        '6. Disclaimer',
        '7. Contact Information',
      ],
      updated: 'January 13, 2025',
    });
    // Resellers use the tool for their business (decision 044).
    await expect(page.getByText(/as a hobby or as a business/)).toBeVisible();
    await expect(page.getByText(/non-commercial/)).toHaveCount(0);
  });

  test('privacy: the seven topics and the last-updated date', async ({ newPage }) => {
    const page = await newPage();
    await expectLegalPage(page, {
      path: '/privacy',
      heading: 'Privacy Policy',
      sections: [
        '1. Information We Collect',
        '2. How We Use Your Information',
        '3. Information Sharing',
        '4. Data Security',
        '5. Your Rights',
        '6. Cookies',
        '7. Contact Us',
      ],
      updated: 'November 29, 2026',
    });
  });

  test('about: the story, seven app screens and a testimonial carousel', async ({ newPage }) => {
    const page = await newPage();
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 2, name: 'Our story' })).toBeVisible();
    await expect(page.getByText(/started Flipwise in 2024/)).toBeVisible();
    const screens = page.getByRole('region', { name: 'App screenshots' }).getByRole('img');
    await expect(screens).toHaveCount(7);
    await expect(page.getByRole('region', { name: 'What sellers say' }).getByRole('group')).toHaveCount(5);
  });
});

test.describe('redirects', () => {
  test('/login goes to / and replaces its history entry', async ({ newPage }) => {
    const page = await newPage();
    await page.goto('/about');
    await expect(page.getByRole('heading', { name: 'Built by resellers, for resellers' })).toBeVisible();
    await page.goto('/login');
    await expect(page).toHaveURL(atPath('/'));
    await expect(page.getByRole('heading', { level: 1, name: /List faster/ })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(atPath('/about'));
    await expect(page.getByRole('heading', { name: 'Built by resellers, for resellers' })).toBeVisible();
  });

  for (const from of [
    '/About',
    '/Blog',
    '/Contact',
    '/Terms',
    '/Privacy',
    '/Faqs',
    '/ThriftingExplorer',
    '/THRIFTINGEXPLORER',
  ]) {
    const to = from.toLowerCase();
    test(`${from} redirects to ${to}`, async ({ newPage }) => {
      const page = await newPage();
      await page.goto(from);
      await expect(page).toHaveURL(atPath(to));
      await expect(page.getByText('Page Not Found')).toHaveCount(0);
    });
  }

  test('a capitalised address is replaced, not stacked, in history', async ({ newPage }) => {
    const page = await newPage();
    await page.goto('/faqs');
    await expect(page.getByRole('heading', { name: 'Frequently asked questions' })).toBeVisible();
    await page.goto('/Terms');
    await expect(page).toHaveURL(atPath('/terms'));
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(atPath('/faqs'));
  });

  test('keeps the query string when it redirects', async ({ newPage }) => {
    const page = await newPage();
    await page.goto('/ThriftingExplorer?q=levis');
    await expect(page).toHaveURL(atPath('/thriftingexplorer'));
    expect(new URL(page.url()).search).toBe('?q=levis');
  });
});

test.describe('404', () => {
  test('shows Page Not Found, explains why and links home', async ({ newPage }) => {
    const page = await newPage();
    await page.goto('/definitely/not/here');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expect(
      page.getByText(/removed, had its name changed, or is temporarily unavailable/),
    ).toBeVisible();
    // Served as the hosts serve it, the 404 shell keeps its own robots 'noindex' beside the page's tag: both keep the
    // page out of the index.
    await expect(page.locator('meta[name="robots"][content="noindex, nofollow"]')).toHaveCount(1);
    await expect(page.locator('meta[name="robots"]:not([content^="noindex"])')).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Go Back Home' }).click();
    await expect(page).toHaveURL(atPath('/'));
  });
});

test.describe('breadcrumbs', () => {
  test('are shown on /about as Home > About', async ({ newPage }) => {
    const page = await newPage();
    await page.goto('/about');
    const trail = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(trail).toBeVisible();
    await expect(trail.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await expect(trail.locator('[aria-current="page"]')).toHaveText('About');
  });

  test('are hidden on the home page', async ({ newPage }) => {
    const page = await newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: /List faster/ })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveCount(0);
  });

  test('follow client-side navigation', async ({ newPage }) => {
    const page = await newPage();
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    const trail = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(trail).toBeVisible();
    await expect(trail.locator('[aria-current="page"]')).toHaveText('Privacy Policy');
  });
});

test.describe('header and footer', () => {
  test('the header links Home, About, Contact and the search tool', async ({ newPage }) => {
    const page = await newPage();
    await page.goto('/faqs');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [name, href] of [
      ['Home', '/'],
      ['About', '/about'],
      ['Contact', '/contact'],
      ['Thrifting Explorer', '/thriftingexplorer'],
    ]) {
      await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
  });

  test('the footer has Resources, Support, the year and the DMCA badge', async ({ newPage }) => {
    const page = await newPage();
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toBeVisible();
    const resources = footer.getByRole('navigation', { name: 'Resources' });
    for (const name of ['About', 'Blog', 'FAQs', 'Thrifting Explorer']) {
      await expect(resources.getByRole('link', { name, exact: true })).toHaveCount(1);
    }
    const support = footer.getByRole('navigation', { name: 'Support' });
    await expect(support.getByRole('link', { name: /Instagram/ })).toHaveAttribute('href', /^https:\/\//);
    await expect(support.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
    await expect(support.getByRole('link', { name: 'Terms & Conditions' })).toHaveAttribute('href', '/terms');
    await expect(support.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    await expect(footer.getByText(`© ${new Date().getFullYear()} Flipwise`)).toBeVisible();
    await expect(footer.getByRole('img', { name: 'DMCA.com Protection Status' })).toBeVisible();
  });

  test('the first Tab reaches the skip link, which moves focus to the content', async ({ newPage }) => {
    const page = await newPage();
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('#main')).toBeFocused();
  });
});

test.describe('mobile menu at 375 px', () => {
  test('opens, closes, and closes when a link is clicked', async ({ newPage }) => {
    const page = await newPage({ width: 375, height: 760 });
    await page.goto('/');
    const toggle = page.getByRole('button', { name: /menu/i });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const menu = page.locator(`[id="${await toggle.getAttribute('aria-controls')}"]`);
    await expect(menu).toBeHidden();
    // The desktop links are hidden at this width.
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(menu).toBeVisible();

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeHidden();

    await toggle.click();
    await menu.getByRole('link', { name: 'About', exact: true }).click();
    await expect(page).toHaveURL(atPath('/about'));
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeHidden();

    await toggle.click();
    await menu.getByRole('link', { name: 'Thrifting Explorer' }).click();
    await expect(page).toHaveURL(atPath('/thriftingexplorer'));
    await expect(menu).toBeHidden();
  });

  test('closes on Escape', async ({ newPage }) => {
    const page = await newPage({ width: 375, height: 760 });
    await page.goto('/faqs');
    const toggle = page.getByRole('button', { name: /menu/i });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  for (const route of ['/', '/about', '/faqs', '/terms', '/privacy', '/no-such-page'])
    test(`${route} has no horizontal overflow at 360 px`, async ({ newPage }) => {
      const page = await newPage({ width: 360, height: 740 });
      await page.goto(route);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('load');
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
    });
});

test.describe('FAQ accordion', () => {
  const question = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

  test('opens one group at a time and closes the open one when clicked', async ({ newPage }) => {
    const page = await newPage();
    await page.goto('/faqs');
    const welcome = page.getByRole('button', { name: 'Welcome', exact: false }).first();
    await welcome.click();
    await expect(welcome).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('button', { name: 'What is Flipwise?' })).toBeVisible();

    const account = page.getByRole('button', { name: /Logging in and my account/ });
    await account.click();
    await expect(account).toHaveAttribute('aria-expanded', 'true');
    await expect(welcome).toHaveAttribute('aria-expanded', 'false');

    await account.click();
    await expect(account).toHaveAttribute('aria-expanded', 'false');
  });

  test('opens one question at a time inside a group, and the open one closes on click', async ({
    newPage,
  }) => {
    const page = await newPage();
    await page.goto('/faqs');
    await page.getByRole('button', { name: /How to use the product/ }).click();
    await page.getByRole('button', { name: 'How do I connect my marketplaces?' }).click();
    await expect(question(page, 'How do I connect my marketplaces?')).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(page.getByText(/Tap Add Marketplace/)).toBeVisible();

    await page.getByRole('button', { name: 'How do I delist an item?' }).click();
    await expect(question(page, 'How do I delist an item?')).toHaveAttribute('aria-expanded', 'true');
    await expect(question(page, 'How do I connect my marketplaces?')).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await expect(page.getByText(/Long-press the item/)).toBeVisible();

    await page.getByRole('button', { name: 'How do I delist an item?' }).click();
    await expect(question(page, 'How do I delist an item?')).toHaveAttribute('aria-expanded', 'false');
  });

  test('covers every app flow of the help text', async ({ newPage }) => {
    const page = await newPage();
    await page.goto('/faqs');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Answers are in the DOM only when open; the FAQPage JSON-LD carries all of them.
    const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
    const faq = ld.map((t) => JSON.parse(t)).find((d) => d['@type'] === 'FAQPage');
    const text = JSON.stringify(faq);
    for (const phrase of [
      'bottom of the home screen',
      'top left of the app and tap Sign out',
      'name and zip code',
      'Add Marketplace',
      'List item button at the top right',
      'Open the item tile',
      'Long-press the item',
      'tap Edit',
      'spam',
      'reset link',
      'few minutes',
      'about every 10 minutes',
      'more than 5 minutes',
      'up to 10 photos',
    ]) {
      expect(text).toContain(phrase);
    }
  });
});

test.describe('carousels', () => {
  const selected = (page: Page, label: string) =>
    page.getByRole('region', { name: label }).getAttribute('data-selected-index').then(Number);

  /**
   * Waits until the app runs the carousel: its dots are drawn once Embla (and with it the autoplay timer) has started.
   * Until then the attributes are the prerendered page's, which stand still whatever the carousel will do.
   */
  async function started(page: Page, label: string, slideName: string) {
    await expect(
      page
        .getByRole('region', { name: label })
        .getByRole('button', { name: `Show ${slideName} 1`, exact: true }),
    ).toBeVisible();
  }

  /** The carousel shows slide `index`: at once, as a jump of the page's clock fires the timers it passed. */
  async function waitForSlide(page: Page, label: string, index: number) {
    await expect(page.getByRole('region', { name: label })).toHaveAttribute(
      'data-selected-index',
      String(index),
      { timeout: 2000 },
    );
  }

  /**
   * The page's clock jumps `ms` ahead and fires the timers due by then, each at most once: a test takes the autoplay's
   * delay (SPEC: 4000 ms on the home page, 3000 ms on /about) without waiting it out. The clock is installed before the
   * page loads and otherwise runs at the normal pace.
   */
  const jump = (page: Page, ms: number) => page.clock.fastForward(ms);
  /** Stops the page's clock a moment from now; on a busy machine the page may pass that moment first, so again. */
  async function pauseSoon(page: Page) {
    for (let attempt = 1; ; attempt++) {
      const now = await page.evaluate(() => Date.now());
      try {
        return await page.clock.pauseAt(now + 250);
      } catch (error) {
        if (attempt >= 5 || !String(error).includes('to the past')) throw error;
      }
    }
  }

  /** Opens `path` with Playwright's clock installed first, and scrolls to the carousel `label`. */
  async function openCarousel(
    newPage: NewPage,
    path: string,
    label: string,
    options?: { reducedMotion?: boolean },
  ) {
    const page = await newPage(options);
    await page.clock.install();
    await page.goto(path);
    const region = page.getByRole('region', { name: label });
    await region.scrollIntoViewIfNeeded();
    return { page, region };
  }

  /** A still testimonial carousel stays on its slide for 5 seconds, and Play moves it on to the next of its five. */
  async function staysUntilPlay(page: Page, label: string) {
    const region = page.getByRole('region', { name: label });
    const before = await selected(page, label);
    await jump(page, 5000);
    await expect(region).toHaveAttribute('data-selected-index', String(before));
    await region.getByRole('button', { name: /^Play/ }).click();
    await jump(page, 4000);
    await waitForSlide(page, label, (before + 1) % 5);
  }

  test('home testimonials advance on their own, loop, and keep going after a click', async ({ newPage }) => {
    const { page, region } = await openCarousel(newPage, '/', 'Seller testimonials');
    await expect(region.getByRole('group')).toHaveCount(5);
    await started(page, 'Seller testimonials', 'testimonial');
    await expect(page.getByRole('region', { name: 'Seller testimonials' })).toHaveAttribute(
      'data-selected-index',
      String(0),
    );
    await jump(page, 4000);
    await waitForSlide(page, 'Seller testimonials', 1);

    // Jump to the last one by hand: autoplay keeps running and wraps around to the first.
    await region.getByRole('button', { name: 'Show testimonial 5' }).click();
    await waitForSlide(page, 'Seller testimonials', 4);
    await jump(page, 4000);
    await waitForSlide(page, 'Seller testimonials', 0);
    await region.getByRole('button', { name: 'Next testimonial' }).click();
    await waitForSlide(page, 'Seller testimonials', 1);
    await jump(page, 4000);
    await waitForSlide(page, 'Seller testimonials', 2);
  });

  test('a slide moved to by hand stays the whole delay before the next one', async ({ newPage }) => {
    const { page, region } = await openCarousel(newPage, '/', 'Seller testimonials');
    await started(page, 'Seller testimonials', 'testimonial');
    // The clock stands still from here, so the time a click and an assertion take is not counted against the delay.
    await pauseSoon(page);
    // The click restarts the timer, so the next move comes a full 4000 ms after it: not at 3000, by 4000.
    await region.getByRole('button', { name: 'Show testimonial 3' }).click();
    await waitForSlide(page, 'Seller testimonials', 2);
    await jump(page, 3000);
    await expect(region).toHaveAttribute('data-selected-index', '2');
    await jump(page, 1000);
    await waitForSlide(page, 'Seller testimonials', 3);
  });

  test('about screenshots advance on their own through seven screens', async ({ newPage }) => {
    const { page, region } = await openCarousel(newPage, '/about', 'App screenshots');
    await expect(region.getByRole('group')).toHaveCount(7);
    await started(page, 'App screenshots', 'screenshot');
    const start = await selected(page, 'App screenshots');
    await jump(page, 3000);
    await waitForSlide(page, 'App screenshots', (start + 1) % 7);
    await region.getByRole('button', { name: 'Previous screenshot' }).click();
    await waitForSlide(page, 'App screenshots', start);
    await jump(page, 3000);
    await waitForSlide(page, 'App screenshots', (start + 1) % 7);
  });

  test('stand still for people who ask for reduced motion, and start on Play', async ({ newPage }) => {
    const { page, region } = await openCarousel(newPage, '/', 'Seller testimonials', { reducedMotion: true });
    // The still carousel is the app's, not the prerendered markup that only looks still: it offers Play once mounted.
    await expect(region.getByRole('button', { name: /^Play/ })).toBeVisible();
    await started(page, 'Seller testimonials', 'testimonial');
    await staysUntilPlay(page, 'Seller testimonials');
  });

  test('the pause button is the one thing that stops autoplay', async ({ newPage }) => {
    const { page, region } = await openCarousel(newPage, '/about', 'What sellers say');
    // Paused once it runs, and read once the pause has taken effect.
    await started(page, 'What sellers say', 'testimonial');
    await region.getByRole('button', { name: /^Pause/ }).click();
    await expect(region.getByRole('button', { name: /^Play/ })).toBeVisible();
    await staysUntilPlay(page, 'What sellers say');
  });
});

test.describe('head tags', () => {
  test('the FAQ page carries canonical, social cards, robots and its structured data', async ({
    newPage,
  }) => {
    const page = await newPage();
    await page.goto('/faqs');
    await expect(page).toHaveTitle('FAQs | Flipwise');
    const tag = (selector: string) => page.locator(selector).first();
    await expect(tag('link[rel="canonical"]')).toHaveAttribute('href', /^https?:\/\/[^/]+\/faqs$/);
    await expect(tag('meta[name="description"]')).toHaveAttribute('content', /verifying your email/);
    await expect(tag('meta[property="og:title"]')).toHaveAttribute('content', 'FAQs | Flipwise');
    await expect(tag('meta[property="og:image"]')).toHaveAttribute(
      'content',
      /^https?:\/\/.+\/og-image\.png$/,
    );
    await expect(tag('meta[property="og:image:width"]')).toHaveAttribute('content', '1200');
    await expect(tag('meta[property="og:image:height"]')).toHaveAttribute('content', '630');
    await expect(tag('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
    await expect(tag('meta[name="robots"]')).toHaveAttribute('content', /^index, follow/);

    const ld = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((t) =>
      JSON.parse(t),
    );
    const types = ld.map((d) => d['@type']);
    expect(types).toEqual(expect.arrayContaining(['Organization', 'WebSite', 'BreadcrumbList', 'FAQPage']));
    const website = ld.find((d) => d['@type'] === 'WebSite');
    expect(website.potentialAction.target.urlTemplate).toMatch(
      /\/thriftingexplorer\?q=\{search_term_string\}$/,
    );
  });

  test('the home page has Organization and WebSite data but no breadcrumb list', async ({ newPage }) => {
    const page = await newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const types = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
      (t) => JSON.parse(t)['@type'],
    );
    expect(types).toEqual(expect.arrayContaining(['Organization', 'WebSite']));
    expect(types).not.toContain('BreadcrumbList');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /^https?:\/\/[^/]+\/$/);
  });

  test('the social image is our own 1200x630 PNG, served by the site', async () => {
    const response = await fetch(`${env.baseURL}/og-image.png`);
    expect(response.headers.get('content-type')).toBe('image/png');
    const bytes = new Uint8Array(await response.arrayBuffer());
    const view = new DataView(bytes.buffer);
    expect([view.getUint32(16), view.getUint32(20)]).toEqual([1200, 630]);
  });
});

test.describe('crawlers', () => {
  test('robots.txt points to the sitemap, which lists the public routes', async () => {
    const robots = await (await fetch(`${env.baseURL}/robots.txt`)).text();
    const sitemapUrl = /^Sitemap: (.+)$/m.exec(robots)?.[1];
    expect(sitemapUrl).toMatch(/\/sitemap\.xml$/);
    const xml = await (await fetch(`${env.baseURL}/sitemap.xml`)).text();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
    for (const route of [
      '/about',
      '/blog',
      '/contact',
      '/terms',
      '/privacy',
      '/faqs',
      '/thriftingexplorer',
    ]) {
      expect(xml).toMatch(new RegExp(`<loc>https?://[^<]+${route}</loc>`));
    }
  });

  test('the sitemap lists the published articles of content/blog and leaves drafts out', async () => {
    const articles = readdirSync('content/blog')
      .filter((f) => f.endsWith('.json'))
      .map(
        (f) => JSON.parse(readFileSync(`content/blog/${f}`, 'utf8')) as { slug: string; published: boolean },
      );
    const xml = await (await fetch(`${env.baseURL}/sitemap.xml`)).text();
    for (const article of articles) {
      const listed = xml.includes(`/blog/${article.slug}</loc>`);
      expect(listed, `${article.slug} (published: ${article.published})`).toBe(article.published);
    }
  });

  test('images below the fold load lazily and every image has its size set', async ({ newPage }) => {
    const page = await newPage();
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const images = await page.locator('img').evaluateAll((imgs) =>
      imgs.map((img) => ({
        src: img.getAttribute('src'),
        width: img.getAttribute('width'),
        height: img.getAttribute('height'),
        loading: img.getAttribute('loading'),
        belowFold: img.getBoundingClientRect().top > window.innerHeight,
      })),
    );
    expect(images.length).toBeGreaterThan(7);
    for (const img of images) {
      expect(img.width, `${img.src} width`).toBeTruthy();
      expect(img.height, `${img.src} height`).toBeTruthy();
      expect(img.src, 'no hot-linked images').toMatch(/^\//);
      if (img.belowFold) expect(img.loading, `${img.src} loading`).toBe('lazy');
    }
  });
});
