// The headings of the marketing pages' sections (Home, About), apart from page-hero.tsx so that the home page, which
// has no page hero, does not download one (bench:bundle budgets its first visit).
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

type SectionHeadingProps = {
  eyebrow?: string;
  title: string;
  lead?: string;
  center?: boolean;
  dark?: boolean;
};

export function SectionHeading({ eyebrow, title, lead, center = true, dark = false }: SectionHeadingProps) {
  return (
    <div className={cn('max-w-2xl', center && 'mx-auto text-center')}>
      {eyebrow && (
        <p
          className={cn(
            'text-sm font-semibold uppercase tracking-[0.14em]',
            dark ? 'text-orange-300' : 'text-orange-700',
          )}
        >
          {eyebrow}
        </p>
      )}
      <h2
        className={cn(
          'mt-2 text-balance text-3xl font-extrabold tracking-tight sm:text-4xl',
          dark ? 'text-white' : 'text-slate-900',
        )}
      >
        {title}
      </h2>
      {lead && (
        <p className={cn('mt-4 text-lg leading-relaxed', dark ? 'text-teal-50/80' : 'text-slate-600')}>
          {lead}
        </p>
      )}
    </div>
  );
}

type HeadedSectionProps = SectionHeadingProps & {
  /** The id of the heading's wrapper, which the section's aria-labelledby points at. */
  id: string;
  className: string;
  /** A full-width coloured band: the heading and the content sit in a container inside it. */
  band?: boolean;
  children: ReactNode;
};

/** A page section under a SectionHeading, named by it for assistive technology. */
export function HeadedSection({ id, className, band, children, ...heading }: HeadedSectionProps) {
  const content = (
    <>
      <div id={id}>
        <SectionHeading {...heading} />
      </div>
      {children}
    </>
  );
  return (
    <section aria-labelledby={id} className={className}>
      {band ? <div className="container">{content}</div> : content}
    </section>
  );
}
