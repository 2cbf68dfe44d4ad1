import { withBaseClassName } from './with-base-class-name';

export const Label = withBaseClassName('label', 'text-sm font-medium leading-none', 'Label');
