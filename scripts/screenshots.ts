// Screenshots of every route at phone (390 px) and desktop (1280 px) width, for a person to look at (not a test).
// `npx tsx scripts/screenshots.ts [--out dir] [--widths 390,820,1280] [/path ...]` starts an in-memory emulator with the seeded blog and
// market, builds and prerenders the site against it exactly as `npm run build` does, serves dist like a host, and
// writes <out>/<page>-<width>.png (full page) plus <page>-<width>-top.png (the first screen). Default out:
// .data/screenshots (ignored by git). Signed-in pages use a confirmed account made through the admin API.
import { mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { chromium, type Page } from 'playwright-core';
import { build } from 'vite';
import { chromiumArgs, chromiumPath } from '../e2e/support/chromium';
import { startEmulator } from '../emulator/server';
import { prerender } from './prerender';
import { serveDist } from './serve-dist';

const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? { value: args[i + 1]!, at: i + 1 } : undefined;
};
const outFlag = flag('--out');
const out = path.resolve(outFlag?.value ?? '.data/screenshots');
const widthsFlag = flag('--widths');
const only = args.filter((arg, i) => arg.startsWith('/') && i !== outFlag?.at);

type Shot = {
  name: string;
  route: string;
  signedIn?: boolean;
  /** Only below 768 px (md), where the header collapses into the menu. */
  phoneOnly?: boolean;
  prepare?: (page: Page) => Promise<void>;
};
const allShots: Shot[] = [
  { name: 'home', route: '/' },
  { name: 'about', route: '/about' },
  { name: 'blog', route: '/blog' },
  { name: 'article', route: '/blog/what-is-sell-through-rate-and-how-to-use-it' },
  { name: 'article-not-found', route: '/blog/no-such-article' },
  { name: 'contact', route: '/contact' },
  { name: 'terms', route: '/terms' },
  { name: 'privacy', route: '/privacy' },
  { name: 'faqs', route: '/faqs' },
  {
    name: 'faqs-open',
    route: '/faqs',
    prepare: async (page) => {
      await page.getByRole('button', { name: /How to use the product/ }).click();
      await page.getByRole('button', { name: 'How do I list an item?' }).click();
    },
  },
  { name: 'explorer', route: '/thriftingexplorer' },
  {
    name: 'explorer-results',
    route: '/thriftingexplorer',
    signedIn: true,
    prepare: async (page) => {
      await searchFor(page, "levi's 501 jeans");
      await page
        .locator(
          '[data-testid="sell-through-rate"], [data-testid="search-error"], [data-testid="sold-unavailable"]',
        )
        .first()
        .waitFor({ timeout: 20_000 });
      await page.keyboard.press('Escape');
    },
  },
  {
    // Nothing in that size: "did you mean" offers the same search without it.
    name: 'explorer-no-comparables',
    route: '/thriftingexplorer',
    signedIn: true,
    prepare: async (page) => {
      await searchFor(page, 'lululemon align size s');
      await page.getByTestId('no-comparables').waitFor({ timeout: 20_000 });
      await page.keyboard.press('Escape');
    },
  },
  { name: 'account', route: '/account', signedIn: true },
  { name: 'reset-password', route: '/reset-password' },
  { name: 'not-found', route: '/no-such-page' },
  {
    name: 'menu-open',
    route: '/',
    phoneOnly: true,
    prepare: (page) => page.getByRole('button', { name: /open menu/i }).click(),
  },
  {
    name: 'register-dialog',
    route: '/',
    prepare: async (page) => {
      const menu = page.getByRole('button', { name: /open menu/i });
      if (await menu.isVisible()) await menu.click();
      await page
        .getByRole('button', { name: /register|sign up/i })
        .first()
        .click();
      await page.getByRole('dialog').waitFor();
    },
  },
];
const shots = allShots.filter((shot) => only.length === 0 || only.includes(shot.route));
const widths = widthsFlag ? widthsFlag.value.split(',').map(Number) : [390, 1280];

const executablePath = chromiumPath();
if (!executablePath)
  throw new Error('Chromium not found: apt-get install -y chromium (or set CHROMIUM_PATH).');

const emulator = await startEmulator({
  port: 0,
  dataDir: 'memory',
  testing: true,
  seedScripts: true,
  log: false,
});
const distDir = await mkdtemp(path.join(tmpdir(), 'flipwise-shots-'));
const email = `shots-${Date.now()}@example.com`;
const password = 'screenshots-password-1';
try {
  process.env.VITE_SUPABASE_URL = emulator.url;
  process.env.VITE_SUPABASE_ANON_KEY = emulator.anonKey;
  await build({
    configFile: path.resolve('vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: distDir, emptyOutDir: true },
  });
  await prerender({ outDir: distDir, supabaseUrl: emulator.url, anonKey: emulator.anonKey, log: () => {} });
  const web = await serveDist(distDir, 0);

  const service = createClient(emulator.url, emulator.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: class NoRealtime {} as never },
  });
  const created = await service.auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: { first_name: 'Maya', last_name: 'Lopez', zip_code: '78701' },
  });
  if (created.error) throw created.error;
  await service.from('saved_searches').insert([
    { user_id: created.data.user.id, item_name: 'Patagonia fleece', condition: 'pre_owned' },
    { user_id: created.data.user.id, item_name: 'Nike Air Max 90', condition: 'new_with_tags' },
  ]);

  mkdirSync(out, { recursive: true });
  const browser = await chromium.launch({ executablePath, args: chromiumArgs, headless: true });
  try {
    for (const width of widths) {
      for (const signedIn of [false, true]) {
        const todo = shots.filter(
          (shot) => !!shot.signedIn === signedIn && !(shot.phoneOnly && width >= 768),
        );
        if (todo.length === 0) continue;
        const context = await browser.newContext({
          baseURL: web.url,
          viewport: { width, height: width < 800 ? 844 : 900 },
          reducedMotion: 'reduce',
        });
        const page = await context.newPage();
        page.setDefaultTimeout(15_000);
        page.on('console', (msg) => {
          if (msg.type() === 'error') console.log(`  console error on ${page.url()}: ${msg.text()}`);
        });
        if (signedIn) await logIn(page);
        for (const shot of todo) await capture(page, shot, width);
        await context.close();
      }
    }
  } finally {
    await browser.close();
    web.server.close();
  }
} finally {
  await emulator.stop();
  await rm(distDir, { recursive: true, force: true });
}

/** Fills the Explorer's form with a pre-owned search and sends it. */
async function searchFor(page: Page, itemName: string) {
  await page.getByLabel('Item Name').fill(itemName);
  await page.getByLabel('Condition').selectOption({ label: 'Pre-owned' });
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

/** Logs in where a visitor's first search asks for it. */
async function logIn(page: Page) {
  await page.goto('/thriftingexplorer', { waitUntil: 'networkidle' });
  await searchFor(page, 'warm up');
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Login' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.keyboard.press('Escape');
}

async function capture(page: Page, shot: Shot, width: number) {
  await page.goto(shot.route, { waitUntil: 'networkidle' });
  await page.waitForTimeout(300);
  await shot.prepare?.(page);
  await page.waitForTimeout(300);
  const file = path.join(out, `${shot.name}-${width}`);
  await page.screenshot({ path: `${file}-top.png` });
  // Lazy images load only when scrolled near: scroll through so the full-page shot shows them.
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 500) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${file}.png`, fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  console.log(
    `${file}.png  "${await page.title()}"${overflow > 0 ? `  HORIZONTAL OVERFLOW ${overflow}px` : ''}`,
  );
}
