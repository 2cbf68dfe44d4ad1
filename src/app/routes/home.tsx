import { mobileAppJsonLd, seoPage } from '@/components/seo';
import { paths } from '@/config/paths';
import { SourcesNote } from '@/features/market-sources';
import { HomePage } from '@/features/marketing/components/home-page';

export default seoPage(
  {
    title: 'The reselling app for second-hand fashion',
    description:
      'List faster, sell quicker and make more money. Flipwise writes your listings with AI, crosslists them in one tap and delists sold items everywhere. Free for a limited time.',
    path: paths.home,
    jsonLd: [mobileAppJsonLd()],
  },
  <HomePage explorerSources={<SourcesNote variant="landing" />} />,
);
