import * as React from 'react';
import { cn } from '@/lib/utils';

/**
 * `Component` (a Radix part or an HTML tag) with our base classes: the caller's `className` is merged over them with
 * `cn`, and the ref and every other prop pass through. For the parts that add nothing but their look; a part that
 * adds more (a portal, an icon, a default prop) is written out with React.forwardRef.
 */
export function withBaseClassName<T extends React.ElementType>(
  Component: T,
  baseClassName: string,
  displayName: string,
) {
  const Styled = React.forwardRef<
    React.ComponentRef<T>,
    React.ComponentPropsWithoutRef<T> & { className?: string }
  >(({ className, ...props }, ref) =>
    React.createElement(Component as React.ElementType, {
      ...props,
      ref,
      className: cn(baseClassName, className),
    }),
  );
  Styled.displayName = displayName;
  return Styled;
}
