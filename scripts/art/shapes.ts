// Drawing helpers shared by draw.ts (app screens, badges, social card) and covers.ts (blog covers): the brand's
// colours, type and garment shapes, so every picture on the site is drawn from the same parts.

export const c = {
  teal900: '#134e4a',
  teal700: '#0f766e',
  teal600: '#0d9488',
  teal500: '#14b8a6',
  teal100: '#ccfbf1',
  teal50: '#f0fdfa',
  orange: '#f97316',
  amber: '#f59e0b',
  orange50: '#fff7ed',
  slate900: '#0f172a',
  slate700: '#334155',
  slate500: '#64748b',
  slate400: '#94a3b8',
  slate200: '#e2e8f0',
  slate100: '#f1f5f9',
  slate50: '#f8fafc',
  green: '#16a34a',
  green50: '#f0fdf4',
  red: '#dc2626',
  red50: '#fef2f2',
  white: '#ffffff',
};
export const font = `font-family="Inter, 'Segoe UI', 'Helvetica Neue', Arial, sans-serif"`;

export const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function text(
  x: number,
  y: number,
  value: string,
  o: { size?: number; weight?: number; fill?: string; anchor?: string; spacing?: number } = {},
) {
  return `<text x="${x}" y="${y}" ${font} font-size="${o.size ?? 12}" font-weight="${o.weight ?? 400}" fill="${o.fill ?? c.slate900}"${o.anchor ? ` text-anchor="${o.anchor}"` : ''}${o.spacing ? ` letter-spacing="${o.spacing}"` : ''}>${esc(value)}</text>`;
}
export const rect = (x: number, y: number, w: number, h: number, fill: string, r = 0, extra = '') =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${r}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;
export const circle = (cx: number, cy: number, r: number, fill: string, extra = '') =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;
export const bar = (x: number, y: number, w: number, fill = c.slate200) => rect(x, y, w, 7, fill, 3.5);

// Garments drawn in a 48x48 box.
export const garments = {
  tee: 'M16 8 L24 12 L32 8 L42 14 L38 21 L34 19 L34 41 L14 41 L14 19 L10 21 L6 14 Z',
  jeans: 'M14 6 H34 L37 42 H27 L24 20 L21 42 H11 Z',
  jacket: 'M17 7 L24 12 L31 7 L40 13 L40 41 L27 41 L24 16 L21 41 L8 41 L8 13 Z',
  dress: 'M19 6 H29 L28 14 L37 42 H11 L20 14 Z',
  sneaker: 'M6 30 L8 20 L18 22 L26 28 L40 30 Q43 31 43 35 L43 38 H6 Z',
  bag: 'M10 18 H38 L36 42 H12 Z M18 18 Q18 8 24 8 Q30 8 30 18',
};
export type Garment = keyof typeof garments;

export function thumb(x: number, y: number, size: number, garment: Garment, bg: string, fg: string, r = 10) {
  const s = size / 48;
  return `${rect(x, y, size, size, bg, r)}<path d="${garments[garment]}" transform="translate(${x} ${y}) scale(${s})" fill="${fg}" stroke="${fg}" stroke-width="1" stroke-linejoin="round"/>`;
}

export function sparkle(x: number, y: number, s: number, fill: string) {
  return `<path transform="translate(${x} ${y}) scale(${s})" d="M12 2l2 6.5L20.5 10.5 14 12.5 12 19l-2-6.5L3.5 10.5 10 8.5z" fill="${fill}"/>`;
}
export function check(x: number, y: number, color: string, s = 1) {
  return `<path transform="translate(${x} ${y}) scale(${s})" d="M2 7.5 6 11.5 14 3" fill="none" stroke="${color}" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round"/>`;
}
