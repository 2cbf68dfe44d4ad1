import { useId, useLayoutEffect, useRef, useState } from 'react';
import { cn } from '@/lib/utils';
import { watchSize } from '@/lib/watch-size';
import { useMarketSources } from '../api/get-market-sources';
import { sourceLines } from '../lib/lines';
import { sourcesMessages as m } from '../messages';
import { kept } from './kept';
import { Waiting } from './waiting';

/**
 * This site's own sources, from the market-sources function. Its own chunk, loaded once the app runs: the query, the
 * answer's schema and zod/mini stay out of the pages' first download (the home page's budget, scripts/bench-bundle.ts).
 *
 * The lines arrive after the page has painted, into the space kept for them (`kept`). A site with more sources than
 * fit shows what fits, faded, and a button to show the rest: nothing on the page moves until the visitor asks, however
 * many sources a site has (docs/decisions/059). The clipped lines are still read by screen readers.
 */
export default function ThisSite({ dark }: { dark: boolean }) {
  const { data, isError } = useMarketSources();
  const strong = dark ? 'text-white' : 'text-foreground';
  const id = useId();
  const lines = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const [overflows, setOverflows] = useState(false);

  useLayoutEffect(() => {
    const element = lines.current;
    if (!element || open) return;
    return watchSize(element, () => setOverflows(element.scrollHeight > element.clientHeight + 1));
  }, [open, data]);

  if (isError) return <p>{m.failed}</p>;
  if (!data) return <Waiting dark={dark} />;
  const clipped = overflows && !open;
  return (
    <div className={cn('flex flex-col', !open && kept.max)}>
      <div
        id={id}
        ref={lines}
        className={cn(
          !open && 'min-h-0 shrink overflow-hidden',
          clipped && '[mask-image:linear-gradient(to_bottom,black_55%,transparent)]',
        )}
      >
        <div>
          <p className={cn('font-semibold', strong)}>{m.hereTitle}</p>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {sourceLines(data).map((line) => (
              <li key={line.key}>
                {line.label && <strong className={strong}>{line.label}: </strong>}
                {line.text}
              </li>
            ))}
          </ul>
        </div>
      </div>
      {clipped && (
        <button
          type="button"
          aria-expanded={false}
          aria-controls={id}
          onClick={() => setOpen(true)}
          className={cn(
            'mt-1 shrink-0 self-start rounded-sm py-1 font-medium underline underline-offset-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-offset-2',
            dark
              ? 'text-white focus-visible:ring-white focus-visible:ring-offset-teal-900'
              : 'text-primary focus-visible:ring-ring',
          )}
        >
          {m.showAll}
        </button>
      )}
    </div>
  );
}
