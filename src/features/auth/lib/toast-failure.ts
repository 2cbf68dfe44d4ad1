import { toast } from '@/components/ui/toast';
import { errorMessage } from '../api/errors';

/** The destructive toast of a failed account operation: its title, and the service's words or the fallback. */
export function toastFailure(failure: { title: string; fallback: string }, error: unknown) {
  toast({ title: failure.title, description: errorMessage(error, failure.fallback), variant: 'destructive' });
}
