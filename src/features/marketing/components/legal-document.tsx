import { SupportEmailLink } from '@/components/layout/support-email-link';
import { PageHero } from '@/features/marketing/components/page-hero';
import type { LegalDocument } from '@/features/marketing/content/legal';

/** Terms and Privacy share one layout: title, date, a contents list and numbered sections. */
export function LegalDocumentView({ document }: { document: LegalDocument }) {
  return (
    <>
      <PageHero eyebrow="Legal" title={document.title}>
        <p className="text-base">
          Last updated <time dateTime={document.updated.iso}>{document.updated.text}</time>
        </p>
      </PageHero>
      <div className="container grid gap-10 pb-20 lg:grid-cols-[240px_1fr]">
        <nav aria-label="On this page" className="hidden h-fit lg:sticky lg:top-24 lg:block">
          <p className="text-xs font-semibold uppercase tracking-wider text-slate-500">On this page</p>
          <ol className="mt-3 space-y-2 border-l border-slate-200 text-sm">
            {document.sections.map((section) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="-ml-px block border-l border-transparent pl-3 text-slate-600 hover:border-primary hover:text-primary"
                >
                  {section.heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <article className="max-w-3xl sm:rounded-2xl sm:border sm:border-slate-200 sm:bg-white sm:p-10 sm:shadow-sm">
          <p className="text-[17px] leading-relaxed text-slate-700">{document.intro}</p>
          {document.sections.map((section) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-title`}
              className="mt-10 scroll-mt-24"
            >
              <h2 id={`${section.id}-title`} className="text-xl font-bold tracking-tight text-slate-900">
                {section.heading}
              </h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph} className="mt-3 leading-relaxed text-slate-600">
                  {paragraph}
                </p>
              ))}
              {section.list && (
                <ul className="mt-3 list-disc space-y-2 pl-6 leading-relaxed text-slate-600 marker:text-teal-600">
                  {section.list.map((entry) => (
                    <li key={entry}>{entry}</li>
                  ))}
                </ul>
              )}
            </section>
          ))}
          <p className="mt-10 border-t pt-6 text-sm text-slate-500">
            Questions? Email{' '}
            <SupportEmailLink className="font-medium text-primary underline-offset-4 hover:underline" />.
          </p>
        </article>
      </div>
    </>
  );
}
