import * as TabsPrimitive from '@radix-ui/react-tabs';
import { withBaseClassName } from './with-base-class-name';

export const Tabs = TabsPrimitive.Root;

export const TabsList = withBaseClassName(
  TabsPrimitive.List,
  'inline-flex h-10 items-center justify-center rounded-md bg-muted p-1 text-muted-foreground',
  'TabsList',
);

export const TabsTrigger = withBaseClassName(
  TabsPrimitive.Trigger,
  'inline-flex items-center justify-center whitespace-nowrap rounded-sm px-3 py-1.5 text-sm font-medium transition-all focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none disabled:opacity-50 data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm',
  'TabsTrigger',
);

export const TabsContent = withBaseClassName(
  TabsPrimitive.Content,
  // Radix keeps an inactive panel's element (empty, with the hidden attribute); a panel laid out as a grid or flex
  // would still take its place in the parent's gaps, so inactive means not displayed.
  'mt-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring data-[state=inactive]:hidden',
  'TabsContent',
);
