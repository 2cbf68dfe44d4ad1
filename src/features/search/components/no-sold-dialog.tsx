import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { searchMessages as m } from '../messages';
import { GhostIcon } from './icons';

/** SPEC §2: shown when the sold count is a real 0 (never when the source simply cannot count sold items). */
export function NoSoldDialog({
  open,
  onOpenChange,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes on close when nothing had it at opening (the Search button is disabled while a search runs). */
  returnFocusTo?: () => HTMLElement | null;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-w-[425px]"
        returnFocusFallback={returnFocusTo}
        // On a phone the answer is scrolled into view under the dialog: "Got it" gives focus back without scrolling
        // up to the form, so the answer and its price stay on screen (issue 28).
        returnFocusWithoutScroll
      >
        <DialogHeader className="items-center text-center sm:items-start sm:text-left">
          <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-secondary text-primary">
            <GhostIcon className="size-6" />
          </span>
          <DialogTitle>{m.noSoldTitle}</DialogTitle>
          <DialogDescription className="text-base font-medium text-foreground">
            {m.noSoldGhost}
          </DialogDescription>
        </DialogHeader>
        <p className="text-sm text-muted-foreground">{m.noSoldAdvice}</p>
        <DialogFooter>
          <Button onClick={() => onOpenChange(false)}>{m.noSoldButton}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
