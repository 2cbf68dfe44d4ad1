import { useState } from 'react';
import { useToasts } from '@/components/ui/toast';

/**
 * A modal dialog hides the rest of the page from assistive technology (aria-hidden), the toaster included, so the
 * validation and 'Login failed' toasts would go unannounced while the dialog is open. This repeats the newest toast
 * raised since the dialog opened in a live region inside the dialog, for screen readers only.
 */
export function ToastEcho() {
  const toasts = useToasts();
  const [firstId] = useState(() => (toasts.at(-1)?.id ?? 0) + 1);
  const latest = toasts.filter((t) => t.id >= firstId).at(-1);
  return (
    <div className="sr-only" role="status" aria-live="assertive" aria-atomic="true">
      {latest ? [latest.title, latest.description].filter(Boolean).join(': ') : ''}
    </div>
  );
}
