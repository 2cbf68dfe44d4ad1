import { searchMessages as m } from '../messages';
import { SearchIcon } from './icons';

/** SPEC §2: the right side before any search. */
export function EmptyState() {
  return (
    <div className="flex min-h-[18rem] flex-col items-center justify-center rounded-lg border border-dashed bg-muted/30 p-8 text-center">
      <span className="mb-4 flex size-14 items-center justify-center rounded-full bg-secondary text-primary">
        <SearchIcon className="size-7" />
      </span>
      <h2 className="text-lg font-semibold">{m.emptyTitle}</h2>
      <p className="mt-2 max-w-sm text-sm text-muted-foreground">{m.emptyBody}</p>
    </div>
  );
}
