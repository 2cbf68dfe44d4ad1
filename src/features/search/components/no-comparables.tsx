import { Link } from 'react-router-dom';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { cn } from '@/lib/utils';
import { searchMessages as m } from '../messages';
import { conditionLabels, HEADLINE_WINDOW, type AvailableResult, type Condition } from '../schemas';
import { SearchIcon } from './icons';

export type NoComparablesProps = {
  itemName: string;
  condition: Condition;
  /** Where the search looked: 'Demo data', 'eBay', 'Imported listings'. */
  sourceLabel: string;
  /** "Did you mean" names from the index (trigram neighbours and the lexicon). */
  suggestions: string[];
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
function QueryWords({ reading }: { reading: NonNullable<AvailableResult['reading']> }) {
  const names = [...new Map(reading.recognised.map((t) => [`${t.kind}|${t.label}`, nameOf(t)])).values()];
  const unknown = [...new Set(reading.unknown)];
  return (
    <div className="mt-6" data-testid="query-words">
      <h4 className="text-sm font-semibold">{m.wordsTitle}</h4>
      <ul className="mt-2 space-y-1 text-sm">
        {names.length > 0 && (
          <li data-testid="words-recognised">{m.recognisedLine(list(names), HEADLINE_WINDOW)}</li>
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
    </div>
  );
}

/**
 * Nothing listed and nothing sold (issue 10): not a 0% market but no evidence at all. What was searched, where,
 * nearby names and tips; no rate, no band, no snooze bubble and no no-sold dialog.
 */
export function NoComparables({
  itemName,
  condition,
  sourceLabel,
  suggestions,
  reading,
}: NoComparablesProps) {
  return (
    <section
      className="rounded-lg border border-dashed bg-muted/30 p-5 sm:p-8"
      aria-labelledby="no-comparables-title"
      data-testid="no-comparables"
    >
      <div className="flex items-start gap-4">
        <span className="hidden size-12 shrink-0 items-center justify-center rounded-full bg-secondary text-primary sm:flex">
          <SearchIcon className="size-6" />
        </span>
        <div className="min-w-0 space-y-2">
          <h3 id="no-comparables-title" className="text-lg font-semibold">
            {m.noComparablesTitle}
          </h3>
          <p className="break-words text-sm">
            {m.noComparablesSearched(itemName, conditionLabels[condition])}
          </p>
          <p className="text-sm text-muted-foreground">{m.noComparablesSource(sourceLabel)}</p>
        </div>
      </div>

      {reading && <QueryWords reading={reading} />}

      {suggestions.length > 0 && (
        <div className="mt-6">
          <h4 className="text-sm font-semibold">{m.didYouMean}</h4>
          <ul className="mt-2 flex flex-wrap gap-2" data-testid="suggestions">
            {suggestions.map((suggestion) => (
              <li key={suggestion}>
                <Link
                  to={`${paths.search}?${new URLSearchParams({ q: suggestion, condition }).toString()}`}
                  className={cn(buttonVariants({ variant: 'outline', size: 'sm' }))}
                >
                  {suggestion}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}

      <div className="mt-6">
        <h4 className="text-sm font-semibold">{m.noComparablesTipsTitle}</h4>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-muted-foreground">
          {m.noComparablesTips.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
      </div>
    </section>
  );
}
