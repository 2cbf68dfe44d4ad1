// Article HTML is the one place the blog renders markup from the database. An editor's account (or a leaked
// service-role key) must not be able to run script in readers' browsers: an article full of XSS payloads renders
// with none of them executing or left in the DOM, while the SPEC §5 allow-list survives.
import { client } from '../tests/support/supabase';
import { env, expect, openPage, test, type Page } from './support/fixtures';

/** A URL predicate for `expect(page).toHaveURL`: the path, whatever the query string or hash. */
const atPath = (expected: string) => (url: URL) => url.pathname === expected;

const slug = `xss-check-${Date.now().toString(36)}`;
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

// Every payload sets a window.__xss_* flag if it ever runs.
const payloads = `**Bold survives** the pipeline.

<p>Allowed: <strong>strong text</strong>, <em>emphasis</em>, <a href="https://example.com/ok" title="Safe">a safe link</a>, <a href="/blog">a relative link</a> and <code>inline code</code>.</p>

<h3 id="sub-heading" class="note">A sub heading</h3>

<ul><li>first item</li><li>second item</li></ul>

<ol><li>numbered</li></ol>

<blockquote>A quoted line</blockquote>

<pre><code>const margin = price - cost;</code></pre>

<img src="https://example.com/photo.png" alt="An https image"><img src="data:image/png;base64,${PNG}" alt="A data image">

<script>window.__xss_script = 1</script>
<img src="x" alt="broken" onerror="window.__xss_onerror = 1">
<img src="x" alt="alerting" onerror="alert('xss')">
<p id="clickable" onclick="window.__xss_onclick = 1" onmouseover="window.__xss_onmouseover = 1" style="position:fixed;inset:0">Click me</p>
<a id="js-link" href="javascript:window.__xss_jsurl = 1">A javascript link</a>
<a id="js-link-encoded" href="&#106;avascript:window.__xss_jsurl2 = 1">An encoded javascript link</a>
<a id="js-link-spaced" href="  JaVaScRiPt:window.__xss_jsurl3 = 1">A spaced javascript link</a>
<a id="data-link" href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">A data link</a>
<img src="data:text/html,<script>window.__xss_dataimg = 1</script>" alt="data html">
<svg onload="window.__xss_svg = 1"><script>window.__xss_svgscript = 1</script></svg>
<iframe src="javascript:parent.__xss_iframe = 1"></iframe>
<iframe srcdoc="<script>parent.__xss_srcdoc = 1</script>"></iframe>
<style>main { display: none !important; }</style>
<math><mtext><table><mglyph><style><img src=x onerror="window.__xss_mxss = 1"></style></mglyph></table></mtext></math>
<form action="javascript:window.__xss_form = 1"><button id="form-button">Send</button></form>
<object data="javascript:window.__xss_object = 1"></object>
<embed src="javascript:window.__xss_embed = 1">
<details open ontoggle="window.__xss_toggle = 1"><summary>More</summary></details>
<a href="https://example.com/ok" onfocus="window.__xss_focus = 1" autofocus>focus me</a>
<meta http-equiv="refresh" content="0;url=javascript:window.__xss_meta = 1">
<body onload="window.__xss_body = 1">`;

const textPayload = `<img src=x onerror="window.__xss_text = 1"></script><script>window.__xss_jsonld = 1</script>`;

const article = {
  slug,
  title: `XSS check ${textPayload}`,
  intro: `An intro that carries markup as text: ${textPayload}`,
  content: [{ heading: 'Payloads', content: payloads }],
  faq: [{ question: `Question ${textPayload}`, answer: `Answer ${textPayload}` }],
  summary: `Summary ${textPayload}`,
  meta_description: `Meta ${textPayload}`,
  category: 'Security',
  read_time: '1 min read',
  created_at: '2020-01-01T00:00:00Z',
  featured: false,
  published: true,
  key_takeaways: [`Takeaway ${textPayload}`],
  columns: ['Column', `Header ${textPayload}`],
  rows: [['Cell', `Value ${textPayload}`]],
};

const service = () => client(env.supabaseUrl, env.serviceRoleKey);

async function xssFlags(page: Page) {
  return page.evaluate(() => Object.keys(window).filter((key) => key.startsWith('__xss')));
}

test.describe('an article full of XSS payloads', () => {
  // One page, opened once on the article, that every test inspects after the previous one clicked around in it.
  test.describe.configure({ mode: 'serial' });
  let page: Page;
  const dialogs: string[] = [];

  test.beforeAll(async ({ browser }) => {
    const { error } = await service().from('blog_articles').insert(article);
    expect(error).toBeNull();
    page = await openPage(browser);
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    // Keep the https image local: answer it with a 1x1 PNG.
    await page.route('https://example.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'image/png', body: Buffer.from(PNG, 'base64') }),
    );
    await page.goto(`/blog/${slug}`);
    // attached, not visible: if a payload's <style> hid the page, the tests below should say so, not time out here.
    await expect(page.locator('h1', { hasText: 'XSS check' })).toBeAttached();
  });

  test.afterAll(async () => {
    await page?.context().close();
    await service().from('blog_articles').delete().eq('slug', slug);
  });

  const section = () => page.getByRole('region', { name: 'Payloads' });

  test('runs none of them, even when the reader clicks, hovers and tabs through the page', async () => {
    const body = section();
    for (const selector of ['#clickable', '#js-link', '#js-link-encoded', '#js-link-spaced', '#data-link']) {
      const target = body.locator(selector);
      if ((await target.count()) > 0) {
        await target.hover();
        await target.click();
      }
    }
    for (let i = 0; i < 12; i++) await page.keyboard.press('Tab');
    await page.waitForTimeout(500);
    expect(await xssFlags(page)).toEqual([]);
    expect(dialogs).toEqual([]);
    await expect(page).toHaveURL(atPath(`/blog/${slug}`));
    await expect(page.getByRole('main')).toBeVisible();
  });

  test('leaves no dangerous element, event handler, style or URL scheme in the DOM', async () => {
    const found = await section().evaluate((root) => {
      const bad: string[] = [];
      const forbidden =
        'script, style, iframe, frame, svg, math, form, button, object, embed, details, meta, body, link, base, input, textarea';
      root.querySelectorAll(forbidden).forEach((el) => bad.push(`<${el.tagName.toLowerCase()}>`));
      root.querySelectorAll('*').forEach((el) => {
        for (const attr of el.getAttributeNames()) {
          if (
            attr.startsWith('on') ||
            attr === 'style' ||
            attr === 'srcdoc' ||
            attr === 'action' ||
            attr === 'autofocus'
          )
            bad.push(`${el.tagName}[${attr}]`);
        }
      });
      root.querySelectorAll('[href], [src]').forEach((el) => {
        // SPEC §5 schemes only; a scheme-less (relative) address like "x" or "/blog" stays on this site.
        const url = (el.getAttribute('href') ?? el.getAttribute('src') ?? '').trim();
        const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
        const allowed = !scheme || ['http', 'https', 'ftp'].includes(scheme) || /^data:image\//i.test(url);
        if (!allowed) bad.push(`${el.tagName} ${url}`);
      });
      return bad;
    });
    expect(found).toEqual([]);
    // The page's own head stays free of injected tags too.
    expect(
      await page
        .locator('script:not([type="application/ld+json"])')
        .evaluateAll((els) => els.map((e) => e.textContent ?? '').filter((t) => t.includes('__xss'))),
    ).toEqual([]);
  });

  test('keeps the allowed tags: strong, em, links, images, code, quotes, headings and lists', async () => {
    const body = section();
    await expect(body.locator('strong', { hasText: 'Bold survives' })).toHaveCount(1);
    await expect(body.locator('strong', { hasText: 'strong text' })).toHaveCount(1);
    await expect(body.locator('em', { hasText: 'emphasis' })).toHaveCount(1);
    await expect(body.locator('a[href="https://example.com/ok"][title="Safe"]')).toHaveCount(1);
    await expect(body.locator('a[href="/blog"]')).toHaveCount(1);
    await expect(body.locator('img[src="https://example.com/photo.png"][alt="An https image"]')).toHaveCount(
      1,
    );
    await expect(body.locator('img[src^="data:image/png;base64,"][alt="A data image"]')).toHaveCount(1);
    await expect(body.locator('code', { hasText: 'inline code' })).toHaveCount(1);
    await expect(body.locator('pre code')).toHaveCount(1);
    await expect(body.locator('blockquote', { hasText: 'A quoted line' })).toHaveCount(1);
    await expect(body.locator('h3#sub-heading.note', { hasText: 'A sub heading' })).toHaveCount(1);
    await expect(body.locator('ul > li')).toHaveText(['first item', 'second item']);
    await expect(body.locator('ol > li')).toHaveText(['numbered']);
    // The link text of a stripped javascript: link is still readable, just inert.
    await expect(body.getByText('A javascript link')).toHaveCount(1);
  });

  test('shows markup in plain-text fields as text, never as elements', async () => {
    const main = page.getByRole('main');
    await expect(main.getByText(`An intro that carries markup as text: ${textPayload}`)).toHaveCount(1);
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(article.title);
    await expect(main.getByRole('region', { name: 'Key Takeaways' })).toContainText(
      `Takeaway ${textPayload}`,
    );
    await expect(main.getByRole('table')).toContainText(`Value ${textPayload}`);
    await main.getByRole('button', { name: `Question ${textPayload}` }).click();
    await expect(main.getByText(`Answer ${textPayload}`)).toBeVisible();
    await expect(page).toHaveTitle(`${article.title} | Flipwise`);
    await page.waitForTimeout(300);
    expect(await xssFlags(page)).toEqual([]);
    expect(dialogs).toEqual([]);
  });
});
