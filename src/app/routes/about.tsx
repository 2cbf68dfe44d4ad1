import { seoPage } from '@/components/seo';
import { paths } from '@/config/paths';
import { AboutPage } from '@/features/marketing/components/about-page';

export default seoPage(
  {
    title: 'About',
    description:
      'Flipwise is an independent company founded in 2024 by resellers, for resellers: AI-written listings, one-click crosslisting and automatic delisting for second-hand fashion.',
    path: paths.about,
  },
  <AboutPage />,
);
