import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

type PageHeroProps = {
  eyebrow?: string;
  title: string;
  children?: ReactNode;
  /** A picture beside the text from the lg width up (hidden on smaller screens, where the text is the hero). */
  aside?: ReactNode;
  className?: string;
};

/** The heading band of an inner page: soft teal gradient, small eyebrow, the page's h1 and a lead paragraph. */
export function PageHero({ eyebrow, title, children, aside, className }: PageHeroProps) {
  const text = (
    <div>
      {eyebrow && (
        <p className="text-sm font-semibold uppercase tracking-[0.14em] text-orange-700">{eyebrow}</p>
      )}
      <h1 className="mt-3 max-w-3xl text-balance text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
        {title}
      </h1>
      {children && <div className="mt-5 max-w-2xl text-lg leading-relaxed text-slate-600">{children}</div>}
    </div>
  );
  return (
    <div className={cn('container pb-10 pt-8 sm:pb-14 sm:pt-12', className)}>
      {aside ? (
        <div className="grid items-center gap-10 lg:grid-cols-[minmax(0,1fr)_auto]">
          {text}
          <div className="hidden lg:block">{aside}</div>
        </div>
      ) : (
        text
      )}
    </div>
  );
}

/**
 * A PageHero on a soft teal tint that starts and ends white, so it meets the breadcrumb strip above and the page
 * below without a seam (About, the FAQs, Contact). `clip` hides what reaches past the band (About's tilted phones).
 */
export function TintedPageHero({ clip, ...hero }: PageHeroProps & { clip?: boolean }) {
  return (
    <div className={clip ? 'relative overflow-hidden' : 'relative'}>
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 -z-10 bg-gradient-to-b from-white via-teal-50/80 to-white"
      />
      <PageHero {...hero} />
    </div>
  );
}
