import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { FeatureIcon } from '@/features/marketing/components/feature-icon';
import { HeadedSection } from '@/features/marketing/components/section-heading';
import { DownloadBand } from '@/features/marketing/components/download-band';
import { TestimonialCarousel } from '@/features/marketing/components/testimonial-carousel';
import { homeTestimonials } from '@/features/marketing/content/testimonials';
import { features, steps } from '@/features/marketing/content/features';
import { ArrowRightIcon } from '@/components/ui/icons';

function Hero() {
  return (
    <section className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 -z-10 bg-gradient-to-b from-teal-50 via-white to-white"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -right-32 -top-24 -z-10 h-[28rem] w-[28rem] rounded-full bg-orange-200/40 blur-3xl"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -left-40 top-40 -z-10 h-[24rem] w-[24rem] rounded-full bg-teal-200/40 blur-3xl"
      />
      <div className="container grid items-center gap-12 pb-16 pt-10 sm:pt-16 lg:grid-cols-[1.1fr_0.9fr] lg:pb-24">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-orange-200 bg-orange-50 px-3 py-1 text-sm font-semibold text-orange-700">
            <span className="h-2 w-2 rounded-full bg-orange-500" aria-hidden="true" />
            Free for a limited time
          </p>
          <h1 className="mt-5 text-balance text-4xl font-extrabold leading-[1.08] tracking-tight text-slate-900 sm:text-5xl lg:text-6xl">
            <span className="block">List faster.</span> <span className="block">Sell quicker.</span>{' '}
            <span className="block text-primary">Make more money.</span>
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-slate-600">
            Flipwise is the reselling app for second-hand fashion. Snap a few photos, let AI write the title
            and description, and crosslist to every marketplace you sell on in one tap.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
            <a
              href={site.appStoreUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex h-12 items-center justify-center gap-2 whitespace-nowrap rounded-full bg-primary px-6 text-base font-semibold text-primary-foreground shadow-lg shadow-teal-900/20 transition hover:bg-primary/90 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
            >
              <svg viewBox="0 0 24 24" width="18" height="18" fill="currentColor" aria-hidden="true">
                <path d="M12 3v11.5l4-4 1.4 1.4L12 17.3l-5.4-5.4L8 10.5l4 4V3zM5 19h14v2H5z" />
              </svg>
              Download on the App Store
            </a>
            <Link
              to={paths.search}
              className="inline-flex h-12 items-center justify-center whitespace-nowrap rounded-full border border-slate-300 bg-white px-6 text-base font-semibold text-slate-800 transition hover:border-primary hover:text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
            >
              Try the free search tool
            </Link>
          </div>
          <p className="mt-5 text-sm text-slate-500">
            On iPhone today. Android is coming soon:{' '}
            <a
              href={site.androidSignupUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="font-semibold text-primary underline-offset-4 hover:underline"
            >
              get notified
            </a>
            .
          </p>
        </div>
        <div className="relative mx-auto w-full max-w-[320px] lg:max-w-[360px]">
          <div
            aria-hidden="true"
            className="absolute inset-x-6 bottom-4 top-10 -z-10 rounded-[3rem] bg-gradient-to-br from-teal-400/40 to-orange-300/40 blur-2xl"
          />
          <img
            src="/screens/home-feed.svg"
            alt="The Flipwise app showing a seller’s inventory with prices and marketplace counts."
            width={300}
            height={620}
            // On a phone this screen sits below the text, mostly under the fold: the text is what paints first, and
            // this small file must not compete with the document for it (docs/decisions/050).
            fetchPriority="low"
            className="h-auto w-full"
          />
        </div>
      </div>
    </section>
  );
}

/** The title and text of a feature card or a step card; `spacing` sets the title's distance from the mark above. */
function CardText({ spacing, title, body }: { spacing: string; title: string; body: string }) {
  return (
    <>
      <h3 className={`${spacing} text-lg font-bold text-slate-900`}>{title}</h3>
      <p className="mt-2 text-[15px] leading-relaxed text-slate-600">{body}</p>
    </>
  );
}

function Features() {
  return (
    <HeadedSection
      id="features-title"
      className="container py-16 sm:py-20"
      eyebrow="Why sellers switch"
      title="Everything between the photo and the sale"
      lead="Flipwise takes the busywork out of reselling, so you spend your time sourcing and shipping, not typing."
    >
      <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {features.map((feature) => (
          <li
            key={feature.title}
            className="group rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:-translate-y-1 hover:border-teal-200 hover:shadow-md"
          >
            <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-gradient-to-br from-teal-500 to-teal-700 text-white shadow-md shadow-teal-900/20">
              <FeatureIcon name={feature.icon} />
            </span>
            <CardText spacing="mt-5" title={feature.title} body={feature.body} />
          </li>
        ))}
      </ul>
    </HeadedSection>
  );
}

function Steps() {
  return (
    <HeadedSection
      band
      id="steps-title"
      className="bg-slate-50 py-16 sm:py-20"
      eyebrow="How it works"
      title="From closet to every marketplace in three steps"
    >
      <ol className="mt-12 grid gap-6 md:grid-cols-3">
        {steps.map((step, index) => (
          <li key={step.title} className="relative rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
            <span className="text-5xl font-black text-orange-600" aria-hidden="true">
              {String(index + 1).padStart(2, '0')}
            </span>
            <CardText spacing="mt-2" title={step.title} body={step.body} />
          </li>
        ))}
      </ol>
    </HeadedSection>
  );
}

function Testimonials() {
  return (
    <HeadedSection
      id="testimonials-title"
      className="container py-16 sm:py-20"
      eyebrow="From early users"
      title="What resellers told us"
    >
      <div className="mt-12">
        <TestimonialCarousel testimonials={homeTestimonials} />
      </div>
    </HeadedSection>
  );
}

function SearchToolCallout({ sources }: { sources?: React.ReactNode }) {
  return (
    <section className="container pb-16 sm:pb-20">
      <div className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-teal-700 via-teal-800 to-slate-900 px-6 py-12 text-white sm:px-12 sm:py-16">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -right-20 -top-20 h-72 w-72 rounded-full bg-orange-400/30 blur-3xl"
        />
        <div className="relative grid items-center gap-8 lg:grid-cols-[1.4fr_1fr]">
          <div>
            <p className="text-sm font-semibold uppercase tracking-[0.14em] text-orange-300">
              Thrifting Explorer
            </p>
            <h2 className="mt-2 text-balance text-3xl font-extrabold tracking-tight sm:text-4xl">
              Is it a score or a snooze? We’ll tell you
            </h2>
            <p className="mt-4 max-w-xl text-lg leading-relaxed text-teal-50/85">
              Type an item and its condition to see how many are listed, how many sold and the sell-through
              rate: the percentage of listed items that actually sell. Free with your Flipwise account.
            </p>
            {sources}
          </div>
          <div className="lg:text-right">
            <Link
              to={paths.search}
              className="inline-flex h-12 items-center justify-center gap-2 rounded-full bg-gradient-to-r from-orange-500 to-amber-500 px-7 text-base font-semibold text-white shadow-lg shadow-orange-900/30 transition hover:brightness-105 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white focus-visible:ring-offset-2 focus-visible:ring-offset-teal-800"
            >
              Check an item now
              <ArrowRightIcon size={18} strokeWidth="2.2" strokeLinecap="round" />
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}

/** `explorerSources`: where the Explorer's figures come from, under its section (the route composes it). */
export function HomePage({ explorerSources }: { explorerSources?: React.ReactNode }) {
  return (
    <>
      <Hero />
      <Features />
      <Steps />
      <Testimonials />
      <SearchToolCallout sources={explorerSources} />
      <DownloadBand />
    </>
  );
}
