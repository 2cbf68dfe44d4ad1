import { textControlClassName } from './input';
import { withBaseClassName } from './with-base-class-name';

export const Textarea = withBaseClassName(
  'textarea',
  `flex min-h-[120px] ${textControlClassName}`,
  'Textarea',
);
