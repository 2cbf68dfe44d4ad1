// Draws the site's pictures as SVG: the seven app screens, the store badges, the DMCA badge and the social card.
// Run `npx tsx scripts/art/draw.ts` after changing a drawing, then `npx tsx scripts/art/render-og.ts` for the PNG.
// The outputs are committed in public/, so the build never depends on this script.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const out = path.resolve(import.meta.dirname, '../../public');
import { bar, c, check, circle, esc, type Garment, rect, sparkle, text, thumb } from './shapes.ts';

/** A phone with the given screen content; content is drawn in screen coordinates (276 x 596). */
function phone(content: string, id: string) {
  return `<g>
  ${rect(0, 0, 300, 620, c.slate900, 46)}
  ${rect(3, 3, 294, 614, '#1e293b', 44)}
  <clipPath id="screen-${id}">${rect(12, 12, 276, 596, '#fff', 35)}</clipPath>
  <g clip-path="url(#screen-${id})">
    ${rect(12, 12, 276, 596, c.slate50)}
    <g transform="translate(12 12)">
      ${text(26, 30, '9:41', { size: 13, weight: 600 })}
      <g fill="${c.slate900}">${rect(222, 20, 16, 10, c.slate900, 2)}${rect(240, 20, 18, 10, 'none', 3, `stroke="${c.slate900}" stroke-width="1.5"`)}${rect(242, 22, 12, 6, c.slate900, 1.5)}</g>
      ${rect(98, 10, 80, 24, c.slate900, 12)}
      ${content}
      ${rect(98, 582, 80, 5, c.slate900, 2.5)}
    </g>
  </g>
</g>`;
}

function svgDoc(w: number, h: number, body: string, title: string) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${esc(title)}"><title>${esc(title)}</title>${body}</svg>\n`;
}

function appBar(title: string, right = '') {
  return `${circle(30, 62, 14, c.white, `stroke="${c.slate200}"`)}<path d="M24 57h12M24 62h12M24 67h12" stroke="${c.slate700}" stroke-width="1.8" stroke-linecap="round"/>
  ${text(52, 68, title, { size: 19, weight: 800 })}${right}`;
}

function tabBar(active: number) {
  const icons = [
    'M-7 2 0-5 7 2v7h-14z',
    'M-7-6h14v14h-14z',
    'M0-7v14M-7 0h14',
    'M-6 7a6 6 0 0 1 12 0M0-1a4 4 0 1 0 0-8 4 4 0 0 0 0 8',
  ];
  return `${rect(0, 520, 276, 76, c.white)}<path d="M0 520h276" stroke="${c.slate200}"/>
  ${icons
    .map((d, i) => {
      const x = 40 + i * 65;
      const color = i === active ? c.teal700 : c.slate400;
      return `<path transform="translate(${x} 550)" d="${d}" fill="none" stroke="${color}" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/>`;
    })
    .join('')}`;
}

const items: { title: string; price: string; garment: Garment; bg: string; fg: string; live: string }[] = [
  {
    title: 'Levi’s 501 vintage jeans',
    price: '$48',
    garment: 'jeans',
    bg: '#dbeafe',
    fg: '#2563eb',
    live: 'Live on 4',
  },
  {
    title: 'Patagonia fleece jacket',
    price: '$65',
    garment: 'jacket',
    bg: c.teal100,
    fg: c.teal700,
    live: 'Live on 3',
  },
  {
    title: 'Reformation midi dress',
    price: '$72',
    garment: 'dress',
    bg: '#fce7f3',
    fg: '#db2777',
    live: 'Live on 4',
  },
  {
    title: 'Nike Air Max 90, size 9',
    price: '$85',
    garment: 'sneaker',
    bg: '#ffedd5',
    fg: c.orange,
    live: 'Sold',
  },
  {
    title: 'Band tee, single stitch',
    price: '$38',
    garment: 'tee',
    bg: '#ede9fe',
    fg: '#7c3aed',
    live: 'Live on 2',
  },
];

const screens: Record<string, { title: string; body: string }> = {
  'home-feed': {
    title: 'Flipwise home screen: your items and where they are live',
    body: `${appBar('My items', `${rect(178, 48, 86, 28, c.orange, 14)}${text(221, 67, '+ List item', { size: 12, weight: 700, fill: c.white, anchor: 'middle' })}`)}
    ${rect(16, 92, 244, 36, c.white, 12, `stroke="${c.slate200}"`)}<circle cx="36" cy="110" r="6" fill="none" stroke="${c.slate400}" stroke-width="2"/>${text(50, 115, 'Search your items', { size: 12, fill: c.slate400 })}
    ${[
      ['42', 'Active'],
      ['18', 'Sold'],
      ['$1.2K', 'This month'],
    ]
      .map(
        ([v, l], i) =>
          `${rect(16 + i * 84, 140, 76, 56, i === 2 ? c.teal700 : c.white, 12, i === 2 ? '' : `stroke="${c.slate200}"`)}${text(28 + i * 84, 165, v, { size: 17, weight: 800, fill: i === 2 ? c.white : c.slate900 })}${text(28 + i * 84, 184, l, { size: 10.5, fill: i === 2 ? c.teal100 : c.slate500 })}`,
      )
      .join('')}
    ${items
      .slice(0, 4)
      .map((it, i) => {
        const y = 210 + i * 76;
        const sold = it.live === 'Sold';
        return `${rect(16, y, 244, 66, c.white, 14, `stroke="${c.slate200}"`)}${thumb(26, y + 9, 48, it.garment, it.bg, it.fg)}
        ${text(84, y + 27, it.title, { size: 12.5, weight: 700 })}${text(84, y + 47, it.price, { size: 13, weight: 800, fill: c.teal700 })}
        ${rect(194, y + 35, 56, 18, sold ? c.orange50 : c.green50, 9)}${text(222, y + 48, it.live, { size: 10, weight: 700, fill: sold ? c.orange : c.green, anchor: 'middle' })}`;
      })
      .join('')}
    ${tabBar(0)}`,
  },
  'ai-listing': {
    title: 'Flipwise AI listing generator writing a title and description',
    body: `${appBar('New listing')}
    ${[0, 1, 2].map((i) => thumb(16 + i * 62, 92, 54, 'jacket', [c.teal100, '#ccfbf1', '#99f6e4'][i], c.teal700, 12)).join('')}
    ${rect(202, 92, 54, 54, c.white, 12, `stroke="${c.slate400}" stroke-dasharray="4 3"`)}${text(229, 124, '+', { size: 22, fill: c.slate500, anchor: 'middle' })}
    ${text(16, 166, '3 of 10 photos', { size: 10.5, fill: c.slate500 })}
    ${[
      ['Brand', 'Patagonia'],
      ['Size', 'M'],
      ['Condition', 'Pre-owned'],
    ]
      .map(([k, v], i) => {
        const x = [16, 118, 168][i];
        const w = [96, 44, 92][i];
        return `${rect(x, 178, w, 40, c.white, 10, `stroke="${c.slate200}"`)}${text(x + 8, 194, k, { size: 9, fill: c.slate500 })}${text(x + 8, 210, v, { size: 12, weight: 700 })}`;
      })
      .join('')}
    ${rect(16, 232, 244, 206, c.white, 16, `stroke="${c.teal500}" stroke-width="1.5"`)}
    ${rect(16, 232, 244, 34, c.teal50, 16)}${rect(16, 250, 244, 16, c.teal50)}
    ${sparkle(26, 238, 0.95, c.orange)}${text(50, 254, 'Written by Flipwise AI', { size: 11.5, weight: 700, fill: c.teal700 })}
    ${text(28, 288, 'TITLE', { size: 9, weight: 700, fill: c.slate500, spacing: 1 })}
    ${text(28, 306, 'Patagonia Better Sweater Fleece', { size: 12.5, weight: 700 })}${text(28, 322, 'Jacket Men’s M Navy Quarter Zip', { size: 12.5, weight: 700 })}
    ${text(28, 348, 'DESCRIPTION', { size: 9, weight: 700, fill: c.slate500, spacing: 1 })}
    ${text(28, 366, 'Classic Better Sweater in navy, size M.', { size: 11, fill: c.slate700 })}
    ${text(28, 382, 'Soft fleece, full-length zip, gently worn', { size: 11, fill: c.slate700 })}
    ${bar(28, 394, 200)}${bar(28, 408, 160)}${bar(28, 422, 120)}
    ${rect(16, 452, 116, 42, c.white, 21, `stroke="${c.slate200}"`)}${text(74, 478, 'Rewrite', { size: 13, weight: 700, anchor: 'middle', fill: c.slate700 })}
    ${rect(140, 452, 120, 42, c.teal700, 21)}${text(200, 478, 'Continue', { size: 13, weight: 700, anchor: 'middle', fill: c.white })}
    ${tabBar(2)}`,
  },
  crosslist: {
    title: 'Flipwise crosslisting screen: choose marketplaces and post to all',
    body: `${appBar('Crosslist')}
    ${rect(16, 92, 244, 70, c.white, 14, `stroke="${c.slate200}"`)}${thumb(26, 102, 50, 'dress', '#fce7f3', '#db2777')}
    ${text(86, 120, 'Reformation midi dress', { size: 12.5, weight: 700 })}${text(86, 140, '$72 · Size 6 · New with tags', { size: 11, fill: c.slate500 })}
    ${text(16, 190, 'Post to', { size: 14, weight: 800 })}${text(260, 190, '4 selected', { size: 11, fill: c.slate500, anchor: 'end' })}
    ${[
      ['eBay', '#e0f2fe', '#0284c7', true],
      ['Poshmark', '#fce7f3', '#be185d', true],
      ['Mercari', '#ede9fe', '#6d28d9', true],
      ['Depop', '#fee2e2', '#dc2626', true],
      ['Etsy', '#ffedd5', '#ea580c', false],
    ]
      .map(([name, bg, fg, on], i) => {
        const y = 204 + i * 56;
        return `${rect(16, y, 244, 48, c.white, 12, `stroke="${on ? c.teal500 : c.slate200}"`)}${circle(42, y + 24, 14, bg as string)}${text(42, y + 29, (name as string)[0], { size: 13, weight: 800, fill: fg as string, anchor: 'middle' })}
        ${text(66, y + 29, name as string, { size: 13, weight: 700 })}
        ${rect(212, y + 14, 36, 20, on ? c.teal600 : c.slate200, 10)}${circle(on ? 238 : 222, y + 24, 8, c.white)}`;
      })
      .join('')}
    ${rect(16, 484, 244, 30, c.orange, 15)}${text(138, 504, 'Post to 4 marketplaces', { size: 13, weight: 700, anchor: 'middle', fill: c.white })}
    ${tabBar(2)}`,
  },
  'item-status': {
    title: 'Flipwise item detail: status of the listing on each marketplace',
    body: `${appBar('Item', `${rect(206, 48, 56, 28, c.white, 14, `stroke="${c.slate200}"`)}${text(234, 67, 'Edit', { size: 12, weight: 700, anchor: 'middle', fill: c.teal700 })}`)}
    ${rect(16, 90, 244, 200, c.teal100, 18)}${thumb(48, 96, 180, 'jacket', c.teal100, c.teal600, 18)}
    ${text(16, 318, 'Patagonia fleece jacket', { size: 16, weight: 800 })}${text(16, 340, '$65 · Men’s M · Pre-owned', { size: 11.5, fill: c.slate500 })}
    ${text(16, 370, 'MARKETPLACE STATUS', { size: 9.5, weight: 700, fill: c.slate500, spacing: 1 })}
    ${[
      ['eBay', 'Listed', true],
      ['Poshmark', 'Listed', true],
      ['Mercari', 'Listed', true],
      ['Depop', 'Error', false],
    ]
      .map(([name, status, ok], i) => {
        const y = 380 + i * 26;
        return `${text(16, y + 16, name as string, { size: 12, weight: 600 })}${rect(196, y + 3, 64, 18, ok ? c.green50 : c.red50, 9)}${circle(208, y + 12, 3.5, ok ? c.green : c.red)}${text(234, y + 16, status as string, { size: 10.5, weight: 700, fill: ok ? c.green : c.red, anchor: 'middle' })}`;
      })
      .join('')}
    ${tabBar(1)}`,
  },
  'add-marketplace': {
    title: 'Flipwise Add Marketplace screen with connected marketplaces',
    body: `${appBar('Add Marketplace')}
    ${rect(16, 92, 244, 52, c.teal50, 14)}${text(28, 114, 'Connect once, post everywhere.', { size: 12, weight: 700, fill: c.teal900 })}${text(28, 131, 'Connecting takes a few minutes.', { size: 11, fill: c.teal700 })}
    ${[
      ['eBay', '#e0f2fe', '#0284c7', 'Connected'],
      ['Poshmark', '#fce7f3', '#be185d', 'Connected'],
      ['Mercari', '#ede9fe', '#6d28d9', 'Connecting'],
      ['Depop', '#fee2e2', '#dc2626', 'Connect'],
      ['Etsy', '#ffedd5', '#ea580c', 'Connect'],
      ['Grailed', c.slate200, c.slate700, 'Connect'],
    ]
      .map(([name, bg, fg, state], i) => {
        const y = 158 + i * 58;
        const chip =
          state === 'Connected'
            ? `${rect(164, y + 14, 86, 22, c.green50, 11)}${check(171, y + 18.5, c.green, 0.8)}${text(213, y + 29, 'Connected', { size: 10.5, weight: 700, fill: c.green, anchor: 'middle' })}`
            : state === 'Connecting'
              ? `${rect(168, y + 14, 82, 22, c.orange50, 11)}<circle cx="${181}" cy="${y + 25}" r="5" fill="none" stroke="${c.orange}" stroke-width="2" stroke-dasharray="20 12"/>${text(216, y + 29, 'Connecting', { size: 10.5, weight: 700, fill: c.orange, anchor: 'middle' })}`
              : `${rect(186, y + 12, 64, 26, c.teal700, 13)}${text(218, y + 29, 'Connect', { size: 11, weight: 700, fill: c.white, anchor: 'middle' })}`;
        return `${rect(16, y, 244, 50, c.white, 12, `stroke="${c.slate200}"`)}${circle(42, y + 25, 14, bg as string)}${text(42, y + 30, (name as string)[0], { size: 13, weight: 800, fill: fg as string, anchor: 'middle' })}${text(66, y + 30, name as string, { size: 13, weight: 700 })}${chip}`;
      })
      .join('')}
    ${tabBar(3)}`,
  },
  'sold-detection': {
    title: 'Flipwise sold detection: item sold and delisted from the other marketplaces',
    body: `${appBar('Activity')}
    ${rect(16, 92, 244, 150, c.teal700, 18)}
    ${circle(138, 136, 24, c.white, 'fill-opacity="0.16"')}${check(127, 128, c.white, 1.4)}
    ${text(138, 186, 'Sold on Poshmark!', { size: 17, weight: 800, fill: c.white, anchor: 'middle' })}
    ${text(138, 206, 'Nike Air Max 90, size 9', { size: 12, fill: c.teal100, anchor: 'middle' })}${text(138, 226, '$85', { size: 14, weight: 800, fill: '#fdba74', anchor: 'middle' })}
    ${text(16, 272, 'WHAT FLIPWISE DID', { size: 9.5, weight: 700, fill: c.slate500, spacing: 1 })}
    <path d="M31 300V444" stroke="${c.slate200}" stroke-width="2"/>
    ${[
      ['Sale detected', '9:32 AM'],
      ['Delisted from eBay', '9:32 AM'],
      ['Delisted from Mercari', '9:33 AM'],
      ['Delisted from Depop', '9:33 AM'],
    ]
      .map(([what, when], i) => {
        const y = 300 + i * 48;
        return `${circle(31, y, 10, i === 0 ? c.orange : c.teal600)}${check(25.5, y - 5.5, c.white, 0.7)}${text(52, y + 4, what, { size: 12.5, weight: 700 })}${text(260, y + 4, when, { size: 10.5, fill: c.slate500, anchor: 'end' })}`;
      })
      .join('')}
    ${rect(16, 470, 244, 36, c.orange50, 12)}${text(138, 492, 'Checked about every 10 minutes', { size: 11, weight: 600, fill: '#c2410c', anchor: 'middle' })}
    ${tabBar(1)}`,
  },
  profile: {
    title: 'Flipwise profile screen with name and zip code',
    body: `${appBar('Profile')}
    ${circle(138, 132, 38, c.teal600)}${text(138, 143, 'JT', { size: 26, weight: 800, fill: c.white, anchor: 'middle' })}
    ${text(138, 196, 'Jasmine Taylor', { size: 16, weight: 800, anchor: 'middle' })}${text(138, 215, 'jasmine@example.com', { size: 11.5, fill: c.slate500, anchor: 'middle' })}
    ${[
      ['First name', 'Jasmine'],
      ['Last name', 'Taylor'],
      ['Zip code', '30301'],
    ]
      .map(([label, value], i) => {
        const y = 238 + i * 66;
        return `${text(16, y + 12, label, { size: 11, weight: 700, fill: c.slate700 })}${rect(16, y + 20, 244, 38, c.white, 10, `stroke="${i === 0 ? c.teal500 : c.slate200}" stroke-width="${i === 0 ? 1.5 : 1}"`)}${text(28, y + 44, value, { size: 13 })}`;
      })
      .join('')}
    ${rect(16, 444, 244, 40, c.teal700, 20)}${text(138, 469, 'Save changes', { size: 13, weight: 700, anchor: 'middle', fill: c.white })}
    ${text(138, 506, 'Sign out', { size: 12.5, weight: 700, fill: c.red, anchor: 'middle' })}`,
  },
};

mkdirSync(path.join(out, 'screens'), { recursive: true });
mkdirSync(path.join(out, 'badges'), { recursive: true });
for (const [name, screen] of Object.entries(screens)) {
  writeFileSync(
    path.join(out, 'screens', `${name}.svg`),
    svgDoc(300, 620, phone(screen.body, name), screen.title),
  );
}

// Store badges, 180 x 54.
function badge(small: string, big: string, icon: string, title: string, tag?: string) {
  return svgDoc(
    180,
    54,
    `${rect(0.5, 0.5, 179, 53, '#0b0f19', 11, `stroke="#475569"`)}${icon}
    ${text(54, 22, small, { size: 9.5, weight: 600, fill: '#e2e8f0', spacing: 0.3 })}${text(54, 41, big, { size: 19, weight: 700, fill: c.white })}
    ${tag ? `${rect(128, 6, 46, 14, c.orange, 7)}${text(151, 16, tag, { size: 8, weight: 800, fill: c.white, anchor: 'middle', spacing: 0.4 })}` : ''}`,
    title,
  );
}
// A phone with a download arrow: our own mark for "get it on iPhone", not Apple's logo.
const iosIcon = `<g transform="translate(16 11)">${rect(0, 0, 22, 32, 'none', 5, 'stroke="#fff" stroke-width="2.2"')}<path d="M11 8v11M6.5 14.5 11 19l4.5-4.5" fill="none" stroke="#fff" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round"/>${rect(8, 25, 6, 2, c.white, 1)}</g>`;
const playIcon = `<defs><linearGradient id="play" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c.teal500}"/><stop offset="1" stop-color="${c.amber}"/></linearGradient></defs><path d="M17 12 41 27 17 42Z" fill="url(#play)" stroke="url(#play)" stroke-width="3" stroke-linejoin="round"/>`;
writeFileSync(
  path.join(out, 'badges', 'app-store.svg'),
  badge('Download on the', 'App Store', iosIcon, 'Download on the App Store'),
);
writeFileSync(
  path.join(out, 'badges', 'google-play-soon.svg'),
  badge('Coming soon on', 'Google Play', playIcon, 'Coming soon on Google Play'),
);

// DMCA protection badge, 121 x 24.
writeFileSync(
  path.join(out, 'dmca-badge.svg'),
  svgDoc(
    121,
    24,
    `${rect(0, 0, 121, 24, '#1f2937', 4)}${rect(0, 0, 52, 24, c.teal700, 4)}${rect(44, 0, 8, 24, c.teal700)}
    <path d="M4 5.5 8.5 4 13 5.5v5c0 3.4-2 6-4.5 7.4C6 16.5 4 13.9 4 10.5z" transform="translate(0 1)" fill="none" stroke="#fff" stroke-width="1.5" stroke-linejoin="round"/>
    ${text(17, 16, 'DMCA', { size: 9.5, weight: 800, fill: c.white })}${text(86.5, 15.5, 'PROTECTED', { size: 8.5, weight: 700, fill: '#d1fae5', anchor: 'middle', spacing: 0.5 })}`,
    'DMCA.com Protection Status',
  ),
);

// Social card, 1200 x 630: message on the left, the home screen on a phone on the right.
const og = `<defs>
  <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#115e59"/><stop offset="0.6" stop-color="#0f3f3c"/><stop offset="1" stop-color="#0b1220"/></linearGradient>
  <radialGradient id="glow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="${c.orange}" stop-opacity="0.55"/><stop offset="1" stop-color="${c.orange}" stop-opacity="0"/></radialGradient>
  <radialGradient id="glow2" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="${c.teal500}" stop-opacity="0.5"/><stop offset="1" stop-color="${c.teal500}" stop-opacity="0"/></radialGradient>
</defs>
${rect(0, 0, 1200, 630, 'url(#bg)')}
${circle(980, 120, 320, 'url(#glow)')}${circle(760, 640, 300, 'url(#glow2)')}
<g transform="translate(80 84)">
  ${rect(0, 0, 56, 56, c.teal500, 16)}<path d="M15 40 27 28l7 7 10-10" fill="none" stroke="#fff" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/><path d="M35 23h10v10" fill="none" stroke="#fdba74" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/>
  ${text(74, 41, 'Flipwise', { size: 38, weight: 800, fill: c.white })}
</g>
${text(80, 250, 'List faster.', { size: 72, weight: 800, fill: c.white })}
${text(80, 336, 'Sell quicker.', { size: 72, weight: 800, fill: c.white })}
${text(80, 422, 'Make more money.', { size: 72, weight: 800, fill: '#fdba74' })}
${text(80, 486, 'AI listings · One-click crosslisting · Auto-delist when sold', { size: 26, weight: 500, fill: c.teal100 })}
${rect(80, 520, 300, 52, c.orange, 26)}${text(230, 554, 'Free for a limited time', { size: 21, weight: 700, fill: c.white, anchor: 'middle' })}
<g transform="translate(850 40) rotate(6 150 310) scale(0.93)">${phone(screens['home-feed'].body, 'og')}</g>`;
writeFileSync(
  path.join(out, 'og-image.svg'),
  svgDoc(1200, 630, og, 'Flipwise: list faster, sell quicker, make more money'),
);

console.log(
  'drew',
  Object.keys(screens).length,
  'screens, 2 badges, the DMCA badge and og-image.svg in',
  out,
);
