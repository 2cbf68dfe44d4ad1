import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate, useNavigationType } from 'react-router-dom';
import { paths } from '@/config/paths';
import { canonicalSearch, formValuesOf, sameSearch } from '../lib/narrowing';
import {
  isCondition,
  searchFormSchema,
  type Condition,
  type SearchFormInput,
  type SearchInput,
} from '../schemas';

/**
 * What an Explorer address holds (decision 058, issue 54): ?q= the item name, ?condition=, and the search's window
 * (?window=, left out at 90 days), size (?size=), price band (?min=, ?max=) and marketplace (?market=), each left out
 * when not asked for. As the form's text: every control's value.
 */
export type SearchAddress = Required<SearchFormInput> & { condition: Condition | '' };

/**
 * The address of a search, `/thriftingexplorer?q=…&condition=…[&window=…&size=…&min=…&max=…&market=…]`, as saved
 * searches and suggestions link to it.
 */
export function searchHref(query: SearchInput): string {
  const q = canonicalSearch(query);
  const params = new URLSearchParams({ q: q.itemName, condition: q.condition });
  if (q.windowDays) params.set('window', String(q.windowDays));
  if (q.size) params.set('size', q.size);
  if (q.priceMin !== undefined) params.set('min', String(q.priceMin));
  if (q.priceMax !== undefined) params.set('max', String(q.priceMax));
  if (q.marketplace) params.set('market', q.marketplace);
  return `${paths.search}?${params.toString()}`;
}

const narrowingFields = ['windowDays', 'size', 'priceMin', 'priceMax', 'marketplace'] as const;

/**
 * The search an address holds, as the form's text. A narrowing the address writes wrongly (a window of 60 days, an
 * unknown marketplace, a price that is no number) is left out, so the search it names still runs, narrowed as far
 * as the address can be read; a band whose ends are the wrong way round keeps its lower end.
 */
export function readSearchAddress(search: string): SearchAddress {
  const params = new URLSearchParams(search);
  const condition = params.get('condition');
  const address: SearchAddress = formValuesOf({
    itemName: params.get('q') ?? '',
    condition: '',
  }) as SearchAddress;
  address.condition = isCondition(condition) ? condition : '';
  address.windowDays = params.get('window') ?? address.windowDays;
  address.size = params.get('size') ?? '';
  address.priceMin = params.get('min') ?? '';
  address.priceMax = params.get('max') ?? '';
  address.marketplace = params.get('market') ?? '';
  // Each narrowing on its own, checked beside a search known to be valid: the ones the form would refuse go.
  const probe = { ...formValuesOf({ itemName: 'ok', condition: 'pre_owned' }) };
  for (const field of narrowingFields) {
    const alone = searchFormSchema.safeParse({ ...probe, [field]: address[field] });
    if (!alone.success) address[field] = formValuesOf({ itemName: '', condition: '' })[field];
  }
  if (
    !searchFormSchema.safeParse({ ...probe, priceMin: address.priceMin, priceMax: address.priceMax }).success
  )
    address.priceMax = '';
  return address;
}

/** The search an address asks for, when it names a valid one (an item name and a condition). */
export function addressQuery(address: SearchFormInput): SearchInput | null {
  const parsed = searchFormSchema.safeParse(address);
  return parsed.success ? canonicalSearch(parsed.data) : null;
}

const sameQuery = sameSearch;

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
      const wanted = canonicalSearch(query);
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
