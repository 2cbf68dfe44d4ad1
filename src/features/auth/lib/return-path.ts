// Where an email link (sign-up confirmation) brings someone back to: the page they signed up from, with its query
// (the Explorer's search), on this origin only. Decision 040.

/** Pages a confirmation link must not land on: they only make sense inside another flow. */
const notReturnable = ['/login', '/reset-password'];

/**
 * A same-origin path with its query, or '/' when `raw` is anything else: absolute URLs, protocol-relative `//host`,
 * backslash tricks browsers read as `//`, control characters, or a path to one of the pages above.
 */
export function safeReturnPath(raw: string | null | undefined, origin: string): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return '/';
  if ([...raw].some((ch) => ch.charCodeAt(0) <= 0x1f || ch.charCodeAt(0) === 0x7f)) return '/';
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return '/';
  }
  // '/..//host' resolves to the path '//host', which a later relative use would read as another host.
  if (url.origin !== new URL(origin).origin || url.pathname.startsWith('//')) return '/';
  if (notReturnable.includes(url.pathname)) return '/';
  return url.pathname + url.search;
}

/** The page being looked at now, as a return path. */
export function currentReturnPath(): string {
  if (typeof window === 'undefined') return '/';
  return safeReturnPath(window.location.pathname + window.location.search, window.location.origin);
}

/** The absolute URL a confirmation email links back to (GoTrue's redirect_to). */
export function emailRedirectUrl(returnPath: string | undefined): string {
  const { origin } = window.location;
  return `${origin}${safeReturnPath(returnPath, origin)}`;
}
