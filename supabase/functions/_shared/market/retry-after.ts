// A source's Retry-After header, read the same way for every marketplace (eBay, Etsy): as RFC 9110 allows, either a
// number of seconds or an HTTP date.

/** The seconds the source asks us to wait (at least 1), or null when it sends no readable Retry-After. */
export function retryAfterHeader(response: Response): number | null {
  const value = response.headers.get('retry-after')?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return Math.max(1, Number(value));
  const at = Date.parse(value);
  return Number.isFinite(at) ? Math.max(1, Math.ceil((at - Date.now()) / 1000)) : null;
}
