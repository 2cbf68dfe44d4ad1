import { describe, expect, it } from 'vitest';
import { addressQuery, readSearchAddress, searchHref } from '../hooks/use-search-address';
import { canonicalSearch, narrowingBody, narrowingWords, sameSearch, unappliedNarrowing } from './narrowing';

describe('a search and its address (issue 54, decision 058)', () => {
  it('writes the window and each narrowing asked for, and leaves out the defaults', () => {
    expect(searchHref({ itemName: ' Levi 501 ', condition: 'pre_owned' })).toBe(
      '/thriftingexplorer?q=Levi+501&condition=pre_owned',
    );
    expect(searchHref({ itemName: 'Levi 501', condition: 'pre_owned', windowDays: 90 })).toBe(
      '/thriftingexplorer?q=Levi+501&condition=pre_owned',
    );
    expect(
      searchHref({
        itemName: 'Levi 501',
        condition: 'pre_owned',
        windowDays: 30,
        size: '32x30',
        priceMin: 20,
        priceMax: 50.5,
        marketplace: 'poshmark',
      }),
    ).toBe(
      '/thriftingexplorer?q=Levi+501&condition=pre_owned&window=30&size=32x30&min=20&max=50.5&market=poshmark',
    );
  });

  it('reads back the search it wrote', () => {
    const query = {
      itemName: 'Levi 501',
      condition: 'pre_owned' as const,
      windowDays: 365 as const,
      size: 'W32 L30',
      priceMax: 80,
      marketplace: 'ebay' as const,
    };
    const href = searchHref(query);
    expect(addressQuery(readSearchAddress(href.slice(href.indexOf('?'))))).toEqual(query);
  });

  it('leaves out a narrowing it cannot read, and still runs the search', () => {
    const address = readSearchAddress(
      '?q=Levi+501&condition=pre_owned&window=60&size=%3Cb%3E&min=abc&max=9e9&market=amazon',
    );
    expect(address).toMatchObject({
      windowDays: '90',
      size: '',
      priceMin: '',
      priceMax: '',
      marketplace: '',
    });
    expect(addressQuery(address)).toEqual({ itemName: 'Levi 501', condition: 'pre_owned' });
    // A band the wrong way round keeps its lower end.
    expect(addressQuery(readSearchAddress('?q=Levi+501&condition=pre_owned&min=50&max=20'))).toEqual({
      itemName: 'Levi 501',
      condition: 'pre_owned',
      priceMin: 50,
    });
  });

  it('is one search whatever the case of its size, and another with any narrowing changed', () => {
    const a = { itemName: 'Levi 501', condition: 'pre_owned' as const, size: 'm' };
    expect(sameSearch(a, { ...a, size: 'M' })).toBe(true);
    expect(sameSearch(a, { ...a, windowDays: 90 })).toBe(true);
    expect(sameSearch(a, { ...a, windowDays: 30 })).toBe(false);
    expect(sameSearch(a, { ...a, priceMin: 0 })).toBe(false);
    expect(sameSearch(a, { ...a, marketplace: 'ebay' })).toBe(false);
  });

  it('asks the functions for the window on the sold search only, and for the narrowing on both', () => {
    const query = canonicalSearch({
      itemName: 'Levi 501',
      condition: 'pre_owned',
      windowDays: 180,
      size: ' 32x30 ',
      priceMin: 0,
    });
    expect(narrowingBody(query, 'available')).toEqual({ size: '32x30', priceMin: 0 });
    expect(narrowingBody(query, 'sold')).toEqual({ windowDays: 180, size: '32x30', priceMin: 0 });
    expect(narrowingBody({ itemName: 'x', condition: 'pre_owned', windowDays: 90 }, 'sold')).toEqual({});
  });

  it('says what was searched, and the narrowing a source could not apply', () => {
    const query = {
      itemName: 'Levi 501',
      condition: 'pre_owned' as const,
      size: 'M',
      priceMin: 20,
      priceMax: 50,
      marketplace: 'poshmark' as const,
    };
    expect(narrowingWords(query)).toEqual(['last 90 days', 'size M', '$20 – $50', 'on Poshmark']);
    expect(narrowingWords({ ...query, size: undefined }, { sizeFromQuery: '32x30' })).toContain(
      'size 32x30 (from your words)',
    );
    expect(
      narrowingWords({ itemName: 'x', condition: 'pre_owned', priceMax: 50 }, { window: false }),
    ).toEqual(['under $50']);
    expect(unappliedNarrowing(query, ['marketplace', 'size'])).toEqual(['size', 'marketplace']);
    expect(unappliedNarrowing({ itemName: 'x', condition: 'pre_owned' }, ['size'])).toEqual([]);
  });
});
