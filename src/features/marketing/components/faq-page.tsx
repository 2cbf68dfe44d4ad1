import { Link } from 'react-router-dom';
import { SupportEmailLink } from '@/components/layout/support-email-link';
import { paths } from '@/config/paths';
import { FaqAccordion, type FaqSlots } from '@/features/marketing/components/faq-accordion';
import { TintedPageHero } from '@/features/marketing/components/page-hero';
import { faqGroups } from '@/features/marketing/content/faqs';

/** `slots`: what the route adds under an answer once the app runs (this site's market sources). */
export function FaqPage({ slots }: { slots?: FaqSlots }) {
  return (
    <>
      <TintedPageHero eyebrow="Help centre" title="Frequently asked questions">
        <p>
          Everything about getting started, your account and using the Flipwise app. Pick a topic to see its
          questions.
        </p>
      </TintedPageHero>
      <div className="container grid gap-10 pb-20 lg:grid-cols-[1fr_300px]">
        <FaqAccordion groups={faqGroups} slots={slots} />
        <aside className="h-fit rounded-2xl bg-gradient-to-br from-orange-50 to-amber-50 p-6 ring-1 ring-orange-100 lg:sticky lg:top-24">
          <h2 className="text-lg font-bold text-slate-900">Still stuck?</h2>
          <p className="mt-2 text-[15px] leading-relaxed text-slate-600">
            Our team answers every message, usually within one business day.
          </p>
          <Link
            to={paths.contact}
            className="mt-5 inline-flex h-11 w-full items-center justify-center rounded-full bg-primary px-5 font-semibold text-primary-foreground transition hover:bg-primary/90 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
          >
            Contact support
          </Link>
          <SupportEmailLink className="mt-3 block break-all text-center text-sm font-medium text-primary underline-offset-4 hover:underline" />
        </aside>
      </div>
    </>
  );
}
