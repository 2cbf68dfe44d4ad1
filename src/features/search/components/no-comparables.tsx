import { searchMessages as m } from '../messages';
import { windowOf } from '../lib/narrowing';
import { conditionLabels, type AvailableResult, type SearchInput } from '../schemas';
import { SearchIcon } from './icons';
import { SearchLinks, StatePanel, StateSection } from './state-panel';

export type NoComparablesProps = {
  /** The search that found nothing: a suggestion keeps its condition, window and narrowing, and changes the words. */
  query: SearchInput;
  /** Where the search looked: 'Demo data', 'eBay', 'Imported listings'. */
  sourceLabel: string;
  /** "Did you mean" names from the index (trigram neighbours and the lexicon). */
  suggestions: string[];
  /** Words of the query no listing of it uses: the first suggestion searches without them. */
  unusedWords?: string[];
  /** How the index read the query: the names it recognised and the words it does not know. */
  reading?: AvailableResult['reading'];
};

type Recognised = NonNullable<AvailableResult['reading']>['recognised'][number];

const nameOf = (term: Recognised) =>
  term.kind === 'brand'
    ? m.recognisedBrand(term.label)
    : term.kind === 'model'
      ? m.recognisedModel(term.label, term.brand)
      : m.recognisedGarment(term.label);

const list = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

/**
 * What the index knows of the query's words, from the same lexicon and counts as the search: a known item that has not
 * sold here ("We know Hermes (brand) and Birkin (a Hermes model)") reads differently from a word nothing uses.
 */
function QueryWords({
  reading,
  windowDays,
}: {
  reading: NonNullable<AvailableResult['reading']>;
  windowDays: number;
}) {
  const names = [...new Map(reading.recognised.map((t) => [`${t.kind}|${t.label}`, nameOf(t)])).values()];
  const unknown = [...new Set(reading.unknown)];
  return (
    <StateSection title={m.wordsTitle} testId="query-words">
      <ul className="mt-2 space-y-1 text-sm">
        {names.length > 0 && (
          <li data-testid="words-recognised">{m.recognisedLine(list(names), windowDays)}</li>
        )}
        {unknown.length > 0 && (
          <li data-testid="words-unknown">
            {m.unknownLine(list(unknown.map((w) => `“${w}”`)), unknown.length)}
          </li>
        )}
        {names.length === 0 && unknown.length === 0 && (
          <li data-testid="words-known">{m.allWordsKnownLine}</li>
        )}
      </ul>
    </StateSection>
  );
}

/**
 * Nothing listed and nothing sold (issue 10): not a 0% market but no evidence at all. What was searched, where,
 * nearby names and tips; no rate, no band, no snooze bubble and no no-sold dialog.
 */
export function NoComparables({
  query,
  sourceLabel,
  suggestions,
  unusedWords = [],
  reading,
}: NoComparablesProps) {
  return (
    <StatePanel
      name="no-comparables"
      icon={SearchIcon}
      title={m.noComparablesTitle}
      more={
        <>
          {reading && <QueryWords reading={reading} windowDays={windowOf(query)} />}
          {suggestions.length > 0 && unusedWords.length > 0 && (
            <p className="break-words text-sm" data-testid="unused-words">
              {m.unusedWords(unusedWords.map((w) => `“${w}”`))}
            </p>
          )}
          {suggestions.length > 0 && (
            <SearchLinks
              title={m.didYouMean}
              testId="suggestions"
              links={suggestions.map((q) => ({ key: q, label: q, query: { ...query, itemName: q } }))}
            />
          )}
          <StateSection title={m.noComparablesTipsTitle}>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-muted-foreground">
              {m.noComparablesTips.map((tip) => (
                <li key={tip}>{tip}</li>
              ))}
            </ul>
          </StateSection>
        </>
      }
    >
      <p className="break-words text-sm">
        {m.noComparablesSearched(query.itemName, conditionLabels[query.condition])}
      </p>
      <p className="text-sm text-muted-foreground">{m.noComparablesSource(sourceLabel)}</p>
    </StatePanel>
  );
}
