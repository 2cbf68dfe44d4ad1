import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate, useNavigationType } from 'react-router-dom';
import { paths } from '@/config/paths';
import { isCondition, searchFormSchema, type Condition, type SearchInput } from '../schemas';

/** What an Explorer address holds: ?q= prefills the item name, ?condition= the condition. */
export type SearchAddress = { itemName: string; condition: Condition | '' };

/** The address of a search, `/thriftingexplorer?q=…&condition=…`, as saved searches and suggestions link to it. */
export const searchHref = (query: SearchInput) =>
  `${paths.search}?${new URLSearchParams({ q: query.itemName.trim(), condition: query.condition }).toString()}`;

export function readSearchAddress(search: string): SearchAddress {
  const params = new URLSearchParams(search);
  const condition = params.get('condition');
  return { itemName: params.get('q') ?? '', condition: isCondition(condition) ? condition : '' };
}

/** The search an address asks for, when it names a valid one (an item name and a condition). */
export function addressQuery(address: SearchAddress): SearchInput | null {
  const parsed = searchFormSchema.safeParse(address);
  return parsed.success ? parsed.data : null;
}

const sameQuery = (a: SearchInput | null, b: SearchInput | null) =>
  a !== null && b !== null && a.itemName === b.itemName && a.condition === b.condition;

/** How the address changed: the browser's Back or Forward, or a link or navigation (a suggestion, the header). */
export type AddressChange = 'history' | 'link';

/**
 * Keeps the Explorer's searches in the address bar (decision 058). `write` puts a search there as a new history entry,
 * unless the address already holds it (the same search twice, a retry, a link's search running): one entry per search.
 * `onChange` hears every other change of the address while the Explorer is open, never the ones `write` made, so the
 * form is only ever reset by something the user did: Back, Forward, a link.
 */
export function useSearchAddress(onChange: (address: SearchAddress, how: AddressChange) => void) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  // The entry the Explorer was opened on is its starting point (its props), not a change.
  const seen = useRef(location.key);
  const pathname = useRef(location.pathname);
  // Searches written and not yet seen in the location (two quick ones may even arrive as one render).
  const written = useRef<SearchInput[]>([]);
  // The address as last written or seen: the router commits a navigation as a transition, after other updates.
  const current = useRef(location.search);
  const listener = useRef(onChange);
  useEffect(() => {
    listener.current = onChange;
  });

  useEffect(() => {
    if (seen.current === location.key) return;
    seen.current = location.key;
    current.current = location.search;
    const address = readSearchAddress(location.search);
    const ours = written.current.findIndex((query) => sameQuery(query, addressQuery(address)));
    written.current = ours === -1 ? [] : written.current.slice(ours + 1);
    if (navigationType !== 'POP' && ours !== -1) return;
    // Leaving the page unmounts the Explorer; nothing to restore on the way out.
    if (location.pathname !== pathname.current) return;
    listener.current(address, navigationType === 'POP' ? 'history' : 'link');
  }, [location.key, location.pathname, location.search, navigationType]);

  const write = useCallback(
    (query: SearchInput) => {
      const wanted = { itemName: query.itemName.trim(), condition: query.condition };
      if (sameQuery(addressQuery(readSearchAddress(current.current)), wanted)) return;
      written.current.push(wanted);
      const href = searchHref(wanted);
      current.current = href.slice(paths.search.length);
      void navigate(href);
    },
    [navigate],
  );

  return { write };
}
