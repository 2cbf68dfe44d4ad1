import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { SearchInput } from '../schemas';
import { NoComparables } from './no-comparables';

// A search with words no listing uses says which, before the search without them (issue 54).
const query: SearchInput = { itemName: 'coach tabby 26', condition: 'pre_owned', windowDays: 90 };

describe('a search that found nothing', () => {
  it('names the words it could not use, then offers the search without them first', () => {
    render(
      <MemoryRouter>
        <NoComparables
          query={query}
          sourceLabel="Demo data"
          suggestions={['Coach tabby', 'Coach']}
          unusedWords={['26']}
        />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('unused-words')).toHaveTextContent(
      'We could not use “26”: no listing of this item says it. The first search below leaves it out.',
    );
    expect(screen.getAllByRole('link')[0]).toHaveTextContent('Coach tabby');
  });

  it('says nothing of unused words when there are none, or nothing to offer instead', () => {
    const { rerender } = render(
      <MemoryRouter>
        <NoComparables query={query} sourceLabel="Demo data" suggestions={['Coach']} />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('unused-words')).toBeNull();
    rerender(
      <MemoryRouter>
        <NoComparables
          query={query}
          sourceLabel="Demo data"
          suggestions={[]}
          unusedWords={['26', 'orange']}
        />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('unused-words')).toBeNull();
  });
});
