import * as React from 'react';
import { cn } from '@/lib/utils';
import { CloseIcon } from '@/components/ui/icons';

// A small toast store: `toast()` may be called from anywhere (hooks, providers), <Toaster /> renders the queue.
export type ToastInput = {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  /** Milliseconds on screen; 5000 by default, 10000 with an action, so there is time to reach its button. */
  duration?: number;
  /** One button in the toast, such as Undo; the toast closes when it is pressed. */
  action?: { label: string; onClick: () => void };
};
export type ToastItem = ToastInput & { id: number };

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function toast(input: ToastInput): number {
  const id = nextId++;
  items = [...items, { ...input, id }].slice(-4);
  emit();
  return id;
}

export function dismissToast(id: number) {
  items = items.filter((t) => t.id !== id);
  emit();
}

/** For tests: forget every toast. */
export function resetToasts() {
  items = [];
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): ToastItem[] {
  return React.useSyncExternalStore(
    subscribe,
    () => items,
    () => items,
  );
}

/** One toast. Exported for the pre-app copy of a toast (src/pre-app), which the prerender renders from it. */
export function ToastView({ item }: { item: ToastItem }) {
  // The clock stops while the pointer or the keyboard is on the toast, so nobody loses an Undo while reaching for it.
  const [held, setHeld] = React.useState(false);
  const duration = item.duration ?? (item.action ? 10_000 : 5000);
  React.useEffect(() => {
    if (held) return;
    const timer = setTimeout(() => dismissToast(item.id), duration);
    return () => clearTimeout(timer);
  }, [item.id, duration, held]);
  const destructive = item.variant === 'destructive';
  return (
    <li
      data-variant={item.variant ?? 'default'}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
      className={cn(
        'pointer-events-auto relative w-full rounded-md border p-4 pr-10 shadow-lg',
        destructive
          ? 'border-destructive bg-destructive text-destructive-foreground'
          : 'bg-background text-foreground',
      )}
    >
      {/* The live role sits inside the item: on the <li> itself it would stop being a list item (axe: list). */}
      <div role={destructive ? 'alert' : 'status'}>
        <p className="text-sm font-semibold">{item.title}</p>
        {item.description && <p className="mt-1 text-sm opacity-90">{item.description}</p>}
      </div>
      {item.action && (
        <button
          type="button"
          onClick={() => {
            dismissToast(item.id);
            item.action!.onClick();
          }}
          className="mt-3 inline-flex h-8 items-center rounded-md border px-3 text-sm font-semibold hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {item.action.label}
        </button>
      )}
      <button
        type="button"
        onClick={() => dismissToast(item.id)}
        aria-label="Dismiss notification"
        className="absolute right-2 top-2 rounded-sm p-1 opacity-70 hover:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <CloseIcon size={14} />
      </button>
    </li>
  );
}

/** Where toasts show: the app's Toaster and the pre-app copy of a toast. */
export const toasterClass = 'pointer-events-none fixed bottom-0 right-0 z-[100] w-full p-4 sm:max-w-sm';
export const toastListClass = 'flex flex-col gap-2';

export function Toaster() {
  const list = useToasts();
  return (
    <section aria-label="Notifications" className={toasterClass}>
      <ol className={toastListClass}>
        {list.map((item) => (
          <ToastView key={item.id} item={item} />
        ))}
      </ol>
    </section>
  );
}
