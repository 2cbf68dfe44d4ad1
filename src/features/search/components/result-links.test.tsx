import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { readSearchAddress } from '../hooks/use-search-address';
import type { SearchInput } from '../schemas';
import { NoComparables } from './no-comparables';
import { QueryReadingNote } from './query-reading-note';
import { WithheldState } from './withheld-state';

// Links inside an answer start another search: each changes one thing and keeps the rest of the search (issue 54).
const narrowed: SearchInput = {
  itemName: 'coach tabby 26',
  condition: 'pre_owned',
  windowDays: 30,
  size: 'M',
  priceMin: 20,
  priceMax: 150,
  marketplace: 'poshmark',
};

const addressOf = (link: HTMLElement) => {
  const href = link.getAttribute('href') ?? '';
  expect(href.startsWith('/thriftingexplorer?')).toBe(true);
  return readSearchAddress(href.slice(href.indexOf('?')));
};

describe('links within an answer keep the search they came from', () => {
  it('a "Did you mean" suggestion changes the words only', () => {
    render(
      <MemoryRouter>
        <NoComparables query={narrowed} sourceLabel="Demo data" suggestions={['Coach tabby', 'Coach']} />
      </MemoryRouter>,
    );
    const links = within(screen.getByTestId('suggestions')).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Coach tabby', 'Coach']);
    expect(addressOf(links[0])).toEqual({
      itemName: 'Coach tabby',
      condition: 'pre_owned',
      windowDays: '30',
      size: 'M',
      priceMin: '20',
      priceMax: '150',
      marketplace: 'poshmark',
    });
    expect(links[1]).toHaveAttribute(
      'href',
      '/thriftingexplorer?q=Coach&condition=pre_owned&window=30&size=M&min=20&max=150&market=poshmark',
    );
  });

  it('a suggestion of a plain search stays plain', () => {
    render(
      <MemoryRouter>
        <NoComparables
          query={{ itemName: 'coach tabby 26', condition: 'new_with_tags' }}
          sourceLabel="Demo data"
          suggestions={['Coach tabby']}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Coach tabby' })).toHaveAttribute(
      'href',
      '/thriftingexplorer?q=Coach+tabby&condition=new_with_tags',
    );
  });

  it("says what the index knows of the words over the search's own window", () => {
    render(
      <MemoryRouter>
        <NoComparables
          query={narrowed}
          sourceLabel="Demo data"
          suggestions={[]}
          reading={
            {
              corrected: [],
              ignored: [],
              unknown: [],
              recognised: [{ text: 'coach', kind: 'brand', label: 'Coach' }],
            } as never
          }
        />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('words-recognised')).toHaveTextContent('sold in the last 30 days');
  });

  it("the withheld state's other conditions change the condition only", () => {
    render(
      <MemoryRouter>
        <WithheldState
          query={narrowed}
          available={{ byCondition: { new_with_tags: 4, pre_owned: 0 } } as never}
          sold={{ byCondition: { new_without_tags: 2 } } as never}
        />
      </MemoryRouter>,
    );
    const links = within(screen.getByTestId('withheld-other-conditions')).getAllByRole('link');
    expect(links).toHaveLength(2);
    for (const link of links) {
      const { condition, ...rest } = addressOf(link);
      expect(['new_with_tags', 'new_without_tags']).toContain(condition);
      expect(rest).toEqual({
        itemName: 'coach tabby 26',
        windowDays: '30',
        size: 'M',
        priceMin: '20',
        priceMax: '150',
        marketplace: 'poshmark',
      });
    }
  });

  it('searching a corrected word as written keeps the window and narrowing', () => {
    render(
      <MemoryRouter>
        <QueryReadingNote
          reading={
            {
              corrected: [{ from: 'lululemn', to: 'lululemon' }],
              ignored: [],
              recognised: [],
              unknown: [],
            } as never
          }
          query={{ itemName: 'lululemn align', condition: 'pre_owned', windowDays: 180, size: '6' }}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Search “lululemn” as written' })).toHaveAttribute(
      'href',
      '/thriftingexplorer?q=%22lululemn%22+align&condition=pre_owned&window=180&size=6',
    );
  });
});
