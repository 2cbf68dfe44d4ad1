import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';

/** A read of the user's own data failed: what failed, what to do, and a retry that waits for the refetch. */
export function LoadFailed(props: {
  title: string;
  hint: string;
  retryLabel: string;
  retrying: boolean;
  onRetry: () => void;
}) {
  return (
    <Alert variant="destructive">
      <AlertTitle>{props.title}</AlertTitle>
      <AlertDescription className="flex flex-wrap items-center justify-between gap-3">
        <span>{props.hint}</span>
        <Button variant="outline" size="sm" disabled={props.retrying} onClick={props.onRetry}>
          {props.retryLabel}
        </Button>
      </AlertDescription>
    </Alert>
  );
}
