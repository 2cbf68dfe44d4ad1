// @vitest-environment node
// The parts of a prerendered page that decide its first paint (scripts/prerender.ts): the CSS it carries inline and
// the boot script that starts the app on first use (docs/decisions/046).
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootOnFirstUse, inlineCriticalCss, REST_DELAY_MS, WAKE_EVENTS } from './prerender';

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

describe('bootOnFirstUse', () => {
  it('removes the entry script and its preloads and starts them from a boot script that waits for first use', () => {
    const html = bootOnFirstUse(page);
    expect(html).not.toContain('<script type="module" crossorigin src="/assets/index.js">');
    expect(html).not.toContain('<link rel="modulepreload" crossorigin href="/assets/vendor.js">');
    const boot = html.match(/<script type="module">([\s\S]*?)<\/script>/)?.[1] ?? '';
    expect(boot).toContain('import("/assets/index.js")');
    expect(boot).toContain('"/assets/vendor.js"');
    for (const event of WAKE_EVENTS) expect(boot).toContain(`"${event}"`);
    expect(boot).toContain("'session' in document.documentElement.dataset");
  });
});

describe('bootOnFirstUse after inlineCriticalCss', () => {
  it('asks for nothing but the document before the first paint: the whole stylesheet and the modules come after load', async () => {
    const html = bootOnFirstUse(await inlineCriticalCss(page, dir));
    // No stylesheet request from the markup (only the <noscript> copy for visitors without JavaScript).
    expect(html.replace(/<noscript>[\s\S]*?<\/noscript>/g, '')).not.toMatch(/<link rel="stylesheet"/);
    expect(html).toMatch(/<noscript><link rel="stylesheet"[^>]*href="\/assets\/index.css"/);
    const boot = html.match(/<script type="module">([\s\S]*?)<\/script>/)?.[1] ?? '';
    expect(boot).toContain(`c.href="/assets/index.css"`);
    expect(boot).toMatch(
      new RegExp(`addEventListener\\('load',.*setTimeout\\(fetchRest,${REST_DELAY_MS}\\)`),
    );
    // Waking the app fetches them at once, whatever the timer says.
    expect(boot).toMatch(/const wake=\(\)=>\{[^}]*fetchRest\(\);import\("\/assets\/index.js"\)/);
  });
});
