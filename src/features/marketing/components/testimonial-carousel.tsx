import { AutoplayCarousel } from '@/features/marketing/components/autoplay-carousel';
import type { Testimonial } from '@/features/marketing/content/testimonials';

function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  return (
    <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-7">
      <svg viewBox="0 0 32 24" width="32" height="24" aria-hidden="true" className="text-teal-600/30">
        <path
          fill="currentColor"
          d="M0 24V14C0 6 4 1.3 12 0l1.5 3.4C9 5 7 8 7 11h6v13H0Zm19 0V14c0-8 4-12.7 12-14l1.5 3.4C28 5 26 8 26 11h6v13H19Z"
        />
      </svg>
      <blockquote className="mt-4 flex-1 text-[15px] leading-relaxed text-slate-700">
        <p>{testimonial.quote}</p>
      </blockquote>
      <figcaption className="mt-6 flex items-center gap-3">
        <span
          aria-hidden="true"
          className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-teal-500 to-teal-700 text-sm font-bold text-white"
        >
          {testimonial.firstName[0]}
        </span>
        <span>
          <span className="block font-semibold text-slate-900">
            {testimonial.firstName}, {testimonial.city}
          </span>
          <span className="block text-sm text-slate-600">Sells {lowerFirst(testimonial.sells)}</span>
        </span>
      </figcaption>
    </figure>
  );
}

// 'Vintage denim and jackets' is shown as 'Sells vintage denim and jackets'.
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/**
 * Quotes from early users, one after another every 4 seconds, looping; a line under them says what they are. Home and
 * About pass different people.
 */
export function TestimonialCarousel({
  testimonials,
  label = 'Seller testimonials',
}: {
  testimonials: Testimonial[];
  label?: string;
}) {
  return (
    <div>
      <AutoplayCarousel
        label={label}
        slideName="Testimonial"
        delay={4000}
        slideClassName="md:basis-1/2 lg:basis-1/3"
        slides={testimonials.map((t) => (
          <TestimonialCard key={t.firstName} testimonial={t} />
        ))}
      />
      <p className="mt-6 text-center text-sm text-slate-600">
        Early users of the app, quoted with their permission. First names only, for their privacy.
      </p>
    </div>
  );
}
