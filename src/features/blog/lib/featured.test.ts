import { describe, expect, it } from 'vitest';
import { categoriesOf, filterByCategory, gridLead, isFeaturedOnList, splitFeatured } from './featured';

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

describe('gridLead', () => {
  // Slots used = count + extra columns the first card takes; every row full means slots divide by the columns.
  it.each([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11])('leaves no orphan with %i cards', (count) => {
    const lead = gridLead(count);
    expect((count + (lead.wideMd ? 1 : 0)) % 2).toBe(0);
    expect((count + lead.lgSpan - 1) % 3).toBe(0);
  });

  it('keeps the first card to one column when the rows are already full', () => {
    expect(gridLead(6)).toEqual({ wideMd: false, lgSpan: 1 });
  });
});
