import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { searchHref } from '../hooks/use-search-address';
import type { SearchInput } from '../schemas';

/**
 * What stands in place of the three figures when there are none to show (no comparables, no market source, a count
 * the seller panel withholds): an icon, a heading that names the section, what it means, and what to do next.
 */
export function StatePanel({
  name,
  icon: Icon,
  title,
  children,
  more,
}: {
  /** The section's test id; its heading's id is `${name}-title`. */
  name: string;
  icon: ComponentType<{ className?: string }>;
  title: string;
  /** The lines under the heading. */
  children: ReactNode;
  /** Sections below, across the panel's width. */
  more?: ReactNode;
}) {
  return (
    <section
      className="rounded-lg border border-dashed bg-muted/30 p-5 sm:p-8"
      aria-labelledby={`${name}-title`}
      data-testid={name}
    >
      <div className="flex items-start gap-4">
        <span className="hidden size-12 shrink-0 items-center justify-center rounded-full bg-secondary text-primary sm:flex">
          <Icon className="size-6" />
        </span>
        <div className="min-w-0 space-y-2">
          <h3 id={`${name}-title`} className="text-lg font-semibold">
            {title}
          </h3>
          {children}
        </div>
      </div>
      {more}
    </section>
  );
}

/** One titled part of a StatePanel's lower half. */
export function StateSection({
  title,
  testId,
  children,
}: {
  title: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div className="mt-6" data-testid={testId}>
      <h4 className="text-sm font-semibold">{title}</h4>
      {children}
    </div>
  );
}

/**
 * Other searches worth running, as a row of small buttons that each run one. Each link is a whole search: a link that
 * changes the words or the condition keeps the window and narrowing of the search it came from (issue 54).
 */
export function SearchLinks({
  title,
  testId,
  links,
}: {
  title: string;
  testId: string;
  links: { key: string; label: string; query: SearchInput }[];
}) {
  return (
    <StateSection title={title}>
      <ul className="mt-2 flex flex-wrap gap-2" data-testid={testId}>
        {links.map(({ key, label, query }) => (
          <li key={key}>
            <Link to={searchHref(query)} className={cn(buttonVariants({ variant: 'outline', size: 'sm' }))}>
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </StateSection>
  );
}
