import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { searchMessages as m } from '../messages';
import { InfoIcon } from './icons';

/**
 * Issue 14: a visitor learns that searching needs a free account before filling in the form, not after.
 * `hideIfStored`: while the session is read, hidden where index.html found a stored one (<html data-session>).
 */
export function AccountNeeded({
  onLogin,
  hideIfStored = false,
}: {
  onLogin: () => void;
  hideIfStored?: boolean;
}) {
  return (
    <div
      className={cn(
        'flex gap-3 rounded-lg border border-primary/30 bg-secondary/60 p-4 text-sm',
        hideIfStored && '[html[data-session]_&]:hidden',
      )}
      data-testid="account-needed"
    >
      <InfoIcon className="mt-0.5 size-4 shrink-0 text-primary" />
      <div className="min-w-0 space-y-2">
        <p className="font-semibold">{m.accountNeededTitle}</p>
        <p className="text-muted-foreground">{m.accountNeededBody}</p>
        <Button type="button" size="sm" variant="outline" onClick={onLogin}>
          {m.accountNeededButton}
        </Button>
      </div>
    </div>
  );
}
