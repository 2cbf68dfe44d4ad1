import { cn } from '@/lib/utils';
import { searchMessages as m } from '../messages';

/** The thin-sample flag of a card or a table row: fewer than 10 comps stand behind the figure. */
export function ThinSample({ comps, className }: { comps: number; className?: string }) {
  const explanation = m.thinSampleTitle(comps);
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border border-amber-300 bg-amber-50 px-2 py-0.5 text-[11px] font-semibold leading-tight text-amber-900',
        className,
      )}
      title={explanation}
      data-testid="thin-sample"
    >
      {m.thinSampleBadge}
      <span className="sr-only">: {explanation}</span>
    </span>
  );
}
