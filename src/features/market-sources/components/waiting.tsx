import { cn } from '@/lib/utils';

/** While this site's lines are on their way (and in the prerendered page): quiet bars in the space kept for them. */
export function Waiting({ dark }: { dark: boolean }) {
  return (
    <div aria-hidden="true" className="space-y-2 pt-1">
      <div className={cn('h-3 w-2/5 rounded', dark ? 'bg-white/15' : 'bg-muted')} />
      <div className={cn('h-3 w-4/5 rounded', dark ? 'bg-white/10' : 'bg-muted/70')} />
      <div className={cn('h-3 w-3/5 rounded', dark ? 'bg-white/10' : 'bg-muted/70')} />
    </div>
  );
}
