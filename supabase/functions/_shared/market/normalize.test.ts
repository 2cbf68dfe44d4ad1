import { describe, expect, it } from 'vitest';
import { cacheQueryKey, normalizeQuery } from './normalize.ts';
import { cacheKey } from '../cache.ts';

describe('normalizeQuery (the cache key side of "the same words")', () => {
  it.each([
    ['  Lululemon   ALIGN  ', 'lululemon align'],
    ["Levi's 501", 'levis 501'],
    ['Levi’s 501', 'levis 501'],
    ["Arc'teryx Atom LT", 'arcteryx atom lt'],
    ['J.Crew sweater', 'jcrew sweater'],
    ['Café Crème', 'cafe creme'],
    ['Doc Martens 1460 (black)', 'doc martens 1460 black'],
    ['align 25"', 'align 25'],
    ['2.5 inch', '2 5 inch'],
    ['!!!', ''],
  ])('%j -> %j', (input, expected) => {
    expect(normalizeQuery(input)).toBe(expected);
  });

  it('keeps word order (sources like eBay rank by it) but not case or spacing', () => {
    expect(normalizeQuery('Nike AIR max')).toBe(normalizeQuery('nike  air Max'));
    expect(normalizeQuery('max air nike')).not.toBe(normalizeQuery('nike air max'));
  });

  it('the cache key keeps exclusions, phrases and alternatives apart from plain words', () => {
    expect(cacheQueryKey('Jeans  -Kids')).toBe('jeans -kids');
    expect(cacheQueryKey('jeans kids')).not.toBe(cacheQueryKey('jeans -kids'));
    expect(cacheQueryKey('"Wide Leg" jeans')).not.toBe(cacheQueryKey('wide leg jeans'));
    expect(cacheQueryKey('nuptse , super puff')).toBe('nuptse,super puff');
    expect(cacheQueryKey('nuptse super puff')).not.toBe(cacheQueryKey('nuptse, super puff'));
    expect(cacheQueryKey("Levi's OFF-WHITE")).toBe('levis off white');
  });

  it('cache keys keep their parts apart', () => {
    expect(cacheKey(['search-sold', 'local', 'pre_owned', 'a|b'])).toBe('search-sold|local|pre_owned|a b');
  });
});
