// Renders public/og-image.svg to public/og-image.png (1200 x 630) with Chromium, since social networks want a
// raster image. Pass --sheet to also write /tmp/shots/art-sheet.png, a contact sheet of every drawing for review.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../../e2e/support/chromium';
import { writeContactSheet } from './contact-sheet.ts';

const pub = path.resolve(import.meta.dirname, '../../public');
const executablePath = chromiumPath();
if (!executablePath)
  throw new Error('Chromium not found: apt-get install -y chromium (or set CHROMIUM_PATH).');

const browser = await chromium.launch({ executablePath, args: chromiumArgs, headless: true });
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
  const svg = readFileSync(path.join(pub, 'og-image.svg'), 'utf8');
  await page.setContent(`<html><body style="margin:0">${svg}</body></html>`);
  await page.screenshot({
    path: path.join(pub, 'og-image.png'),
    clip: { x: 0, y: 0, width: 1200, height: 630 },
  });
  console.log('wrote public/og-image.png');

  if (process.argv.includes('--sheet')) {
    const files = [
      ...readdirSync(path.join(pub, 'screens')).map((f) => `screens/${f}`),
      'badges/app-store.svg',
      'badges/google-play-soon.svg',
      'dmca-badge.svg',
    ];
    const cells = files
      .map(
        (f) =>
          `<div style="display:inline-block;margin:8px;vertical-align:top">${readFileSync(path.join(pub, f), 'utf8')}</div>`,
      )
      .join('');
    await writeContactSheet(browser, cells, { width: 1300, height: 1400 }, 'art-sheet.png');
  }
} finally {
  await browser.close();
}
