// @vitest-environment node
// The parts of a prerendered page that decide its first paint (scripts/prerender.ts): the CSS it carries inline and
// the boot script that starts the app once the page has painted and the main thread is idle (docs/decisions/062).
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bootWhenIdle,
  inlineCriticalCss,
  withoutLaterRules,
  pageData,
  pageDataPath,
  pageHtml,
  REST_DELAY_MS,
  routePreloads,
  routeSource,
  WAKE_EVENTS,
  type Manifest,
} from './prerender';

const css = [
  '.used{color:red}',
  '.unused-anywhere{color:blue}',
  '.\\[\\&_svg\\]\\:size-4 svg{width:1rem}',
  'html[data-session] .\\[html\\[data-session\\]_\\&\\]\\:block{display:block}',
].join('\n');

const page = `<!doctype html><html><head><title>t</title>
<link rel="modulepreload" crossorigin href="/assets/vendor.js">
<script type="module" crossorigin src="/assets/index.js"></script>
<link rel="stylesheet" crossorigin href="/assets/index.css"></head>
<body><div id="root"><p class="used">Hello</p></div></body></html>`;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'flipwise-prerender-unit-'));
  await mkdir(path.join(dir, 'assets'));
  await writeFile(path.join(dir, 'assets', 'index.css'), css);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('inlineCriticalCss', () => {
  it("inlines the rules the page's markup uses, plus the session and arbitrary-variant rules, and loads the rest without blocking", async () => {
    const html = await inlineCriticalCss(page, dir);
    const inline = html.match(/<style>([\s\S]*?)<\/style>/)?.[1] ?? '';
    expect(inline).toContain('.used{color:red}');
    expect(inline).not.toContain('unused-anywhere');
    expect(inline).toContain('size-4 svg');
    expect(inline).toContain('html[data-session]');
    expect(html).toMatch(
      /<link rel="stylesheet"[^>]*href="\/assets\/index.css"[^>]*media="print"[^>]*onload="this.media='all'"/,
    );
    expect(html).toMatch(/<noscript><link rel="stylesheet"[^>]*href="\/assets\/index.css"/);
  });
});

describe('withoutLaterRules', () => {
  it('leaves hover-only rules and transitions to the whole stylesheet, and keeps focus, layout and keyframes', () => {
    const css =
      '.a{color:red}.a:hover{color:blue}.b:hover,.c{margin:0}.transition{transition-property:color;transition-duration:.15s}' +
      '.d:focus-visible{outline:2px solid}@media (min-width:768px){.md\\:hover\\:x:hover{color:red}}' +
      '@keyframes pulse{50%{opacity:.5}}.fade{transition-duration:.2s;opacity:1}';
    const kept = withoutLaterRules(css);
    expect(kept).toContain('.a{color:red}');
    expect(kept).not.toContain(':hover');
    expect(kept).toContain('.c{margin:0}');
    expect(kept).not.toContain('.transition{');
    expect(kept).toContain('.d:focus-visible{outline:2px solid}');
    expect(kept).not.toContain('@media');
    expect(kept).toContain('@keyframes pulse{50%{opacity:.5}}');
    expect(kept).toContain('.fade{transition-duration:.2s;opacity:1}');
  });
});

const bootOf = (html: string) => html.match(/<script type="module">([\s\S]*?)<\/script>/)?.[1] ?? '';

describe('bootWhenIdle', () => {
  it('removes the entry script and its preloads and starts them from a boot script of the same size on every page', () => {
    const html = bootWhenIdle(page, { path: '/faqs/page-data.json', build: '42' });
    expect(html).not.toContain('<script type="module" crossorigin src="/assets/index.js">');
    expect(html).not.toContain('<link rel="modulepreload" crossorigin href="/assets/vendor.js">');
    const boot = bootOf(html);
    expect(boot).toContain('import("/assets/index.js")');
    expect(boot).toContain('pre(["/assets/vendor.js"])');
    // The page's own modules come with its data, which is dropped if it belongs to another build.
    expect(boot).toContain('window.__FLIPWISE_PAGE_DATA__=fetch("/faqs/page-data.json?v=42")');
    expect(boot).toContain('d.build==="42"?d:null');
    expect(boot).toContain('pre(d.modules)');
    // A control's own chunks, for a visitor who reaches for it before the app is up.
    expect(boot).toContain('want=k.dataset.prefetch');
    // Any sign of use, a session or a link's work starts it before the idle moment.
    for (const event of WAKE_EVENTS) expect(boot).toContain(`"${event}"`);
    expect(boot).toContain("'session' in document.documentElement.dataset");
  });
});

describe('bootWhenIdle with the pre-app module', () => {
  it("fetches the pre-app markup and module with the app's, and hands it every held click except the copy's own", () => {
    const boot = bootOf(
      bootWhenIdle(page, { path: '/page-data.json', build: '42', preApp: '/assets/pre-app.js' }),
    );
    expect(boot).toContain('window.__FLIPWISE_PRE_APP__=fetch("/pre-app.html?v=42")');
    expect(boot).toContain('pre(["/assets/pre-app.js"])');
    expect(boot).toContain('import("/assets/pre-app.js").then(()=>window.__FLIPWISE_ANSWER__(t)');
    expect(boot).toContain("t.closest('[data-pre-app]')");
    // A control's chunks are fetched on its tap even when the app was already on its way (woken).
    expect(boot.indexOf('want=k.dataset.prefetch')).toBeLessThan(boot.indexOf('if(woken)return'));
  });
});

describe('pageHtml and pageData', () => {
  const rendered = {
    html: '<h1>Blog</h1>',
    head: '<title>Blog | Flipwise</title>',
    queryState: { mutations: [], queries: [] },
    routerState: { loaderData: { 0: ['a long article list'] } },
    status: 200,
  };

  it('keeps the data a page was rendered with out of its document, beside it with the modules it needs', () => {
    const html = pageHtml(
      '<html><head><title>x</title></head><body><div id="root"></div></body></html>',
      rendered,
    );
    expect(html).toContain('<div id="root"><h1>Blog</h1></div>');
    expect(html).toContain('<title>Blog | Flipwise</title>');
    expect(html).not.toContain('a long article list');
    const data = JSON.parse(
      pageData(rendered, '123', {
        already: ['/assets/index.js', '/assets/vendor.js'],
        route: ['/assets/blog.js', '/assets/vendor.js', '/assets/card.js'],
        tap: { 'auth-dialog': ['/assets/dialog.js', '/assets/card.js', '/assets/vendor.js'] },
      }),
    ) as Record<string, unknown>;
    expect(data).toEqual({
      build: '123',
      queryState: rendered.queryState,
      routerState: rendered.routerState,
      // Each module once: what the page fetches anyway is not asked for again.
      modules: ['/assets/blog.js', '/assets/card.js'],
      tap: { 'auth-dialog': ['/assets/dialog.js'] },
    });
    expect(pageDataPath('/')).toBe('/page-data.json');
    expect(pageDataPath('/blog/an-article')).toBe('/blog/an-article/page-data.json');
  });
});

describe('routePreloads', () => {
  const manifest: Manifest = {
    'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_vendor.js'] },
    '_vendor.js': { file: 'assets/vendor.js' },
    '_accordion.js': { file: 'assets/accordion.js', imports: ['_vendor.js'] },
    'src/app/routes/faqs.tsx': { file: 'assets/faqs.js', imports: ['_accordion.js', '_vendor.js'] },
  };

  it("lists a route's chunk and everything it imports statically, once each", () => {
    expect(routePreloads(manifest, routeSource('/faqs'))).toEqual([
      '/assets/faqs.js',
      '/assets/accordion.js',
      '/assets/vendor.js',
    ]);
  });

  it('maps the home page and articles to their route modules, and fails loudly on a module the build lacks', () => {
    expect(routeSource('/')).toBe('src/app/routes/home.tsx');
    expect(routeSource('/blog/some-article')).toBe('src/app/routes/blog-article.tsx');
    expect(() => routePreloads(manifest, routeSource('/about'))).toThrow('src/app/routes/about.tsx');
  });
});

describe('bootWhenIdle after inlineCriticalCss', () => {
  it('asks for nothing but the document before the first paint: the stylesheet and the modules come after load, then the app starts at idle', async () => {
    const html = bootWhenIdle(await inlineCriticalCss(page, dir), { path: '/page-data.json', build: '1' });
    // No stylesheet request from the markup (only the <noscript> copy for visitors without JavaScript).
    expect(html.replace(/<noscript>[\s\S]*?<\/noscript>/g, '')).not.toMatch(/<link rel="stylesheet"/);
    expect(html).toMatch(/<noscript><link rel="stylesheet"[^>]*href="\/assets\/index.css"/);
    const boot = bootOf(html);
    expect(boot).toContain(`c.href="/assets/index.css"`);
    expect(boot).toMatch(
      new RegExp(
        `addEventListener\\('load',.*setTimeout\\(\\(\\)=>\\{fetchRest\\(\\);idle\\(\\(\\)=>wake\\(\\),.*\\},${REST_DELAY_MS}\\)`,
      ),
    );
    // Waking the app fetches them at once, whatever the timer says.
    expect(boot).toMatch(/const wake=\(e\)=>\{.*fetchRest\(\);.*import\("\/assets\/index.js"\)/);
  });
});
