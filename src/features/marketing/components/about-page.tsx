import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { DownloadBand } from '@/features/marketing/components/download-band';
import { TintedPageHero } from '@/features/marketing/components/page-hero';
import { HeadedSection } from '@/features/marketing/components/section-heading';
import { ScreenshotCarousel } from '@/features/marketing/components/screenshot-carousel';
import { TestimonialCarousel } from '@/features/marketing/components/testimonial-carousel';
import { aboutTestimonials } from '@/features/marketing/content/testimonials';

const values = [
  {
    title: 'Independent',
    body: `Flipwise has been independent since we started in ${site.foundedYear}. We answer to resellers, not to a marketplace.`,
  },
  {
    title: 'Free while we grow',
    body: 'The app is free for all users for a limited time. When we add a paid plan it will be a win-win model, announced well in advance.',
  },
  {
    title: 'Built with sellers',
    body: 'Our roadmap comes from the messages sellers send us. Many features in the app began as someone’s feature request.',
  },
];

/**
 * Two of the app's screens beside the About hero at desktop widths, so the hero's right half is not empty. Decorative
 * (empty alt): the carousel below shows every screen with its description. Lazy, so phones, which hide it, never load it.
 */
function HeroPhones() {
  return (
    <div className="relative h-[340px] w-[300px]" aria-hidden="true">
      <img
        src="/screens/ai-listing.svg"
        alt=""
        width={300}
        height={620}
        loading="lazy"
        className="absolute left-0 top-6 h-[300px] w-auto -rotate-6 drop-shadow-xl"
      />
      <img
        src="/screens/sold-detection.svg"
        alt=""
        width={300}
        height={620}
        loading="lazy"
        className="absolute right-4 top-0 h-[320px] w-auto rotate-3 drop-shadow-2xl"
      />
    </div>
  );
}

export function AboutPage() {
  return (
    <>
      <TintedPageHero
        clip
        eyebrow="About Flipwise"
        title="Built by resellers, for resellers"
        aside={<HeroPhones />}
      >
        <p>
          We started Flipwise in {site.foundedYear} after too many nights spent retyping the same listing into
          one marketplace after another. Reselling second-hand fashion is good work: it keeps clothes in use
          and pays real money. The admin around it should not eat your evenings.
        </p>
      </TintedPageHero>

      <section className="container grid gap-10 pb-16 lg:grid-cols-2 lg:gap-16">
        <div className="space-y-4 text-[17px] leading-relaxed text-slate-600">
          <h2 className="text-2xl font-bold tracking-tight text-slate-900">Our story</h2>
          <p>
            Every reseller knows the routine: photograph the piece, measure it, research the price, write a
            title with the right keywords, then do it all again for each marketplace. When something sells,
            you race to take it down everywhere else before a second buyer pays for it.
          </p>
          <p>
            Flipwise does that routine for you. The app writes an optimised title and description from your
            photos and details, crosslists the item to every marketplace you have connected, watches for sales
            about every 10 minutes and delists what has sold.
          </p>
          <p>
            We also built the Thrifting Explorer, a free search tool that shows how quickly similar items
            sell, because the best listing starts with buying the right piece.
          </p>
        </div>
        <ul className="grid content-start gap-4">
          {values.map((value) => (
            <li key={value.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <h3 className="flex items-center gap-3 text-lg font-bold text-slate-900">
                <span className="h-2.5 w-2.5 rounded-full bg-orange-500" aria-hidden="true" />
                {value.title}
              </h3>
              <p className="mt-2 text-[15px] leading-relaxed text-slate-600">{value.body}</p>
            </li>
          ))}
        </ul>
      </section>

      <HeadedSection
        band
        dark
        id="screens-title"
        className="bg-gradient-to-br from-teal-800 via-teal-900 to-slate-950 py-16 sm:py-20"
        eyebrow="Inside the app"
        title="A look at Flipwise"
        lead="From a blank listing to sold and delisted everywhere: these are the screens you will use every day."
      >
        <div className="mt-12">
          <ScreenshotCarousel />
        </div>
      </HeadedSection>

      <HeadedSection
        id="about-testimonials-title"
        className="container py-16 sm:py-20"
        eyebrow="Early users"
        title="More from the first resellers on Flipwise"
      >
        <div className="mt-12">
          <TestimonialCarousel testimonials={aboutTestimonials} label="What sellers say" />
        </div>
        <p className="mt-10 text-center text-slate-600">
          Questions about the app?{' '}
          <Link to={paths.faqs} className="font-semibold text-primary underline-offset-4 hover:underline">
            Read the FAQs
          </Link>{' '}
          or{' '}
          <Link to={paths.contact} className="font-semibold text-primary underline-offset-4 hover:underline">
            get in touch
          </Link>
          .
        </p>
      </HeadedSection>

      <DownloadBand title="Ready to list smarter?" />
    </>
  );
}
