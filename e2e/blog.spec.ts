// The blog in real Chromium against the emulator seeded from content/blog (supabase/seed.sql): the list, its filters
// and featured section, a full article, FAQ, related links, the not-found view, errors, and the draft kept out of
// every public surface (list, article URL, related, sitemap.xml, feed.xml).
import { loadArticles, publishedOnly, sortArticles } from '../content/blog/index';
import { articleWordCount } from '../src/features/blog/lib/word-count';
import { formatArticleDate } from '../src/features/blog/lib/format';
import { env, expect, test, type Page } from './support/fixtures';

/** A URL predicate for `expect(page).toHaveURL`: the path, whatever the query string or hash. */
const atPath = (expected: string) => (url: URL) => url.pathname === expected;

const articles = loadArticles();
const published = sortArticles(publishedOnly(articles));
const draft = articles.find((a) => !a.published)!;
const featured = published.find((a) => /sell[\s-]?(through|rate)/i.test(`${a.slug} ${a.title}`))!;
// The article with every section: takeaways, a table, a summary and FAQ.
const full =
  published.find(
    (a) => a.featured && a.columns.length > 0 && a.key_takeaways.length > 0 && a.faq.length > 1,
  ) ?? featured;

const cardTitles = (page: Page) => page.locator('main article h3').allTextContents();

async function openList(page: Page) {
  await page.goto('/blog');
  await expect(page.getByRole('heading', { name: 'Latest Articles' })).toBeVisible();
}

/**
 * Goes to `to` the way a reader following a link inside the app does: from a page that carries no blog data, through
 * the router, so the app reads the articles itself. (A prerendered blog page arrives with its data and reads nothing.)
 */
async function openInApp(page: Page, to: string) {
  await page.goto('/terms');
  // goto returns once the app runs on the page (support/fixtures.ts), so the router sees the move below.
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  await page.evaluate((path) => {
    window.history.pushState(null, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, to);
}

async function openArticle(page: Page, slug: string, title: string) {
  await page.goto(`/blog/${slug}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

test.describe('/blog', () => {
  test('shows the loading text, then every published article and no draft', async ({ newPage }) => {
    const page = await newPage();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // Hold the list response so the loading state is observable, then let it through.
    await page.route('**/rest/v1/blog_articles?*', async (route) => {
      await held;
      await route.continue();
    });
    await openInApp(page, '/blog');
    await expect(page.getByRole('status').filter({ hasText: 'Loading articles...' })).toBeVisible();
    release();
    await expect(page.getByRole('heading', { name: 'Latest Articles' })).toBeVisible();
    expect((await cardTitles(page)).sort()).toEqual(published.map((a) => a.title).sort());
    await expect(page.getByText(draft.title)).toHaveCount(0);
    await expect(page).toHaveTitle('Blog | Flipwise');
  });

  test('puts the sell-through article in Featured Article with a Read Article link, the rest in Latest Articles newest first', async ({
    newPage,
  }) => {
    const page = await newPage();
    await openList(page);
    const featuredSection = page.getByRole('region', { name: 'Featured Article' });
    await expect(featuredSection.locator('h3')).toHaveText([featured.title]);
    await expect(
      featuredSection.getByRole('link', { name: `Read Article: ${featured.title}` }),
    ).toHaveAttribute('href', `/blog/${featured.slug}`);
    const latest = page.getByRole('region', { name: 'Latest Articles' });
    const expected = published.filter((a) => a.slug !== featured.slug);
    await expect(latest.locator('h3')).toHaveText(expected.map((a) => a.title));
    await expect(latest.getByRole('link', { name: /^Read More: / })).toHaveCount(expected.length);
    const card = latest.locator('article').first();
    await expect(card).toContainText(expected[0].category);
    await expect(card).toContainText(expected[0].read_time);
    await expect(card).toContainText(formatArticleDate(expected[0].created_at));
  });

  test('filters by each category, All by default, with aria-pressed on the chosen button', async ({
    newPage,
  }) => {
    const page = await newPage();
    await openList(page);
    const group = page.getByRole('group', { name: 'Filter articles by category' });
    const categories = [...new Set(published.map((a) => a.category))];
    await expect(group.getByRole('button')).toHaveText(['All', ...categories]);
    await expect(group.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
    for (const category of categories) {
      await group.getByRole('button', { name: category, exact: true }).click();
      await expect(group.getByRole('button', { name: category, exact: true })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect(group.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'false');
      const want = published.filter((a) => a.category === category).map((a) => a.title);
      await expect(page.locator('main article h3')).toHaveCount(want.length);
      expect((await cardTitles(page)).sort()).toEqual([...want].sort());
    }
    await group.getByRole('button', { name: 'All' }).click();
    await expect(page.locator('main article h3')).toHaveCount(published.length);
  });

  test('opens an article from its card, fetching it as soon as the pointer is on the card', async ({
    newPage,
  }) => {
    const page = await newPage();
    await openList(page);
    const target = published.find((a) => a.slug !== featured.slug)!;
    const link = page.getByRole('link', { name: `Read More: ${target.title}` });
    // Pointing at the card starts the article read, so the page can open without its loading state.
    const prefetch = page.waitForRequest(
      (request) =>
        request.url().includes('/rest/v1/blog_articles') && request.url().includes(`slug=eq.${target.slug}`),
    );
    await link.hover();
    await prefetch;
    await link.click();
    await expect(page.getByRole('heading', { level: 1, name: target.title })).toBeVisible();
    await expect(page).toHaveURL(atPath(`/blog/${target.slug}`));
  });

  test('says it could not load the articles when the request fails, and Try again recovers', async ({
    newPage,
  }) => {
    const page = await newPage();
    await page.route('**/rest/v1/blog_articles?*', (route) => route.abort('connectionfailed'));
    await openInApp(page, '/blog');
    // supabase-js retries a failed read three times with backoff before it reports the error.
    await expect(page.getByText("We couldn't load the articles.")).toBeVisible({ timeout: 20_000 });
    await page.screenshot({ path: '/tmp/shots/blog-list-error-1280.png' });
    await page.unroute('**/rest/v1/blog_articles?*');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { name: 'Latest Articles' })).toBeVisible();
    await expect(page.locator('main article h3')).toHaveCount(published.length);
  });

  test('advertises the RSS feed and Blog structured data', async ({ newPage }) => {
    const page = await newPage();
    await openList(page);
    await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute(
      'href',
      '/blog/feed.xml',
    );
    const blog = await page.evaluate(() =>
      [...document.querySelectorAll('script[type="application/ld+json"]')]
        .map((s) => JSON.parse(s.textContent ?? '{}'))
        .find((d) => d['@type'] === 'Blog'),
    );
    expect(blog.blogPost.map((p: { headline: string }) => p.headline)).toEqual(published.map((a) => a.title));
  });
});

test.describe('/blog/:slug', () => {
  test('shows every part of a full article', async ({ newPage }) => {
    const page = await newPage();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.baseURL });
    await page.goto(`/blog/${full.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: full.title })).toBeVisible();
    const main = page.locator('main');

    // Breadcrumb and header.
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).locator('li')).toHaveText(
      ['Home', 'Blog', full.title],
      { useInnerText: true },
    );
    await expect(main.getByRole('link', { name: 'Back to Blog' })).toHaveAttribute('href', '/blog');
    const header = main.locator('article header');
    const headerText = await header.innerText();
    for (const text of [
      full.category,
      'Featured',
      'Flipwise Team',
      formatArticleDate(full.created_at),
      full.read_time,
    ]) {
      expect(headerText).toContain(text);
    }
    expect(headerText).toContain(`${articleWordCount(full).toLocaleString('en-US')} words`);

    // Share: no share sheet in headless Chromium, so the address is copied and a toast confirms it.
    const hasShare = await page.evaluate(() => typeof navigator.share === 'function');
    if (!hasShare) {
      await header.getByRole('button', { name: 'Share' }).click();
      await expect(page.getByText('Link copied')).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
    }

    // Body: intro, then one h2 per section, with bold as strong.
    await expect(
      main.getByText(full.intro.split('\n')[0].slice(0, 60), { exact: false }).first(),
    ).toBeAttached();
    for (const section of full.content) {
      await expect(main.getByRole('heading', { level: 2, name: section.heading, exact: true })).toHaveCount(
        1,
      );
    }
    const boldSource = full.content.map((s) => /\*\*(.+?)\*\*/.exec(s.content)?.[1]).find(Boolean);
    if (boldSource) await expect(main.locator('strong', { hasText: boldSource }).first()).toBeAttached();
    await expect(main.locator('article').first()).not.toContainText('**', { useInnerText: true });

    // In This Article links to the body's sections, then the table (under its own title), which all exist.
    const toc = main.getByRole('navigation', { name: 'In This Article' });
    await expect(toc.getByRole('link')).toHaveText([
      ...full.content.map((section) => section.heading),
      full.table_title ?? 'At a Glance',
      'Key Takeaways',
      'Summary',
      'Frequently Asked Questions',
    ]);
    for (const id of ['tool-comparison', 'key-takeaways', 'summary', 'faq'])
      await expect(page.locator(`#${id}`)).toHaveCount(1);
    await toc.getByRole('link', { name: 'Key Takeaways' }).click();
    await expect(page).toHaveURL(/#key-takeaways$/);
    await expect
      .poll(() =>
        page.evaluate(() => {
          const top = document.getElementById('key-takeaways')!.getBoundingClientRect().top;
          return top >= 0 && top < window.innerHeight;
        }),
      )
      .toBe(true);

    // Table, takeaways, summary.
    const table = main.getByRole('table');
    await expect(table.locator('thead th')).toHaveText(full.columns);
    await expect(table.locator('tbody tr')).toHaveCount(full.rows.length);
    await expect(table.locator('tbody tr').first().locator('th, td')).toHaveText(full.rows[0]);
    const takeaways = main.getByRole('region', { name: 'Key Takeaways' });
    await expect(takeaways.locator('li')).toHaveText(full.key_takeaways);
    await expect(main.getByRole('region', { name: 'Summary' })).toContainText(
      full.summary.split('\n')[0].slice(0, 60),
      { useInnerText: true },
    );

    // FAQ questions are buttons.
    const faq = main.getByRole('region', { name: 'Frequently Asked Questions' });
    for (const item of full.faq)
      await expect(faq.getByRole('button', { name: item.question })).toHaveCount(1);

    // Related and resources.
    const related = main.getByRole('region', { name: 'You Might Also Like' });
    await expect(related.getByRole('link')).toHaveCount(2);
    const explore = main.getByRole('navigation', { name: 'Explore More Resources' });
    await expect(explore.getByRole('link')).toHaveCount(4);
    expect(
      await explore.getByRole('link').evaluateAll((links) => links.map((l) => l.getAttribute('href'))),
    ).toEqual(['/blog', '/faqs', '/thriftingexplorer', '/contact']);

    // Head.
    await expect(page).toHaveTitle(`${full.title} | Flipwise`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', full.meta_description);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      new RegExp(`/blog/${full.slug}$`),
    );
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
    const types = await page.evaluate(() =>
      [...document.querySelectorAll('script[type="application/ld+json"]')].map(
        (s) => JSON.parse(s.textContent ?? '{}')['@type'],
      ),
    );
    expect(types).toEqual(expect.arrayContaining(['BlogPosting', 'FAQPage', 'BreadcrumbList']));
  });

  test('keeps one FAQ answer open at a time, and clicking the open question closes it', async ({
    newPage,
  }) => {
    const page = await newPage();
    await openArticle(page, full.slug, full.title);
    const faq = page.getByRole('region', { name: 'Frequently Asked Questions' });
    const [first, second] = full.faq;
    const q1 = faq.getByRole('button', { name: first.question });
    const q2 = faq.getByRole('button', { name: second.question });
    await q1.click();
    await expect(q1).toHaveAttribute('aria-expanded', 'true');
    await expect(faq.getByText(first.answer.slice(0, 40))).toBeVisible();
    await q2.click();
    await expect(q2).toHaveAttribute('aria-expanded', 'true');
    await expect(q1).toHaveAttribute('aria-expanded', 'false');
    await expect(faq.getByText(first.answer.slice(0, 40))).toBeHidden();
    await q2.click();
    await expect(q2).toHaveAttribute('aria-expanded', 'false');
    // Keyboard: Enter opens the focused question.
    await q1.focus();
    await page.keyboard.press('Enter');
    await expect(q1).toHaveAttribute('aria-expanded', 'true');
  });

  test('navigates through a related article to its page, starting at the top', async ({ newPage }) => {
    const page = await newPage();
    await openArticle(page, full.slug, full.title);
    const related = page.getByRole('region', { name: 'You Might Also Like' });
    await expect(related.getByRole('link').first()).toBeVisible();
    const href = (await related.getByRole('link').first().getAttribute('href'))!;
    const target = published.find((a) => `/blog/${a.slug}` === href)!;
    expect(target).toBeDefined();
    expect(target.slug).not.toBe(full.slug);
    await related.getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1, name: target.title })).toBeVisible();
    await expect(page).toHaveURL(atPath(href));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(50);
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).locator('li').last()).toHaveText(
      target.title,
      { useInnerText: true },
    );
  });

  test("shows 'Article Not Found' for an unknown slug, and Back to Blog returns to the list", async ({
    newPage,
  }) => {
    const page = await newPage();
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await page.goto('/blog/no-such-article');
    await expect(page.getByRole('heading', { level: 1, name: 'Article Not Found' })).toBeVisible();
    await expect(page.getByText("The article you're looking for doesn't exist.")).toBeVisible();
    // A missing article is an answer, not a failed request: nothing in the console (no 406 from PostgREST).
    expect(consoleErrors).toEqual([]);
    await page.getByRole('main').getByRole('link', { name: 'Back to Blog' }).click();
    await expect(page.getByRole('heading', { name: 'Latest Articles' })).toBeVisible();
    await expect(page).toHaveURL(atPath('/blog'));
  });

  test("shows 'Article Not Found' when the article request fails", async ({ newPage }) => {
    const page = await newPage();
    await page.route('**/rest/v1/blog_articles?*', (route) => route.abort('connectionfailed'));
    await openInApp(page, `/blog/${full.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Article Not Found' })).toBeVisible({
      timeout: 20_000,
    });
  });

  test('keeps the comparison table scrolling inside its own box on a 375 px phone', async ({ newPage }) => {
    const page = await newPage({ width: 375 });
    await openArticle(page, full.slug, full.title);
    const box = page.getByRole('region', { name: `Table: ${full.table_title ?? 'At a Glance'}` });
    const [scrollWidth, clientWidth] = await box.evaluate((el) => [el.scrollWidth, el.clientWidth]);
    expect(scrollWidth).toBeGreaterThan(clientWidth);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});

test.describe('the draft appears nowhere', () => {
  test('is not in the list, not at its own address and not among related articles', async ({ newPage }) => {
    const page = await newPage();
    await openList(page);
    await expect(page.getByText(draft.title)).toHaveCount(0);
    await expect(page.locator(`a[href="/blog/${draft.slug}"]`)).toHaveCount(0);

    await page.goto(`/blog/${draft.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Article Not Found' })).toBeVisible();

    for (const article of published) {
      await openArticle(page, article.slug, article.title);
      const related = page.getByRole('region', { name: 'You Might Also Like' });
      await expect(related.getByRole('link').nth(1)).toBeVisible();
      const hrefs = await related
        .getByRole('link')
        .evaluateAll((links) => links.map((l) => l.getAttribute('href')));
      expect(hrefs).toHaveLength(2);
      expect(hrefs).not.toContain(`/blog/${draft.slug}`);
      expect(hrefs).not.toContain(`/blog/${article.slug}`);
    }
  });

  test('is not in sitemap.xml or feed.xml, which list every published article', async () => {
    const sitemap = await (await fetch(`${env.baseURL}/sitemap.xml`)).text();
    const feed = await (await fetch(`${env.baseURL}/blog/feed.xml`)).text();
    expect(feed).toMatch(/^<\?xml[^>]*>\s*<rss version="2.0"/);
    for (const article of published) {
      expect(sitemap, article.slug).toContain(`/blog/${article.slug}</loc>`);
      expect(feed, article.slug).toContain(`/blog/${article.slug}</link>`);
    }
    expect(sitemap).not.toContain(draft.slug);
    expect(feed).not.toContain(draft.slug);
    expect((feed.match(/<item>/g) ?? []).length).toBe(published.length);
  });
});

/** Full-page screenshots cut into viewport-high parts, so each is legible at a glance. */
async function shoot(page: Page, name: string) {
  const { width, height } = page.viewportSize()!;
  const total = await page.evaluate(() => document.documentElement.scrollHeight);
  const step = Math.round(height * 1.5);
  for (let y = 0, part = 1; y < total; y += step, part++) {
    await page.screenshot({
      path: `/tmp/shots/${name}-part${part}.png`,
      fullPage: true,
      clip: { x: 0, y, width, height: Math.min(step, total - y) },
    });
  }
}

test.describe('screenshots', () => {
  for (const width of [375, 1280])
    test(`captures /blog and an article at ${width} px without sideways scrolling`, async ({ newPage }) => {
      const page = await newPage({ width, reducedMotion: true });
      await openList(page);
      await shoot(page, `blog-list-${width}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await openArticle(page, full.slug, full.title);
      await expect(
        page.getByRole('region', { name: 'You Might Also Like' }).getByRole('link').first(),
      ).toBeVisible();
      await shoot(page, `blog-article-${width}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });
});
