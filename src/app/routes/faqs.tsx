import { faqJsonLd, Seo } from '@/components/seo';
import { paths } from '@/config/paths';
import { FaqPage } from '@/features/marketing/components/faq-page';
import { faqQuestionAnswers } from '@/features/marketing/content/faqs';

export default function FAQsRoute() {
  return (
    <>
      <Seo
        title="FAQs"
        description="Answers about Flipwise: creating your account, verifying your email, connecting marketplaces, listing and delisting items, sold detection and the Thrifting Explorer."
        path={paths.faqs}
        jsonLd={[faqJsonLd(faqQuestionAnswers())]}
      />
      <FaqPage />
    </>
  );
}
