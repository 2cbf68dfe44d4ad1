import { Link } from 'react-router-dom';
import { searchMessages as m } from '../messages';
import type { AvailableResult, SearchInput } from '../schemas';
import { searchHref } from '../hooks/use-search-address';

/**
 * The query with one word in quotes, which the index reads as written (no correction), or null when the word is not
 * in the text as typed (a folded plural, say).
 */
export function asWritten(itemName: string, word: string): string | null {
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`(^|[^\\p{L}\\p{N}"])(${escaped})(?=$|[^\\p{L}\\p{N}"])`, 'iu');
  if (!pattern.test(itemName)) return null;
  return itemName.replace(pattern, (_, before: string, found: string) => `${before}"${found}"`);
}

/**
 * What the index made of the query: corrected words, each with a link that searches it as written, and words set
 * aside, so no figure hides how it was found.
 */
export function QueryReadingNote({
  reading,
  query,
}: {
  reading: AvailableResult['reading'];
  query: SearchInput;
}) {
  if (!reading || (reading.corrected.length === 0 && reading.ignored.length === 0)) return null;
  return (
    <div className="space-y-1 text-xs text-muted-foreground" data-testid="query-reading">
      {reading.corrected.length > 0 && (
        <p>
          {m.readingCorrected(reading.corrected.map((c) => `“${c.from}” as “${c.to}”`).join(', '))}
          {reading.corrected.map((c) => {
            const text = asWritten(query.itemName, c.from);
            return text ? (
              <span key={c.from}>
                {' '}
                <Link
                  to={searchHref({ ...query, itemName: text })}
                  className="font-medium text-primary underline underline-offset-2 hover:no-underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  data-testid="search-as-written"
                >
                  {m.readingAsWritten(c.from)}
                </Link>
              </span>
            ) : null;
          })}
        </p>
      )}
      {reading.ignored.length > 0 && <p>{m.readingIgnored(reading.ignored.join(', '))}</p>}
    </div>
  );
}
