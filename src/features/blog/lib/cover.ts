import type { BlogArticle } from '../schemas';

/** Covers are drawn at the social card's size (scripts/art/covers.ts), so one picture serves card, header and og:image. */
export const COVER_WIDTH = 1200;
export const COVER_HEIGHT = 630;
/** The cover of an article published without one. */
export const BRAND_COVER = '/blog/covers/flipwise.webp';

// A cover drawn by scripts/art comes at two widths and as a JPEG for social networks; any other address is used as is.
const DRAWN = /^\/blog\/covers\/([a-z0-9-]+)\.webp$/;

export type Cover = {
  src: string;
  /** Both drawn widths, so a phone or a grid cell downloads the 600 px file. */
  srcSet?: string;
  /** Empty for the brand cover: it is decoration, and the card's title already says what the article is. */
  alt: string;
  /** What og:image and the structured data point at. */
  social: string;
};

export function articleCover(article: Pick<BlogArticle, 'cover_image' | 'cover_alt'>): Cover {
  const image = article.cover_image ?? BRAND_COVER;
  const alt = article.cover_image ? (article.cover_alt ?? '') : '';
  const drawn = DRAWN.exec(image);
  if (!drawn) return { src: image, alt, social: image };
  const base = `/blog/covers/${drawn[1]}`;
  return {
    src: image,
    srcSet: `${base}-600.webp 600w, ${base}.webp ${COVER_WIDTH}w`,
    alt,
    social: `${base}.jpg`,
  };
}
