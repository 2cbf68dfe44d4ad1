import { SupportEmailLink } from '@/components/layout/support-email-link';
import { Seo } from '@/components/seo';
import { paths } from '@/config/paths';
import { ContactSection } from '@/features/contact/components/contact-page';
import { contactMessages } from '@/features/contact/messages';
import { TintedPageHero } from '@/features/marketing/components/page-hero';

export default function ContactRoute() {
  const { page } = contactMessages;
  return (
    <>
      <Seo title={page.title} description={page.seoDescription} path={paths.contact} />
      <TintedPageHero eyebrow={page.eyebrow} title={page.title}>
        <p>{page.intro}</p>
        <p className="mt-3">
          {page.emailLead}{' '}
          <SupportEmailLink className="whitespace-nowrap rounded-sm font-semibold text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring" />
          .
        </p>
      </TintedPageHero>
      <ContactSection />
    </>
  );
}
