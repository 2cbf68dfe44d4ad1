// Where email links may send people back to: GoTrue's rules (utilities/request.go), so a redirect that works locally
// also works on hosted Supabase with the same config.toml.
import type { Context } from 'hono';
import type { AuthSettings } from './settings';

const isLoopbackIp = (host: string) =>
  /^127(?:\.\d{1,3}){3}$/.test(host) || host === '[::1]' || host === '::1';
const isLocalhost = (host: string) => host === 'localhost' || isLoopbackIp(host);

/**
 * The allow-list uses gobwas/glob with "." and "/" as separators: `*` stays inside one label or path segment,
 * `**` crosses them, `?` is one character, `{a,b}` alternatives, `[..]` classes.
 */
export function globToRegExp(pattern: string): RegExp {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i];
    if (ch === '*') {
      if (pattern[i + 1] === '*') {
        out += '.*';
        i++;
      } else out += '[^./]*';
    } else if (ch === '?') out += '[^./]';
    else if (ch === '{') out += '(?:';
    else if (ch === '}') out += ')';
    else if (ch === ',' && out.lastIndexOf('(?:') > out.lastIndexOf(')')) out += '|';
    else if (ch === '[') {
      const end = pattern.indexOf(']', i);
      if (end === -1) out += '\\[';
      else {
        const body = pattern
          .slice(i + 1, end)
          .replace(/^!/, '^')
          .replace(/\\/g, '\\\\');
        out += `[${body}]`;
        i = end;
      }
    } else out += ch.replace(/[.+^$()|\\/]/g, '\\$&');
  }
  return new RegExp(`^${out}$`);
}

export function isRedirectUrlValid(settings: AuthSettings, redirectUrl: string | undefined): boolean {
  if (!redirectUrl) return false;
  // Control characters and spaces never belong in a URL; browsers strip some of them and would land elsewhere.
  if ([...redirectUrl].some((ch) => ch.charCodeAt(0) <= 0x20 || ch.charCodeAt(0) === 0x7f)) return false;
  let base: URL;
  try {
    base = new URL(settings.siteUrl);
  } catch {
    return false;
  }
  let ref: URL | undefined;
  try {
    ref = new URL(redirectUrl);
  } catch {
    if (/^https?:/i.test(redirectUrl)) return false;
  }
  if (ref) {
    const host = ref.hostname;
    // WHATWG URLs normalise obfuscated hosts (2130706433, 0x7f.1, unicode) that Go's url.Parse keeps as written and
    // GoTrue then refuses; refuse any host that is not already in its normal form.
    const rawHost = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?(\[[^\]]*\]|[^/:?#]*)/i.exec(redirectUrl)?.[1];
    if (rawHost !== undefined && rawHost.toLowerCase() !== host) return false;
    // Back to the site itself; the port may differ on loopback (RFC 8252 7.3).
    if (
      host === base.hostname &&
      ref.protocol === base.protocol &&
      (ref.port === base.port || isLocalhost(host))
    ) {
      return true;
    }
    if (/^\d+$/.test(host)) return false;
    if (/^[\d.]+$/.test(host) || host.startsWith('[')) return isLoopbackIp(host);
    if (/^https?:$/.test(ref.protocol) && !/^[a-zA-Z0-9]([a-zA-Z0-9.-]*[a-zA-Z0-9])?$/.test(host))
      return false;
  }
  const withoutFragment = redirectUrl.split('#')[0];
  return settings.additionalRedirectUrls.some((pattern) => globToRegExp(pattern).test(withoutFragment));
}

/** redirect_to from the query (or a redirect_to header), else the Referer, when allowed; otherwise site_url. */
export function referrer(c: Context, settings: AuthSettings): string {
  const requested = c.req.header('redirect_to') || c.req.query('redirect_to');
  if (isRedirectUrlValid(settings, requested)) return requested!;
  const ref = c.req.header('referer');
  if (isRedirectUrlValid(settings, ref)) return ref!;
  return settings.siteUrl;
}
