// Draws the blog covers: one picture per article, in its category's colours, plus the brand cover an article without
// a cover_image falls back to. Run `npx tsx scripts/art/covers.ts` after changing a drawing or adding an article.
// Each cover is drawn as SVG, then rasterised by Chromium (a canvas, no network) into public/blog/covers/:
//   <slug>.webp      1200 x 630, the article header and large cards
//   <slug>-600.webp   600 x 315, cards on phones and in the three-column grid
//   <slug>.jpg       1200 x 630, og:image (social networks read JPEG everywhere; WebP not yet everywhere)
// Pass --sheet to also write /tmp/shots/covers-sheet.png, every cover side by side for review.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../../e2e/support/chromium';
import { writeContactSheet } from './contact-sheet.ts';
import { c, circle, esc, font, garments, type Garment, rect, text } from './shapes.ts';

export const COVER_WIDTH = 1200;
export const COVER_HEIGHT = 630;
const out = path.resolve(import.meta.dirname, '../../public/blog/covers');

type Palette = { from: string; to: string; blob: string; ink: string; accent: string; soft: string };

/** One palette per blog category, so a reader can tell a pricing piece from a sourcing one at a glance. */
const palettes: Record<string, Palette> = {
  'Pricing & Data': {
    from: '#f0fdfa',
    to: '#ccfbf1',
    blob: '#99f6e4',
    ink: c.teal700,
    accent: c.orange,
    soft: c.teal100,
  },
  Marketplaces: {
    from: '#f5f3ff',
    to: '#e0e7ff',
    blob: '#c7d2fe',
    ink: '#4338ca',
    accent: c.teal600,
    soft: '#e0e7ff',
  },
  'Selling Strategy': {
    from: '#fff7ed',
    to: '#ffedd5',
    blob: '#fed7aa',
    ink: '#c2410c',
    accent: c.teal700,
    soft: '#ffedd5',
  },
  Sourcing: {
    from: '#f0fdf4',
    to: '#dcfce7',
    blob: '#bbf7d0',
    ink: '#15803d',
    accent: c.orange,
    soft: '#dcfce7',
  },
  Brand: { from: '#115e59', to: '#0b1220', blob: c.teal500, ink: c.white, accent: c.orange, soft: '#134e4a' },
};

const shadow = `filter="url(#shadow)"`;
const card = (x: number, y: number, w: number, h: number, r = 24, fill = c.white) =>
  rect(x, y, w, h, fill, r, shadow);
const lines = (x: number, y: number, widths: number[], fill = c.slate200, gap = 22, h = 12) =>
  widths.map((w, i) => rect(x, y + i * gap, w, h, fill, h / 2)).join('');
/** A garment path from the shared set, scaled from its 48 x 48 box. */
const garment = (g: Garment, x: number, y: number, size: number, fill: string) =>
  `<path d="${garments[g]}" transform="translate(${x} ${y}) scale(${size / 48})" fill="${fill}" stroke="${fill}" stroke-width="1" stroke-linejoin="round"/>`;
/** A swing tag with a hole and a string, pointing left; (x, y) is its left tip. */
const tag = (x: number, y: number, w: number, h: number, fill: string, label: string, size = 30) =>
  `<path d="M${x} ${y} L${x + h / 2} ${y - h / 2} H${x + w} V${y + h / 2} H${x + h / 2} Z" fill="${fill}" ${shadow}/>` +
  circle(x + h / 2 + 2, y, 7, c.white) +
  text(x + h / 2 + (w - h / 2) / 2 + 10, y + size * 0.36, label, {
    size,
    weight: 800,
    fill: c.white,
    anchor: 'middle',
  });
const chip = (x: number, y: number, w: number, label: string, bg: string, fg: string, size = 18) =>
  rect(x, y, w, size * 1.8, bg, size * 0.9) +
  text(x + w / 2, y + size * 1.22, label, { size, weight: 800, fill: fg, anchor: 'middle', spacing: 0.5 });
const mark = (x: number, y: number, letter: string, bg: string, fg: string, r = 26) =>
  circle(x, y, r, bg) +
  text(x, y + r * 0.38, letter, { size: r * 1.05, weight: 800, fill: fg, anchor: 'middle' });
const check = (x: number, y: number, color: string, s = 1) =>
  `<path transform="translate(${x} ${y}) scale(${s})" d="M2 7.5 6 11.5 14 3" fill="none" stroke="${color}" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/>`;

function frame(p: Palette, body: string, title: string) {
  const dots = Array.from({ length: 8 }, (_, row) =>
    Array.from({ length: 6 }, (_, col) =>
      circle(1010 + col * 26, 60 + row * 26, 3, p.ink, 'fill-opacity="0.14"'),
    ).join(''),
  ).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${COVER_WIDTH}" height="${COVER_HEIGHT}" viewBox="0 0 ${COVER_WIDTH} ${COVER_HEIGHT}" role="img" aria-label="${esc(title)}"><title>${esc(title)}</title>
<defs>
  <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/></linearGradient>
  <filter id="shadow" x="-20%" y="-20%" width="140%" height="150%"><feDropShadow dx="0" dy="10" stdDeviation="14" flood-color="#0f172a" flood-opacity="0.14"/></filter>
</defs>
${rect(0, 0, COVER_WIDTH, COVER_HEIGHT, 'url(#bg)')}
${circle(110, 560, 210, p.blob, 'fill-opacity="0.55"')}${circle(1130, 40, 170, p.blob, 'fill-opacity="0.45"')}
${dots}
<g transform="translate(48 560)">${rect(0, 0, 44, 44, c.teal600, 12)}<path d="M11 31 21 21l6 6 8-8" fill="none" stroke="#fff" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/><path d="M28 18h8v8" fill="none" stroke="#fdba74" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/></g>
${body}
</svg>
`;
}

type Cover = { slug: string; category: keyof typeof palettes; title: string; draw: (p: Palette) => string };

export const covers: Cover[] = [
  {
    slug: 'what-is-sell-through-rate-and-how-to-use-it',
    category: 'Pricing & Data',
    title: 'Bar chart of items listed and items sold',
    draw: (p) => {
      const bars = [0.22, 0.38, 0.5, 0.66, 0.8]
        .map((share, i) => {
          const x = 380 + i * 104;
          const h = 250;
          return `${rect(x, 440 - h, 64, h, 'none', 14, `stroke="${c.slate400}" stroke-width="3" stroke-dasharray="8 7"`)}${rect(x, 440 - h * share, 64, h * share, i === 4 ? p.ink : c.teal500, 14)}`;
        })
        .join('');
      return `${card(330, 110, 600, 410)}
      ${rect(370, 150, 150, 14, c.slate200, 7)}${rect(370, 174, 96, 12, c.slate100, 6)}
      <path d="M360 440H900" stroke="${c.slate200}" stroke-width="4" stroke-linecap="round"/>${bars}
      ${circle(900, 130, 74, p.accent, shadow)}${text(900, 144, '80%', { size: 42, weight: 800, fill: c.white, anchor: 'middle' })}
      ${tag(170, 300, 190, 86, p.ink, '$48', 38)}`;
    },
  },
  {
    slug: 'how-to-price-used-clothing-with-sold-comps',
    category: 'Pricing & Data',
    title: 'A jacket with a price tag beside three sold listings',
    draw: (p) => {
      const comps = [
        ['$46', '#dbeafe', '#2563eb'],
        ['$48', p.soft, p.ink],
        ['$52', '#fce7f3', '#db2777'],
      ]
        .map(([price, bg, fg], i) => {
          const y = 120 + i * 138;
          return `${card(640, y, 400, 116, 22)}${rect(660, y + 18, 80, 80, bg!, 16)}${garment('jacket', 666, y + 24, 68, fg!)}
          ${lines(760, y + 30, [150, 100], c.slate200, 24)}${text(760, y + 94, price!, { size: 28, weight: 800, fill: c.slate900 })}
          ${chip(940, y + 40, 80, 'SOLD', c.green50, c.green, 17)}`;
        })
        .join('');
      return `${card(170, 130, 380, 380, 32)}${rect(200, 160, 320, 320, p.soft, 24)}${garment('jacket', 220, 180, 280, p.ink)}
      ${tag(430, 200, 170, 76, p.accent, '$48', 34)}${comps}`;
    },
  },
  {
    slug: 'clothing-condition-grading-nwt-nwot-imperfections-pre-owned',
    category: 'Pricing & Data',
    title: 'A dress with a hang tag beside four condition grades',
    draw: (p) => {
      const grades = [
        ['New with tags', 4],
        ['New without tags', 3],
        ['New with imperfections', 2],
        ['Pre-owned', 1],
      ] as const;
      const rows = grades
        .map(([label, n], i) => {
          const y = 140 + i * 92;
          const dots = [0, 1, 2, 3]
            .map((d) => circle(935 + d * 30, y + 38, 10, d < n ? p.ink : c.slate200))
            .join('');
          return `${card(560, y, 490, 76, 20)}${text(590, y + 47, label, { size: 26, weight: 700, fill: c.slate900 })}${dots}`;
        })
        .join('');
      return `${card(170, 120, 330, 400, 32)}${rect(200, 150, 270, 340, '#fce7f3', 24)}${garment('dress', 205, 180, 260, '#db2777')}
      <path d="M335 210 C 380 230, 400 250, 420 300" fill="none" stroke="${c.slate500}" stroke-width="3"/>
      ${tag(400, 320, 140, 64, p.accent, 'NWT', 26)}${rows}`;
    },
  },
  {
    slug: 'crosslisting-without-double-selling',
    category: 'Marketplaces',
    title: 'One listing posted to four marketplaces; it sells on one and the rest are delisted',
    draw: (p) => {
      const markets = [
        ['eBay', 'E', '#e0f2fe', '#0284c7', true],
        ['Poshmark', 'P', '#fce7f3', '#be185d', false],
        ['Mercari', 'M', '#ede9fe', '#6d28d9', false],
        ['Depop', 'D', '#fee2e2', '#dc2626', false],
      ] as const;
      const tiles = markets
        .map(([name, letter, bg, fg, sold], i) => {
          const y = 100 + i * 112;
          return `<path d="M560 315 C 620 315, 600 ${y + 46}, 660 ${y + 46}" fill="none" stroke="${p.ink}" stroke-opacity="0.35" stroke-width="4" stroke-dasharray="${sold ? '0' : '10 9'}"/>
          ${card(660, y, 420, 92, 20)}${mark(710, y + 46, letter, bg, fg)}${text(752, y + 55, name, { size: 26, weight: 700, fill: c.slate900 })}
          ${sold ? chip(970, y + 28, 90, 'SOLD', c.green50, c.green, 17) : chip(950, y + 28, 110, 'DELISTED', c.slate100, c.slate500, 15)}`;
        })
        .join('');
      return `${tiles}${card(170, 160, 390, 310, 28)}${rect(200, 190, 140, 140, '#ede9fe', 20)}${garment('tee', 212, 202, 116, '#7c3aed')}
      ${lines(360, 210, [170, 120, 150], c.slate200, 30, 14)}${text(200, 390, 'Band tee', { size: 30, weight: 800, fill: c.slate900 })}
      ${text(200, 432, '$38', { size: 28, weight: 800, fill: p.ink })}${circle(520, 420, 24, p.accent)}${check(510, 410, c.white, 1.3)}`;
    },
  },
  {
    slug: 'marketplace-fees-compared-for-clothing-resellers',
    category: 'Marketplaces',
    title: 'Four sale prices, each split into the seller share and the marketplace fee',
    draw: () => {
      const rows = [
        ['E', '#e0f2fe', '#0284c7', 0.14],
        ['P', '#fce7f3', '#be185d', 0.2],
        ['M', '#ede9fe', '#6d28d9', 0.1],
        ['D', '#fee2e2', '#dc2626', 0.033],
      ] as const;
      const bars = rows
        .map(([letter, bg, fg, fee], i) => {
          const y = 170 + i * 86;
          const w = 520;
          const feeW = Math.max(18, w * fee);
          return `${mark(300, y + 24, letter, bg, fg, 28)}${rect(350, y, w - feeW, 48, c.teal500, 14)}${rect(350 + w - feeW - 14, y, feeW + 14, 48, c.orange, 14)}${rect(350 + w - feeW - 14, y, 14, 48, c.orange)}`;
        })
        .join('');
      return `${card(230, 110, 740, 430, 32)}${rect(270, 130, 200, 16, c.slate200, 8)}
      ${bars}
      ${circle(1000, 150, 70, '#fbbf24', shadow)}${circle(1000, 150, 54, '#f59e0b')}${text(1000, 168, '$', { size: 52, weight: 800, fill: c.white, anchor: 'middle' })}
      ${rect(300, 510, 22, 14, c.teal500, 4)}${rect(330, 508, 90, 16, c.slate200, 8)}${rect(450, 510, 22, 14, c.orange, 4)}${rect(480, 508, 70, 16, c.slate200, 8)}`;
    },
  },
  {
    slug: 'writing-listing-titles-buyers-search-for',
    category: 'Selling Strategy',
    title: 'A search bar whose words match the title of a sneaker listing',
    draw: (p) => {
      const words = ['Nike', 'Air Max 90', 'Men’s', 'Size 9', 'White'];
      let x = 380;
      const chips = words
        .map((word, i) => {
          const w = word.length * 12 + 30;
          const piece = chip(
            x,
            388,
            w,
            word,
            i === 2 || i === 4 ? c.slate100 : p.soft,
            i === 2 || i === 4 ? c.slate700 : p.ink,
            18,
          );
          x += w + 12;
          return piece;
        })
        .join('');
      return `${card(250, 96, 700, 96, 48)}<circle cx="310" cy="144" r="18" fill="none" stroke="${c.slate500}" stroke-width="5"/><path d="M323 157l16 16" stroke="${c.slate500}" stroke-width="5" stroke-linecap="round"/>
      ${text(360, 156, 'nike air max 90 size 9', { size: 32, weight: 600, fill: c.slate700 })}${rect(710, 126, 4, 38, p.accent, 2)}
      <path d="M600 200v52" stroke="${p.ink}" stroke-width="4" stroke-dasharray="8 8" stroke-linecap="round"/><path d="M586 240l14 16 14-16" fill="none" stroke="${p.ink}" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/>
      ${card(190, 270, 820, 250, 28)}${rect(216, 296, 140, 140, '#ffedd5', 20)}${garment('sneaker', 222, 296, 128, c.orange)}
      ${text(380, 346, 'Nike Air Max 90 Men’s Size 9 White', { size: 30, weight: 800, fill: c.slate900 })}${chips}
      ${text(216, 484, '$85', { size: 30, weight: 800, fill: p.ink })}`;
    },
  },
  {
    slug: 'shipping-and-packaging-clothing-you-sell-online',
    category: 'Selling Strategy',
    title: 'A folded tee going into a mailer box with a shipping label',
    draw: (p) => {
      const barcode = Array.from({ length: 18 }, (_, i) =>
        rect(730 + i * 9, 410, i % 3 === 0 ? 5 : 3, 44, c.slate900),
      ).join('');
      return `${garment('tee', 380, 150, 190, '#7c3aed')}
      <path d="M330 300 L300 230 L560 230 L600 300 Z" fill="#e7c9a0"/>
      ${rect(330, 300, 560, 240, '#d6a76c', 14, shadow)}<path d="M600 300 L660 230 H900 L890 300 Z" fill="#c9955a"/>
      ${rect(330, 300, 560, 18, '#c08a50')}${rect(580, 300, 60, 240, '#f5e6cf', 0, 'fill-opacity="0.75"')}
      ${rect(700, 340, 170, 170, c.white, 12)}${rect(720, 360, 110, 12, c.slate400, 6)}${rect(720, 382, 80, 10, c.slate200, 5)}${barcode}
      ${[0, 1, 2].map((i) => `<path d="M${180 + i * 10} ${380 + i * 40}h${90 - i * 20}" stroke="${p.ink}" stroke-width="6" stroke-linecap="round" stroke-opacity="${0.6 - i * 0.15}"/>`).join('')}
      ${circle(980, 200, 62, p.accent, shadow)}${check(952, 174, c.white, 3.4)}`;
    },
  },
  {
    slug: 'sourcing-clothes-at-thrift-stores-and-the-bins',
    category: 'Sourcing',
    title: 'A thrift store rack of garments on hangers beside a bin of clothes',
    draw: (p) => {
      const hung: [Garment, string][] = [
        ['tee', '#2563eb'],
        ['dress', '#db2777'],
        ['jacket', c.teal700],
        ['tee', c.orange],
        ['jacket', '#7c3aed'],
      ];
      const hangers = hung
        .map(([g, fill], i) => {
          const x = 190 + i * 110;
          return `<path d="M${x + 55} 146 q0 -14 10 -14 q10 0 10 10 q0 8 -10 12 L${x + 20} 184 H${x + 90} Z" fill="none" stroke="${c.slate500}" stroke-width="4" stroke-linejoin="round"/>
          ${garment(g, x - 8, 168, 130, fill)}`;
        })
        .join('');
      return `<path d="M170 140H770M190 140V520M750 140V520M160 520h60M720 520h60" stroke="${c.slate700}" stroke-width="10" stroke-linecap="round"/>
      ${hangers}
      ${garment('tee', 850, 290, 120, '#f59e0b')}${garment('jeans', 930, 270, 130, '#2563eb')}${garment('bag', 870, 250, 90, '#db2777')}
      <path d="M820 370 H1080 L1050 540 H850 Z" fill="${p.ink}" ${shadow}/>${rect(820, 360, 260, 26, '#166534', 10)}
      ${text(950, 470, 'BINS', { size: 40, weight: 800, fill: c.white, anchor: 'middle', spacing: 4 })}
      ${tag(210, 420, 150, 64, p.accent, '$4', 30)}`;
    },
  },
  {
    slug: 'seasonal-reselling-calendar',
    category: 'Sourcing',
    title: 'A calendar of the year with a garment for each season',
    draw: (p) => {
      const seasons: [Garment, string, string, string][] = [
        ['jacket', '#dbeafe', '#2563eb', 'Winter'],
        ['dress', '#fce7f3', '#db2777', 'Spring'],
        ['tee', '#fef3c7', '#d97706', 'Summer'],
        ['jacket', '#ffedd5', '#c2410c', 'Autumn'],
      ];
      const tiles = seasons
        .map(([g, bg, fg, name], i) => {
          const x = 290 + (i % 2) * 320;
          const y = 200 + Math.floor(i / 2) * 170;
          return `${rect(x, y, 300, 150, bg, 20)}${garment(g, x + 20, y + 15, 120, fg)}${text(x + 160, y + 88, name, { size: 30, weight: 800, fill: fg })}`;
        })
        .join('');
      return `${card(260, 110, 680, 480, 32)}${rect(260, 110, 680, 70, p.ink, 32)}${rect(260, 150, 680, 30, p.ink)}
      ${[360, 480, 720, 840].map((x) => rect(x - 8, 90, 16, 44, c.slate700, 8)).join('')}
      ${text(600, 160, 'The reselling year', { size: 30, weight: 800, fill: c.white, anchor: 'middle' })}${tiles}
      ${circle(1040, 470, 50, '#fbbf24')}${[0, 1, 2, 3, 4, 5, 6, 7].map((i) => `<path d="M1040 470 m${Math.cos((i * Math.PI) / 4) * 62} ${Math.sin((i * Math.PI) / 4) * 62} l${Math.cos((i * Math.PI) / 4) * 20} ${Math.sin((i * Math.PI) / 4) * 20}" stroke="#f59e0b" stroke-width="6" stroke-linecap="round"/>`).join('')}`;
    },
  },
];

/** The cover of an article published without one: the brand on its dark gradient, garments around the mark. */
const brandCover: Cover = {
  slug: 'flipwise',
  category: 'Brand',
  title: 'Flipwise',
  draw: () => {
    const around: [Garment, number, number, string][] = [
      ['tee', 220, 150, '#5eead4'],
      ['dress', 880, 130, '#fdba74'],
      ['jeans', 260, 380, '#fdba74'],
      ['sneaker', 860, 380, '#5eead4'],
      ['bag', 560, 430, '#ccfbf1'],
    ];
    return `${around.map(([g, x, y, fill]) => `<g opacity="0.85">${garment(g, x, y, 110, fill)}</g>`).join('')}
    <g transform="translate(470 230)">${rect(0, 0, 96, 96, c.teal500, 26)}<path d="M24 70 46 48l12 12 18-18" fill="none" stroke="#fff" stroke-width="8" stroke-linecap="round" stroke-linejoin="round"/><path d="M60 38h18v18" fill="none" stroke="#fdba74" stroke-width="8" stroke-linecap="round" stroke-linejoin="round"/>
    ${text(120, 70, 'Flipwise', { size: 64, weight: 800, fill: c.white })}</g>`;
  },
};

function drawSvg(cover: Cover) {
  const p = palettes[cover.category]!;
  return frame(p, cover.draw(p), cover.title);
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename);
if (isMain) {
  const executablePath = chromiumPath();
  if (!executablePath)
    throw new Error('Chromium not found: apt-get install -y chromium (or set CHROMIUM_PATH).');
  mkdirSync(out, { recursive: true });
  const browser = await chromium.launch({ executablePath, args: chromiumArgs, headless: true });
  try {
    const page = await browser.newPage();
    await page.setContent(`<html><body style="margin:0;font-family:${font.slice(13, -1)}"></body></html>`);
    const all = [...covers, brandCover];
    for (const cover of all) {
      const svg = drawSvg(cover);
      // Passed as source text: tsx would wrap a function's inner helpers in its own __name(), unknown in the page.
      const encoded = (await page.evaluate(`(async () => {
        const image = new Image();
        image.src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(${JSON.stringify(svg)});
        await image.decode();
        const encode = (w, h, type, quality) => {
          const canvas = document.createElement('canvas');
          canvas.width = w;
          canvas.height = h;
          const context = canvas.getContext('2d');
          context.imageSmoothingQuality = 'high';
          context.drawImage(image, 0, 0, w, h);
          return canvas.toDataURL(type, quality);
        };
        return {
          webp: encode(${COVER_WIDTH}, ${COVER_HEIGHT}, 'image/webp', 0.86),
          small: encode(${COVER_WIDTH / 2}, ${COVER_HEIGHT / 2}, 'image/webp', 0.84),
          jpeg: encode(${COVER_WIDTH}, ${COVER_HEIGHT}, 'image/jpeg', 0.86),
        };
      })()`)) as { webp: string; small: string; jpeg: string };
      const write = (name: string, dataUrl: string, type: string) => {
        if (!dataUrl.startsWith(`data:${type};base64,`))
          throw new Error(`${name}: Chromium did not encode ${type}`);
        writeFileSync(path.join(out, name), Buffer.from(dataUrl.split(',')[1]!, 'base64'));
      };
      write(`${cover.slug}.webp`, encoded.webp, 'image/webp');
      write(`${cover.slug}-600.webp`, encoded.small, 'image/webp');
      write(`${cover.slug}.jpg`, encoded.jpeg, 'image/jpeg');
    }
    console.log('drew', all.length, 'covers in', out);

    if (process.argv.includes('--sheet')) {
      const cells = all
        .map((cover) =>
          `<img src="/${cover.slug}" style="width:580px;margin:6px" alt="">`.replace(
            `/${cover.slug}`,
            `data:image/svg+xml;charset=utf-8,${encodeURIComponent(drawSvg(cover))}`,
          ),
        )
        .join('');
      await writeContactSheet(browser, cells, { width: 1200, height: 800 }, 'covers-sheet.png');
    }
  } finally {
    await browser.close();
  }
}
