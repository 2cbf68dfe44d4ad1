import { AutoplayCarousel } from '@/features/marketing/components/autoplay-carousel';
import { testimonials, type Testimonial } from '@/features/marketing/content/testimonials';

function Stars() {
  return (
    <div className="flex gap-0.5 text-amber-400" aria-label="5 out of 5 stars" role="img">
      {Array.from({ length: 5 }, (_, i) => (
        <svg key={i} viewBox="0 0 20 20" width="16" height="16" fill="currentColor" aria-hidden="true">
          <path d="M10 1.8 12.5 7l5.7.6-4.3 3.9 1.2 5.6L10 14.3l-5.1 2.8 1.2-5.6L1.8 7.6 7.5 7z" />
        </svg>
      ))}
    </div>
  );
}

function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  return (
    <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-7">
      <Stars />
      <blockquote className="mt-4 flex-1 text-[15px] leading-relaxed text-slate-700">
        <p>“{testimonial.quote}”</p>
      </blockquote>
      <figcaption className="mt-6 flex items-center gap-3">
        <span
          aria-hidden="true"
          className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-teal-500 to-teal-700 text-sm font-bold text-white"
        >
          {testimonial.initials}
        </span>
        <span>
          <span className="block font-semibold text-slate-900">{testimonial.name}</span>
          <span className="block text-sm text-slate-500">{testimonial.role}</span>
        </span>
      </figcaption>
    </figure>
  );
}

/** The five seller testimonials, one after another every 4 seconds, looping. */
export function TestimonialCarousel({ label = 'Seller testimonials' }: { label?: string }) {
  return (
    <AutoplayCarousel
      label={label}
      slideName="Testimonial"
      delay={4000}
      slideClassName="md:basis-1/2 lg:basis-1/3"
      slides={testimonials.map((t) => (
        <TestimonialCard key={t.name} testimonial={t} />
      ))}
    />
  );
}
