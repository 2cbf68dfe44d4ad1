// Screenshots of the public pages at phone and desktop widths, for a person to look at (not a test).
// `npx tsx e2e/screenshots.ts [/path ...]` builds the app, serves it with `vite preview` on a free port and writes
// /tmp/shots/<page>-<width>.png. Backend calls go nowhere: the pages shown here need no data.
import { mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { build, preview } from 'vite';
import { chromiumArgs, chromiumPath } from './support/chromium';

const pages = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ['/', '/about', '/faqs', '/terms', '/privacy', '/no-such-page'];
const widths = [375, 1280];
const executablePath = chromiumPath();
if (!executablePath)
  throw new Error('Chromium not found: apt-get install -y chromium (or set CHROMIUM_PATH).');

process.env.VITE_SUPABASE_URL ??= 'http://127.0.0.1:9';
process.env.VITE_SUPABASE_ANON_KEY ??= 'screenshot-anon-key-not-used-for-anything';
const outDir = await mkdtemp(path.join(tmpdir(), 'flipwise-shots-'));
await build({
  configFile: path.resolve('vite.config.ts'),
  logLevel: 'warn',
  build: { outDir, emptyOutDir: true },
});
const server = await preview({
  configFile: path.resolve('vite.config.ts'),
  logLevel: 'warn',
  build: { outDir },
  preview: { port: 0, strictPort: false, host: '127.0.0.1' },
});
const base = server.resolvedUrls?.local[0]?.replace(/\/$/, '');
if (!base) throw new Error('vite preview did not report its address');

mkdirSync('/tmp/shots', { recursive: true });
const browser = await chromium.launch({ executablePath, args: chromiumArgs, headless: true });
try {
  for (const width of widths) {
    const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    page.on('console', (msg) => {
      if (msg.type() === 'error') console.log(`  console error on ${page.url()}: ${msg.text()}`);
    });
    for (const route of pages) {
      await page.goto(base + route, { waitUntil: 'networkidle' });
      await page.waitForTimeout(400);
      // Lazy images below the fold load only when scrolled near; scroll through so the full-page shot shows them.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 600) {
          window.scrollTo(0, y);
          await new Promise((r) => setTimeout(r, 60));
        }
        window.scrollTo(0, 0);
      });
      await page.waitForTimeout(300);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      const name = route === '/' ? 'home' : route.replace(/^\//, '').replace(/\W+/g, '-');
      const file = `/tmp/shots/site-${name}-${width}.png`;
      await page.screenshot({ path: file, fullPage: true });
      // Tall pages are also cut into slices, which stay legible when viewed at screen size.
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      const slice = width < 800 ? 1400 : 1800;
      if (height > slice * 1.3) {
        for (let y = 0, i = 1; y < height; y += slice, i++) {
          await page.screenshot({
            path: file.replace('.png', `-part${i}.png`),
            fullPage: true,
            clip: { x: 0, y, width, height: Math.min(slice, height - y) },
          });
        }
      }
      console.log(
        `${file}  title="${await page.title()}"${overflow > 0 ? `  HORIZONTAL OVERFLOW ${overflow}px` : ''}`,
      );
    }
    if (pages.includes('/faqs')) {
      // Two states worth a look: the FAQ with a question open, and (on phones) the open menu.
      await page.goto(`${base}/faqs`, { waitUntil: 'networkidle' });
      await page.getByRole('button', { name: /How to use the product/ }).click();
      await page.getByRole('button', { name: 'How do I list an item?' }).click();
      await page.screenshot({ path: `/tmp/shots/site-faqs-open-${width}.png`, fullPage: true });
      if (width < 768) {
        await page.getByRole('button', { name: /menu/i }).click();
        await page.screenshot({ path: `/tmp/shots/site-menu-open-${width}.png` });
      }
      console.log(`/tmp/shots/site-faqs-open-${width}.png`);
    }
    await context.close();
  }
} finally {
  await browser.close();
  await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
  await rm(outDir, { recursive: true, force: true });
}
