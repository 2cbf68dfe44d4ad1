import * as React from 'react';
import { cn } from '@/lib/utils';

/** The look Input and Textarea share; each puts its own display and height in front. */
export const textControlClassName =
  'w-full rounded-md border border-input bg-background px-3 py-2 text-base placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50 aria-[invalid=true]:border-destructive md:text-sm';

export const Input = React.forwardRef<HTMLInputElement, React.InputHTMLAttributes<HTMLInputElement>>(
  ({ className, type = 'text', ...props }, ref) => (
    <input ref={ref} type={type} className={cn('flex h-10', textControlClassName, className)} {...props} />
  ),
);
Input.displayName = 'Input';
