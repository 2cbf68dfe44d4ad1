import { paths } from '@/config/paths';

export type NavItem = { label: string; to: string };

/** The header's plain links; the search tool gets its own highlighted link beside them. */
export const mainNav: NavItem[] = [
  { label: 'Home', to: paths.home },
  { label: 'About', to: paths.about },
  { label: 'Contact', to: paths.contact },
];

export const searchToolNav: NavItem = { label: 'Thrifting Explorer', to: paths.search };

export const resourcesNav: NavItem[] = [
  { label: 'About', to: paths.about },
  { label: 'Blog', to: paths.blog },
  { label: 'FAQs', to: paths.faqs },
  { label: 'Thrifting Explorer', to: paths.search },
];
