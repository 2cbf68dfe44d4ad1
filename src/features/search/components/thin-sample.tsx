import { cn } from '@/lib/utils';
import { searchMessages as m } from '../messages';

/**
 * The thin-sample mark of a breakdown row (docs/decisions/057). Its explanation is visible text beside the table, not a
 * hover title a phone cannot show; a screen reader hears it in the cell.
 */
export function ThinSample({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border border-amber-300 bg-amber-50 px-2 py-0.5 text-[11px] font-semibold leading-tight text-amber-900',
        className,
      )}
      data-testid="thin-sample"
    >
      {/* Phones get the short word so the four columns of a breakdown fit in 360 px. */}
      <span className="sm:hidden">{m.thinSampleShort}</span>
      <span className="hidden sm:inline">{m.thinSampleBadge}</span>
      <span className="sr-only">: {m.rowThinSample}</span>
    </span>
  );
}

/** The words of a thin sell-through sample, visible on every screen: "Based on 1 listing and 1 sale: too few to judge". */
export function SampleWords({
  listed,
  sold,
  hint = false,
  className,
}: {
  listed: number;
  sold: number;
  /** Add the sentence saying what the threshold is (the Market Analysis). */
  hint?: boolean;
  className?: string;
}) {
  return (
    <p
      className={cn(
        'rounded-md border border-amber-300 bg-amber-50 px-2.5 py-1.5 text-xs font-medium leading-snug text-amber-900',
        className,
      )}
      data-testid="sample-words"
    >
      {m.sampleTooFew(listed, sold)}
      {hint && <span className="mt-0.5 block font-normal">{m.sampleTooFewHint}</span>}
    </p>
  );
}
