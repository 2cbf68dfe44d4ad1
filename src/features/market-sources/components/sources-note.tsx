import { lazy, Suspense, useSyncExternalStore } from 'react';
import { cn } from '@/lib/utils';
import { sourcesMessages as m } from '../messages';
import { kept } from './kept';
import { Waiting } from './waiting';

const ThisSiteLines = lazy(() => import('./this-site'));

type Variant = 'explorer' | 'landing' | 'faq';

/**
 * Where the figures come from, before anyone signs up (issue 28 point 7). The general words are in the prerendered
 * page and true everywhere; the lines for this site follow from the market-sources function once the app runs, in a
 * space kept for them from the start, so nothing below moves when they arrive (docs/decisions/059).
 * - explorer: a box under the Explorer's empty state, with its own heading;
 * - landing: the home page's Explorer section, on its dark background;
 * - faq: only this site's lines, under the FAQ answer's general words.
 */
export function SourcesNote({ variant }: { variant: Variant }) {
  if (variant === 'faq') return <ThisSite variant={variant} />;
  const dark = variant === 'landing';
  return (
    <section
      aria-labelledby={`market-sources-${variant}`}
      data-testid="market-sources"
      className={cn(
        'text-sm leading-relaxed',
        dark
          ? 'mt-6 max-w-xl rounded-2xl bg-white/10 p-4 text-teal-50 ring-1 ring-white/20 sm:p-5'
          : 'rounded-lg border bg-card p-4 text-muted-foreground sm:p-5',
      )}
    >
      <h3
        id={`market-sources-${variant}`}
        className={cn('text-base font-semibold', dark ? 'text-white' : 'text-foreground')}
      >
        {m.title}
      </h3>
      <p className="mt-1">{m.general}</p>
      {variant === 'explorer' && <p className="mt-1">{m.generalListed}</p>}
      <ThisSite variant={variant} />
    </section>
  );
}

const noSubscription = () => () => {};
/** false on the server and while hydrating, true once the app runs in a browser. */
const useRunning = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

function ThisSite({ variant }: { variant: Variant }) {
  const running = useRunning();
  const dark = variant === 'landing';
  const waiting = <Waiting dark={dark} />;
  return (
    <div className={cn('mt-3', kept.min)} data-testid="market-sources-here">
      {running ? (
        <Suspense fallback={waiting}>
          <ThisSiteLines dark={dark} />
        </Suspense>
      ) : (
        waiting
      )}
    </div>
  );
}
