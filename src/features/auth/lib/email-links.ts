// Which sign-up confirmation links this browser has already followed (issue 28 point 8, decision 059's note). The auth
// service refuses a used link and an expired or replaced one with the same answer (otp_expired, "Email link is invalid
// or has expired"), and only a used one means the email is confirmed. So every confirmation link we ask for carries an
// id of ours in the address it returns to (`?link=<id>`); a link that signs someone in here is remembered, and the same
// link coming back refused is known to be used. Anywhere else the app cannot tell, and says what is true either way.

/** The query parameter of the return address that names the link. */
export const LINK_PARAM = 'link';
const KEY = 'flipwise.used-email-links';
/** Links remembered per browser: plenty for the few accounts one browser confirms. */
const KEEP = 20;
const ID = /^[a-z0-9]{8,40}$/;

/** A new id for one confirmation email: random, naming nothing about the person. */
export function newLinkId(): string {
  const bytes = new Uint8Array(9);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(36).padStart(2, '0')).join('');
}

/** The return address with the link's id added to its query. */
export function withLinkId(url: string, id: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set(LINK_PARAM, id);
  return parsed.toString();
}

/** The link id in a query string, when it looks like one of ours. */
export function linkIdFrom(search: string): string | undefined {
  const id = new URLSearchParams(search).get(LINK_PARAM);
  return id && ID.test(id) ? id : undefined;
}

/** The query string without the link id ('' when nothing else is left). */
export function searchWithoutLinkId(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(LINK_PARAM);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

function read(): string[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return []; // storage blocked or garbled: nothing is known, which is the honest default
  }
}

export const usedEmailLinks = {
  remember(id: string) {
    try {
      window.localStorage.setItem(
        KEY,
        JSON.stringify([id, ...read().filter((x) => x !== id)].slice(0, KEEP)),
      );
    } catch {
      // Storage blocked (private mode): a second click then reads as "invalid or expired", which is still true.
    }
  },
  has: (id: string) => read().includes(id),
};
