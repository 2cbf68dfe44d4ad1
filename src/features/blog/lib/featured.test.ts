import { describe, expect, it } from 'vitest';
import { categoriesOf, filterByCategory, isFeaturedOnList, splitFeatured } from './featured';

describe('isFeaturedOnList', () => {
  it.each([
    ['what-is-sell-through-rate', 'Anything'],
    ['x', 'Sell Through Explained'],
    ['x', 'Your SELL RATE'],
    ['improve-sell-rate', 'x'],
    ['x', 'sell-through: a guide'],
  ])('features slug %s / title %s', (slug, title) => {
    expect(isFeaturedOnList({ slug, title })).toBe(true);
  });
  it.each([
    ['how-to-price-used-clothing', 'How to Price Used Clothing'],
    ['selling-strategy', 'Seller ratings and rates'],
  ])('does not feature slug %s / title %s', (slug, title) => {
    expect(isFeaturedOnList({ slug, title })).toBe(false);
  });
});

describe('splitFeatured', () => {
  it('keeps order within both groups', () => {
    const list = [
      { slug: 'a', title: 'A' },
      { slug: 'sell-rate-b', title: 'B' },
      { slug: 'c', title: 'C' },
    ];
    expect(splitFeatured(list)).toEqual({ featured: [list[1]], latest: [list[0], list[2]] });
  });
});

describe('categories', () => {
  const list = [{ category: 'Pricing & Data' }, { category: 'Sourcing' }, { category: 'Pricing & Data' }];
  it('lists All, then each distinct category once', () => {
    expect(categoriesOf(list)).toEqual(['All', 'Pricing & Data', 'Sourcing']);
  });
  it('filters by category; All shows everything', () => {
    expect(filterByCategory(list, 'Sourcing')).toEqual([list[1]]);
    expect(filterByCategory(list, 'All')).toBe(list);
  });
});
