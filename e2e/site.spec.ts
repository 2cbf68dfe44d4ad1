// The site foundation in real Chromium: routes and their titles, redirects, 404, breadcrumbs, the mobile menu,
// the FAQ accordion, the carousels and the head tags. Nothing here needs backend data.
import { readdirSync, readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseURL, newPage } from './support/browser';

const path = (page: Page) => new URL(page.url()).pathname;

async function waitForPath(page: Page, expected: string) {
  await page.waitForURL((url) => url.pathname === expected);
  return path(page);
}

async function waitForTitle(page: Page, expected: string | RegExp) {
  await page.waitForFunction(
    (want) => (want.startsWith('^') ? new RegExp(want).test(document.title) : document.title === want),
    typeof expected === 'string' ? expected : expected.source,
  );
  return page.title();
}

describe('routes and titles', () => {
  it.each([
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
  ])('%s has the title "%s" and its heading', async (route, title, heading) => {
    const page = await newPage();
    await page.goto(route);
    await expect(waitForTitle(page, title)).resolves.toBe(title);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(heading);
  });

  it.each(['/blog', '/contact', '/thriftingexplorer'])(
    '%s is served with a "{title} | Flipwise" title',
    async (route) => {
      const page = await newPage();
      await page.goto(route);
      await expect(waitForTitle(page, /^.+ \| Flipwise$/)).resolves.toMatch(/^.+ \| Flipwise$/);
      expect(path(page)).toBe(route);
      await expect(page.getByText('Page Not Found').count()).resolves.toBe(0);
    },
  );
});

describe('runtime health', () => {
  it('the public pages load without script errors or failed requests', async () => {
    const page = await newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (msg) => {
      // Warnings too: React Router's "No HydrateFallback element provided" was one on every route (issue 14).
      if (msg.type() === 'error' || msg.type() === 'warning')
        problems.push(`console ${msg.type()}: ${msg.text()}`);
    });
    page.on('response', (response) => {
      if (response.status() >= 400 && response.url().startsWith(baseURL())) {
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
      await page.getByRole('heading', { level: 1 }).waitFor();
    }
    expect(problems).toEqual([]);
  });
});

describe('page content', () => {
  it('home: headline, App Store button, feature summary, store badges and the search tool call', async () => {
    const page = await newPage();
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect(
      page.getByRole('link', { name: 'Download on the App Store' }).getAttribute('href'),
    ).resolves.toMatch(/^https:\/\/apps\.apple\.com\//);
    for (const title of [
      'AI-written titles and descriptions',
      'One-click crosslisting',
      'Sold detection and auto-delist',
      'A free sell-through tool',
    ]) {
      await expect(page.getByRole('heading', { level: 3, name: title }).isVisible()).resolves.toBe(true);
    }
    const appStoreBadge = page.getByRole('link', { name: 'Download Flipwise on the App Store' });
    await expect(appStoreBadge.getAttribute('href')).resolves.toMatch(/^https:\/\/apps\.apple\.com\//);
    const androidBadge = page.getByRole('link', { name: /Android coming soon on Google Play/ });
    await expect(androidBadge.getAttribute('href')).resolves.toMatch(/^https:\/\//);
    await expect(androidBadge.getAttribute('href')).resolves.not.toMatch(/play\.google\.com/);
    await expect(page.getByRole('link', { name: /Check an item now/ }).getAttribute('href')).resolves.toBe(
      '/thriftingexplorer',
    );
    await expect(page.getByText('Free for a limited time').first().isVisible()).resolves.toBe(true);
  });

  it('terms: sections 1 to 7 in order and the last-updated date', async () => {
    const page = await newPage();
    await page.goto('/terms');
    await page.getByRole('heading', { level: 1, name: 'Terms of Service' }).waitFor();
    await expect(
      page.getByRole('article').getByRole('heading', { level: 2 }).allTextContents(),
    ).resolves.toEqual([
      '1. Acceptance of Terms',
      '2. Use License',
      '3. Service Description',
      '4. User Responsibilities',
      '5. Data and Privacy',
      '6. Disclaimer',
      '7. Contact Information',
    ]);
    await expect(page.getByText('Last updated January 13, 2025').isVisible()).resolves.toBe(true);
    // Resellers use the tool for their business (decision 044).
    await expect(page.getByText(/as a hobby or as a business/).isVisible()).resolves.toBe(true);
    await expect(page.getByText(/non-commercial/).count()).resolves.toBe(0);
  });

  it('privacy: the seven topics and the last-updated date', async () => {
    const page = await newPage();
    await page.goto('/privacy');
    await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
    await expect(
      page.getByRole('article').getByRole('heading', { level: 2 }).allTextContents(),
    ).resolves.toEqual([
      '1. Information We Collect',
      '2. How We Use Your Information',
      '3. Information Sharing',
      '4. Data Security',
      '5. Your Rights',
      '6. Cookies',
      '7. Contact Us',
    ]);
    await expect(page.getByText('Last updated January 13, 2025').isVisible()).resolves.toBe(true);
  });

  it('about: the story, seven app screens and a testimonial carousel', async () => {
    const page = await newPage();
    await page.goto('/about');
    await page.getByRole('heading', { level: 2, name: 'Our story' }).waitFor();
    await expect(page.getByText(/started Flipwise in 2024/).isVisible()).resolves.toBe(true);
    const screens = page.getByRole('region', { name: 'App screenshots' }).getByRole('img');
    await expect(screens.count()).resolves.toBe(7);
    await expect(
      page.getByRole('region', { name: 'What sellers say' }).getByRole('group').count(),
    ).resolves.toBe(5);
  });
});

describe('redirects', () => {
  it('/login goes to / and replaces its history entry', async () => {
    const page = await newPage();
    await page.goto('/about');
    await page.getByRole('heading', { name: 'Built by resellers, for resellers' }).waitFor();
    await page.goto('/login');
    await expect(waitForPath(page, '/')).resolves.toBe('/');
    await page.getByRole('heading', { level: 1, name: /List faster/ }).waitFor();
    await page.goBack();
    await expect(waitForPath(page, '/about')).resolves.toBe('/about');
    await page.getByRole('heading', { name: 'Built by resellers, for resellers' }).waitFor();
  });

  it.each([
    ['/About', '/about'],
    ['/Blog', '/blog'],
    ['/Contact', '/contact'],
    ['/Terms', '/terms'],
    ['/Privacy', '/privacy'],
    ['/Faqs', '/faqs'],
    ['/ThriftingExplorer', '/thriftingexplorer'],
    ['/THRIFTINGEXPLORER', '/thriftingexplorer'],
  ])('%s redirects to %s', async (from, to) => {
    const page = await newPage();
    await page.goto(from);
    await expect(waitForPath(page, to)).resolves.toBe(to);
    await expect(page.getByText('Page Not Found').count()).resolves.toBe(0);
  });

  it('a capitalised address is replaced, not stacked, in history', async () => {
    const page = await newPage();
    await page.goto('/faqs');
    await page.getByRole('heading', { name: 'Frequently asked questions' }).waitFor();
    await page.goto('/Terms');
    await waitForPath(page, '/terms');
    await page.getByRole('heading', { level: 1, name: 'Terms of Service' }).waitFor();
    await page.goBack();
    await expect(waitForPath(page, '/faqs')).resolves.toBe('/faqs');
  });

  it('keeps the query string when it redirects', async () => {
    const page = await newPage();
    await page.goto('/ThriftingExplorer?q=levis');
    await waitForPath(page, '/thriftingexplorer');
    expect(new URL(page.url()).search).toBe('?q=levis');
  });
});

describe('404', () => {
  it('shows Page Not Found, explains why and links home', async () => {
    const page = await newPage();
    await page.goto('/definitely/not/here');
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await expect(
      page.getByText(/removed, had its name changed, or is temporarily unavailable/).isVisible(),
    ).resolves.toBe(true);
    await expect(page.locator('meta[name="robots"]').getAttribute('content')).resolves.toBe(
      'noindex, nofollow',
    );
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).count()).resolves.toBe(0);
    await page.getByRole('link', { name: 'Go Back Home' }).click();
    await expect(waitForPath(page, '/')).resolves.toBe('/');
  });
});

describe('breadcrumbs', () => {
  it('are shown on /about as Home > About', async () => {
    const page = await newPage();
    await page.goto('/about');
    const trail = page.getByRole('navigation', { name: 'Breadcrumb' });
    await trail.waitFor();
    await expect(trail.getByRole('link', { name: 'Home' }).getAttribute('href')).resolves.toBe('/');
    await expect(trail.locator('[aria-current="page"]').textContent()).resolves.toBe('About');
  });

  it('are hidden on the home page', async () => {
    const page = await newPage();
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: /List faster/ }).waitFor();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).count()).resolves.toBe(0);
  });

  it('follow client-side navigation', async () => {
    const page = await newPage();
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    const trail = page.getByRole('navigation', { name: 'Breadcrumb' });
    await trail.waitFor();
    await expect(trail.locator('[aria-current="page"]').textContent()).resolves.toBe('Privacy Policy');
  });
});

describe('header and footer', () => {
  it('the header links Home, About, Contact and the search tool', async () => {
    const page = await newPage();
    await page.goto('/faqs');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [name, href] of [
      ['Home', '/'],
      ['About', '/about'],
      ['Contact', '/contact'],
      ['Thrifting Explorer', '/thriftingexplorer'],
    ]) {
      await expect(nav.getByRole('link', { name, exact: true }).getAttribute('href')).resolves.toBe(href);
    }
  });

  it('the footer has Resources, Support, the year and the DMCA badge', async () => {
    const page = await newPage();
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await footer.waitFor();
    const resources = footer.getByRole('navigation', { name: 'Resources' });
    for (const name of ['About', 'Blog', 'FAQs', 'Thrifting Explorer']) {
      await expect(resources.getByRole('link', { name, exact: true }).count()).resolves.toBe(1);
    }
    const support = footer.getByRole('navigation', { name: 'Support' });
    await expect(support.getByRole('link', { name: /Instagram/ }).getAttribute('href')).resolves.toMatch(
      /^https:\/\//,
    );
    await expect(support.getByRole('link', { name: /@/ }).getAttribute('href')).resolves.toMatch(/^mailto:/);
    await expect(
      support.getByRole('link', { name: 'Terms & Conditions' }).getAttribute('href'),
    ).resolves.toBe('/terms');
    await expect(support.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).resolves.toBe(
      '/privacy',
    );
    await expect(footer.getByText(`© ${new Date().getFullYear()} Flipwise`).isVisible()).resolves.toBe(true);
    await expect(footer.getByRole('img', { name: 'DMCA.com Protection Status' }).isVisible()).resolves.toBe(
      true,
    );
  });

  it('the first Tab reaches the skip link, which moves focus to the content', async () => {
    const page = await newPage();
    await page.goto('/about');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press('Enter');
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('main');
  });
});

describe('mobile menu at 375 px', () => {
  it('opens, closes, and closes when a link is clicked', async () => {
    const page = await newPage({ width: 375, height: 760 });
    await page.goto('/');
    const toggle = page.getByRole('button', { name: /menu/i });
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    const menu = page.locator(`[id="${await toggle.getAttribute('aria-controls')}"]`);
    await expect(menu.isVisible()).resolves.toBe(false);
    // The desktop links are hidden at this width.
    await expect(page.getByRole('navigation', { name: 'Main' }).isVisible()).resolves.toBe(false);

    await toggle.click();
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
    await expect(menu.isVisible()).resolves.toBe(true);

    await toggle.click();
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(menu.isVisible()).resolves.toBe(false);

    await toggle.click();
    await menu.getByRole('link', { name: 'About', exact: true }).click();
    await waitForPath(page, '/about');
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(menu.isVisible()).resolves.toBe(false);

    await toggle.click();
    await menu.getByRole('link', { name: 'Thrifting Explorer' }).click();
    await waitForPath(page, '/thriftingexplorer');
    await expect(menu.isVisible()).resolves.toBe(false);
  });

  it('closes on Escape', async () => {
    const page = await newPage({ width: 375, height: 760 });
    await page.goto('/faqs');
    const toggle = page.getByRole('button', { name: /menu/i });
    await toggle.click();
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
    await page.keyboard.press('Escape');
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
  });

  it.each(['/', '/about', '/faqs', '/terms', '/privacy', '/no-such-page'])(
    '%s has no horizontal overflow at 360 px',
    async (route) => {
      const page = await newPage({ width: 360, height: 740 });
      await page.goto(route);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForLoadState('load');
      await expect(
        page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).resolves.toBeLessThanOrEqual(0);
    },
  );
});

describe('FAQ accordion', () => {
  const expanded = (page: Page, name: string) =>
    page.getByRole('button', { name, exact: true }).getAttribute('aria-expanded');

  it('opens one group at a time and closes the open one when clicked', async () => {
    const page = await newPage();
    await page.goto('/faqs');
    const welcome = page.getByRole('button', { name: 'Welcome', exact: false }).first();
    await welcome.click();
    await expect(welcome.getAttribute('aria-expanded')).resolves.toBe('true');
    await expect(page.getByRole('button', { name: 'What is Flipwise?' }).isVisible()).resolves.toBe(true);

    const account = page.getByRole('button', { name: /Logging in and my account/ });
    await account.click();
    await expect(account.getAttribute('aria-expanded')).resolves.toBe('true');
    await expect(welcome.getAttribute('aria-expanded')).resolves.toBe('false');

    await account.click();
    await expect(account.getAttribute('aria-expanded')).resolves.toBe('false');
  });

  it('opens one question at a time inside a group, and the open one closes on click', async () => {
    const page = await newPage();
    await page.goto('/faqs');
    await page.getByRole('button', { name: /How to use the product/ }).click();
    await page.getByRole('button', { name: 'How do I connect my marketplaces?' }).click();
    await expect(expanded(page, 'How do I connect my marketplaces?')).resolves.toBe('true');
    await expect(page.getByText(/Tap Add Marketplace/).isVisible()).resolves.toBe(true);

    await page.getByRole('button', { name: 'How do I delist an item?' }).click();
    await expect(expanded(page, 'How do I delist an item?')).resolves.toBe('true');
    await expect(expanded(page, 'How do I connect my marketplaces?')).resolves.toBe('false');
    await expect(page.getByText(/Long-press the item/).isVisible()).resolves.toBe(true);

    await page.getByRole('button', { name: 'How do I delist an item?' }).click();
    await expect(expanded(page, 'How do I delist an item?')).resolves.toBe('false');
  });

  it('covers every app flow of the help text', async () => {
    const page = await newPage();
    await page.goto('/faqs');
    await page.getByRole('heading', { level: 1 }).waitFor();
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

describe('carousels', () => {
  const selected = (page: Page, label: string) =>
    page.getByRole('region', { name: label }).getAttribute('data-selected-index').then(Number);

  async function waitForSlide(page: Page, label: string, index: number, timeout = 9000) {
    await page.waitForFunction(
      ({ label, index }) =>
        document.querySelector(`section[aria-label="${label}"]`)?.getAttribute('data-selected-index') ===
        String(index),
      { label, index },
      { timeout },
    );
  }

  it('home testimonials advance on their own, loop, and keep going after a click', async () => {
    const page = await newPage();
    await page.goto('/');
    const region = page.getByRole('region', { name: 'Seller testimonials' });
    await region.scrollIntoViewIfNeeded();
    await expect(region.getByRole('group').count()).resolves.toBe(5);
    await expect(selected(page, 'Seller testimonials')).resolves.toBe(0);
    await waitForSlide(page, 'Seller testimonials', 1);

    // Jump to the last one by hand: autoplay keeps running and wraps around to the first.
    await region.getByRole('button', { name: 'Show testimonial 5' }).click();
    await waitForSlide(page, 'Seller testimonials', 4, 2000);
    await waitForSlide(page, 'Seller testimonials', 0);
    await region.getByRole('button', { name: 'Next testimonial' }).click();
    await waitForSlide(page, 'Seller testimonials', 1, 2000);
    await waitForSlide(page, 'Seller testimonials', 2);
  });

  it('about screenshots advance on their own through seven screens', async () => {
    const page = await newPage();
    await page.goto('/about');
    const region = page.getByRole('region', { name: 'App screenshots' });
    await region.scrollIntoViewIfNeeded();
    await expect(region.getByRole('group').count()).resolves.toBe(7);
    const start = await selected(page, 'App screenshots');
    await waitForSlide(page, 'App screenshots', (start + 1) % 7, 6000);
    await region.getByRole('button', { name: 'Previous screenshot' }).click();
    await waitForSlide(page, 'App screenshots', start, 2000);
    await waitForSlide(page, 'App screenshots', (start + 1) % 7, 6000);
  });

  it('stand still for people who ask for reduced motion, and start on Play', async () => {
    const page = await newPage({ reducedMotion: true });
    await page.goto('/');
    const region = page.getByRole('region', { name: 'Seller testimonials' });
    await region.scrollIntoViewIfNeeded();
    const before = await selected(page, 'Seller testimonials');
    await page.waitForTimeout(5000);
    await expect(selected(page, 'Seller testimonials')).resolves.toBe(before);
    await region.getByRole('button', { name: /^Play/ }).click();
    await waitForSlide(page, 'Seller testimonials', (before + 1) % 5);
  });

  it('the pause button is the one thing that stops autoplay', async () => {
    const page = await newPage();
    await page.goto('/about');
    const region = page.getByRole('region', { name: 'What sellers say' });
    await region.scrollIntoViewIfNeeded();
    await region.getByRole('button', { name: /^Pause/ }).click();
    const before = await selected(page, 'What sellers say');
    await page.waitForTimeout(5000);
    await expect(selected(page, 'What sellers say')).resolves.toBe(before);
    await region.getByRole('button', { name: /^Play/ }).click();
    await waitForSlide(page, 'What sellers say', (before + 1) % 5);
  });
});

describe('head tags', () => {
  it('the FAQ page carries canonical, social cards, robots and its structured data', async () => {
    const page = await newPage();
    await page.goto('/faqs');
    await waitForTitle(page, 'FAQs | Flipwise');
    const attr = (selector: string, name = 'content') => page.locator(selector).first().getAttribute(name);
    await expect(attr('link[rel="canonical"]', 'href')).resolves.toMatch(/^https?:\/\/[^/]+\/faqs$/);
    await expect(attr('meta[name="description"]')).resolves.toMatch(/verifying your email/);
    await expect(attr('meta[property="og:title"]')).resolves.toBe('FAQs | Flipwise');
    await expect(attr('meta[property="og:image"]')).resolves.toMatch(/^https?:\/\/.+\/og-image\.png$/);
    await expect(attr('meta[property="og:image:width"]')).resolves.toBe('1200');
    await expect(attr('meta[property="og:image:height"]')).resolves.toBe('630');
    await expect(attr('meta[name="twitter:card"]')).resolves.toBe('summary_large_image');
    await expect(attr('meta[name="robots"]')).resolves.toMatch(/^index, follow/);

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

  it('the home page has Organization and WebSite data but no breadcrumb list', async () => {
    const page = await newPage();
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const types = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
      (t) => JSON.parse(t)['@type'],
    );
    expect(types).toEqual(expect.arrayContaining(['Organization', 'WebSite']));
    expect(types).not.toContain('BreadcrumbList');
    await expect(page.locator('link[rel="canonical"]').getAttribute('href')).resolves.toMatch(
      /^https?:\/\/[^/]+\/$/,
    );
  });

  it('the social image is our own 1200x630 PNG, served by the site', async () => {
    const response = await fetch(`${baseURL()}/og-image.png`);
    expect(response.headers.get('content-type')).toBe('image/png');
    const bytes = new Uint8Array(await response.arrayBuffer());
    const view = new DataView(bytes.buffer);
    expect([view.getUint32(16), view.getUint32(20)]).toEqual([1200, 630]);
  });
});

describe('crawlers', () => {
  it('robots.txt points to the sitemap, which lists the public routes', async () => {
    const robots = await (await fetch(`${baseURL()}/robots.txt`)).text();
    const sitemapUrl = /^Sitemap: (.+)$/m.exec(robots)?.[1];
    expect(sitemapUrl).toMatch(/\/sitemap\.xml$/);
    const xml = await (await fetch(`${baseURL()}/sitemap.xml`)).text();
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

  it('the sitemap lists the published articles of content/blog and leaves drafts out', async () => {
    const articles = readdirSync('content/blog')
      .filter((f) => f.endsWith('.json'))
      .map(
        (f) => JSON.parse(readFileSync(`content/blog/${f}`, 'utf8')) as { slug: string; published: boolean },
      );
    const xml = await (await fetch(`${baseURL()}/sitemap.xml`)).text();
    for (const article of articles) {
      const listed = xml.includes(`/blog/${article.slug}</loc>`);
      expect(listed, `${article.slug} (published: ${article.published})`).toBe(article.published);
    }
  });

  it('images below the fold load lazily and every image has its size set', async () => {
    const page = await newPage();
    await page.goto('/about');
    await page.getByRole('heading', { level: 1 }).waitFor();
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
