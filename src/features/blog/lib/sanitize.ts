import DOMPurify, { type Config } from 'dompurify';

// SPEC §5, the whole allow-list for article HTML. Anything not named here is removed before the browser sees it.

/** Basic text, headings, lists, links, images, code and quotes. */
export const ALLOWED_TAGS = [
  // basic text
  'p',
  'br',
  'span',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  // headings
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  // lists
  'ul',
  'ol',
  'li',
  // links and images
  'a',
  'img',
  // code and quotes
  'code',
  'pre',
  'blockquote',
];

export const ALLOWED_ATTR = ['href', 'src', 'alt', 'title', 'class', 'id'];

/**
 * http:, https:, ftp: and data:image/ URLs. Scheme-less addresses (/blog/x, #faq, page.html) carry no scheme of their
 * own and resolve against the site, so they stay allowed; anything else with a scheme (javascript:, vbscript:,
 * data:text/html, mailto:) does not match and the attribute is dropped.
 */
export const ALLOWED_URI_REGEXP = /^(?:(?:https?|ftp):|data:image\/|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

/** data: URLs that pass must be images; DOMPurify would otherwise accept any data: URL on an img. */
const DATA_IMAGE = /^data:image\//i;

export const purifyConfig = {
  ALLOWED_TAGS,
  ALLOWED_ATTR,
  ALLOWED_URI_REGEXP,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
} satisfies Config;

type Purifier = ReturnType<typeof DOMPurify>;
let purifier: Purifier | undefined;
let purifierWindow: (Window & typeof globalThis) | undefined;

/** The prerender step (src/entry-server.tsx) has no browser: it hands DOMPurify a jsdom window instead. */
export function setSanitizerWindow(win: Window & typeof globalThis) {
  purifierWindow = win;
  purifier = undefined;
}

/** A private DOMPurify instance, so the data:image hook never affects other callers of the shared one. */
function getPurifier(): Purifier {
  if (purifier) return purifier;
  const instance = DOMPurify(purifierWindow ?? window);
  instance.addHook('uponSanitizeAttribute', (_node, data) => {
    if (
      (data.attrName === 'src' || data.attrName === 'href') &&
      /^\s*data:/i.test(data.attrValue) &&
      !DATA_IMAGE.test(data.attrValue.trim())
    ) {
      data.keepAttr = false;
    }
  });
  purifier = instance;
  return instance;
}

/** Article HTML with only the SPEC §5 tags, attributes and URL schemes left. */
export function sanitizeArticleHtml(html: string): string {
  return getPurifier().sanitize(html, purifyConfig);
}
