import { faqJsonLd, Seo } from '@/components/seo';
import { paths } from '@/config/paths';
import { SourcesNote, usePrefetchMarketSources } from '@/features/market-sources';
import { FaqPage } from '@/features/marketing/components/faq-page';
import { faqQuestionAnswers } from '@/features/marketing/content/faqs';

export default function FAQsRoute() {
  usePrefetchMarketSources();
  return (
    <>
      <Seo
        title="FAQs"
        description="Answers about Flipwise: creating your account, verifying your email, connecting marketplaces, listing and delisting items, sold detection, and the Thrifting Explorer and where its numbers come from."
        path={paths.faqs}
        jsonLd={[faqJsonLd(faqQuestionAnswers())]}
      />
      <FaqPage slots={{ 'market-sources': <SourcesNote variant="faq" /> }} />
    </>
  );
}
