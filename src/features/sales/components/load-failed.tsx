import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';

/** A read of the user's own data failed: what failed, what to do, and a retry that waits for the refetch. */
export function LoadFailed({
  copy,
  query,
}: {
  /** The section's messages: what failed, the hint, the retry button. */
  copy: { loadFailed: string; loadFailedHint: string; retry: string };
  query: { isFetching: boolean; refetch: () => Promise<unknown> };
}) {
  return (
    <Alert variant="destructive">
      <AlertTitle>{copy.loadFailed}</AlertTitle>
      <AlertDescription className="flex flex-wrap items-center justify-between gap-3">
        <span>{copy.loadFailedHint}</span>
        <Button variant="outline" size="sm" disabled={query.isFetching} onClick={() => void query.refetch()}>
          {copy.retry}
        </Button>
      </AlertDescription>
    </Alert>
  );
}
