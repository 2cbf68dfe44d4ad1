import { useCallback, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { watchSize } from '@/lib/watch-size';
import { salesMessages } from '../messages';

const m = salesMessages.dashboard;

/**
 * Content that may be wider than a phone scrolls sideways, focusable so keyboards can scroll it too. While more lies
 * past an edge, that edge fades and says so. The cues are laid over the content, never beside it, so showing or hiding
 * them moves nothing. `startAtEnd` opens it scrolled to the end (a chart's latest months).
 */
export function TableScroll({
  label,
  startAtEnd = false,
  bare = false,
  className,
  children,
}: {
  label: string;
  startAtEnd?: boolean;
  /** No frame: a chart rather than a table. */
  bare?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ before: false, after: false });

  const measure = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    // A pixel of slack: fractional widths leave scrollLeft a hair short of the end.
    const before = el.scrollLeft > 1;
    const after = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setMore((old) => (old.before === before && old.after === after ? old : { before, after }));
  }, []);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (startAtEnd) el.scrollLeft = el.scrollWidth;
    return watchSize(el, measure);
  }, [measure, startAtEnd]);

  return (
    <div className={cn('relative', className)}>
      <div
        ref={ref}
        role="region"
        aria-label={label}
        tabIndex={0}
        onScroll={measure}
        className={cn(
          'overflow-x-auto rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
          !bare && 'border',
        )}
      >
        {children}
      </div>
      {/* Only where the start is out of sight on opening; a table's first column stays in view instead. */}
      {startAtEnd && more.before && (
        <div
          aria-hidden
          data-testid="scroll-cue-before"
          className="pointer-events-none absolute inset-y-px left-px flex w-12 items-center rounded-l-md bg-gradient-to-r from-background to-transparent"
        >
          <span className="m-1 whitespace-nowrap rounded-full border bg-background px-2 py-0.5 text-xs font-medium text-muted-foreground shadow-sm">
            ← {m.scrollCueEarlier}
          </span>
        </div>
      )}
      {more.after && (
        <div
          aria-hidden
          data-testid="scroll-cue"
          className="pointer-events-none absolute inset-y-px right-px flex w-16 items-start justify-end rounded-r-md bg-gradient-to-l from-background to-transparent"
        >
          <span className="m-1 whitespace-nowrap rounded-full border bg-background px-2 py-0.5 text-xs font-medium text-muted-foreground shadow-sm">
            {m.scrollCue} →
          </span>
        </div>
      )}
    </div>
  );
}
