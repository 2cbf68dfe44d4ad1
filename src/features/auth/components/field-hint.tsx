import { cn } from '@/lib/utils';

type HintTone = 'muted' | 'ok' | 'bad';

/** A live hint under a field (announced politely while the user types). */
export function FieldHint({
  id,
  tone = 'muted',
  children,
}: {
  id: string;
  tone?: HintTone;
  children: React.ReactNode;
}) {
  return (
    <p
      id={id}
      aria-live="polite"
      className={cn(
        'text-xs',
        tone === 'muted' && 'text-muted-foreground',
        tone === 'ok' && 'text-green-700',
        tone === 'bad' && 'text-destructive',
      )}
    >
      {children}
    </p>
  );
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="text-xs font-medium text-destructive">
      {message}
    </p>
  );
}
