import type { ReactNode } from 'react';

export function LoadingText({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="flex items-center gap-3 py-16 text-muted-foreground">
      <span
        aria-hidden="true"
        className="size-5 animate-spin rounded-full border-2 border-primary border-t-transparent motion-reduce:animate-none"
      />
      {children}
    </p>
  );
}
