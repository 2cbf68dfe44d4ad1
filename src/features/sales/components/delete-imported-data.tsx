import { useState } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { useDeleteImportedSales } from '../api/delete-imported-sales';

/** "Delete all my imported data", asked once more in a dialog: it cannot be undone. */
export function DeleteImportedData({ userId }: { userId: string }) {
  const [open, setOpen] = useState(false);
  const [deleted, setDeleted] = useState<number | null>(null);
  const remove = useDeleteImportedSales(userId);
  return (
    <section aria-labelledby="your-data-heading" className="rounded-lg border p-4">
      <h3 id="your-data-heading" className="font-semibold">
        Your imported data
      </h3>
      <p className="mt-1 text-sm text-muted-foreground">
        Your imported rows are stored in your account so you can see these figures, and only you can read
        them. Deleting your account deletes them too.
      </p>
      {deleted !== null && (
        <p role="status" className="mt-2 text-sm">
          {deleted === 1
            ? 'Deleted 1 imported row.'
            : `Deleted ${deleted.toLocaleString('en-US')} imported rows.`}
        </p>
      )}
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogTrigger asChild>
          <Button variant="outline" className="mt-3 border-destructive/50 text-destructive">
            Delete all my imported data
          </Button>
        </DialogTrigger>
        <DialogContent className="max-w-[440px]">
          <DialogHeader>
            <DialogTitle>Delete all your imported data?</DialogTitle>
            <DialogDescription>
              Every sale and listing you imported is deleted for good, with the figures built from them, and
              leaves the seller panel if you share with it. Your account and saved searches stay.
            </DialogDescription>
          </DialogHeader>
          {remove.isError && (
            <Alert variant="destructive">
              <AlertDescription>
                We could not delete your data. Check your connection and try again.
              </AlertDescription>
            </Alert>
          )}
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)}>
              Keep my data
            </Button>
            <Button
              variant="destructive"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: (count) => {
                    setDeleted(count);
                    setOpen(false);
                  },
                })
              }
            >
              {remove.isPending ? 'Deleting…' : 'Delete everything'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </section>
  );
}
