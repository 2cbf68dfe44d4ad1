import { Seo } from '@/components/seo';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { ContactSection } from '@/features/contact/components/contact-page';
import { contactMessages } from '@/features/contact/messages';
import { PageHero } from '@/features/marketing/components/page-hero';

export default function ContactRoute() {
  const { page } = contactMessages;
  return (
    <>
      <Seo title={page.title} description={page.seoDescription} path={paths.contact} />
      {/* The tint starts white, like About's and the FAQ's, so it meets the breadcrumb strip without a seam. */}
      <div className="relative">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 -z-10 bg-gradient-to-b from-white via-teal-50/80 to-white"
        />
        <PageHero eyebrow={page.eyebrow} title={page.title}>
          <p>{page.intro}</p>
          <p className="mt-3">
            {page.emailLead}{' '}
            <a
              href={`mailto:${site.supportEmail}`}
              className="whitespace-nowrap rounded-sm font-semibold text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              {site.supportEmail}
            </a>
            .
          </p>
        </PageHero>
      </div>
      <ContactSection />
    </>
  );
}
