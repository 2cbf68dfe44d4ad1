import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { NoComparables } from './no-comparables';
import { asWritten, QueryReadingNote } from './query-reading-note';

const reading = (over: Partial<{ recognised: unknown[]; unknown: string[]; corrected: unknown[] }>) =>
  ({ corrected: [], ignored: [], recognised: [], unknown: [], ...over }) as never;

function noComparables(r: ReturnType<typeof reading>) {
  render(
    <MemoryRouter>
      <NoComparables
        query={{ itemName: 'x', condition: 'pre_owned' }}
        sourceLabel="Demo data"
        suggestions={[]}
        reading={r}
      />
    </MemoryRouter>,
  );
}

describe('what the index knows of the words of an empty answer', () => {
  it('names a known brand and model as known, with no sales in the window', () => {
    noComparables(
      reading({
        recognised: [
          { text: 'herme', kind: 'brand', label: 'Hermes' },
          { text: 'birkin', kind: 'model', label: 'Birkin', brand: 'Hermes' },
        ],
      }),
    );
    expect(screen.getByTestId('words-recognised')).toHaveTextContent(
      'We know Hermes (brand) and Birkin (a Hermes model), but nothing listed now or sold in the last 90 days in our data matches this search.',
    );
    expect(screen.queryByTestId('words-unknown')).toBeNull();
  });

  it('says which words it does not recognise', () => {
    noComparables(reading({ unknown: ['zxqvblorp', 'qqq'] }));
    expect(screen.getByTestId('words-unknown')).toHaveTextContent(
      'We do not recognise “zxqvblorp” and “qqq”: no listing in our data uses them',
    );
    expect(screen.queryByTestId('words-recognised')).toBeNull();
  });

  it('says when every word is known but no listing holds them together', () => {
    noComparables(reading({}));
    expect(screen.getByTestId('words-known')).toHaveTextContent('no listing holds them all together');
  });
});

describe('a corrected word searched as written', () => {
  it('quotes the word as the user typed it', () => {
    expect(asWritten('Lululemn align', 'lululemn')).toBe('"Lululemn" align');
    expect(asWritten('align lululemn', 'lululemn')).toBe('align "lululemn"');
    expect(asWritten('lululemns align', 'lululemn')).toBeNull();
  });

  it('links each correction to the search with the word as written', () => {
    render(
      <MemoryRouter>
        <QueryReadingNote
          reading={reading({ corrected: [{ from: 'lululemn', to: 'lululemon' }] })}
          query={{ itemName: 'Lululemn align', condition: 'pre_owned' }}
        />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('query-reading')).toHaveTextContent('Matched “lululemn” as “lululemon”.');
    expect(screen.getByRole('link', { name: 'Search “lululemn” as written' })).toHaveAttribute(
      'href',
      '/thriftingexplorer?q=%22Lululemn%22+align&condition=pre_owned',
    );
  });
});
