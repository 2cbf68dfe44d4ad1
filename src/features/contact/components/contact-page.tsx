import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { contactMessages as copy } from '../messages';
import { ContactForm } from './contact-form';

/** The form in a card beside the other ways to reach the team; stacked on small screens. */
export function ContactSection() {
  return (
    <div className="container grid gap-8 pb-20 lg:grid-cols-[minmax(0,1fr)_320px] lg:gap-12">
      <section
        aria-labelledby="contact-form-title"
        className="relative rounded-2xl border bg-card p-5 shadow-sm sm:p-8"
      >
        <h2 id="contact-form-title" className="text-xl font-bold text-slate-900">
          {copy.form.title}
        </h2>
        <div className="mt-6">
          <ContactForm />
        </div>
      </section>
      <ContactDetails />
    </div>
  );
}

const linkClass =
  'rounded-sm font-semibold text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

export function ContactDetails() {
  return (
    <aside className="h-fit rounded-2xl bg-gradient-to-br from-teal-50 to-emerald-50 p-6 ring-1 ring-teal-100 lg:sticky lg:top-24">
      <h2 className="text-lg font-bold text-slate-900">{copy.details.title}</h2>
      <ol className="mt-3 grid list-decimal gap-3 pl-5 text-[15px] leading-relaxed text-slate-600 marker:font-semibold marker:text-teal-700">
        {copy.details.steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <p className="mt-5 text-[15px] leading-relaxed text-slate-600">
        {copy.details.faqLead}{' '}
        <Link to={paths.faqs} className={linkClass}>
          {copy.details.faqLink}
        </Link>
        .
      </p>
      <p className="mt-3 text-[15px] leading-relaxed text-slate-600">
        {copy.details.socialLead(site.social.name)}{' '}
        <a href={site.social.url} className={linkClass} rel="noopener noreferrer" target="_blank">
          {site.social.handle}
        </a>
        .
      </p>
    </aside>
  );
}
