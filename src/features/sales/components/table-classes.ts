import { cn } from '@/lib/utils';

// The tables of Your sales: numbers right-aligned in tabular figures; the row's name stays in view while the rest
// scrolls sideways on a phone.
export const tableClass = 'w-full min-w-max border-collapse text-sm';
export const headClass = 'border-b px-2.5 py-2 text-left font-medium text-muted-foreground';
export const numHeadClass = cn(headClass, 'text-right');
export const cellClass = 'border-b px-2.5 py-2 tabular-nums';
export const numCellClass = cn(cellClass, 'text-right');
/** The first column: stays in view, with a rule at its edge so what scrolls under it reads as going under. */
export const stickyClass = 'sticky left-0 bg-background shadow-[inset_-1px_0_0_hsl(var(--border))]';
export const rowHeadClass = cn(cellClass, stickyClass, 'text-left');
