import { Link } from 'react-router-dom';
import { Logo } from '@/components/layout/logo';
import { resourcesNav } from '@/components/layout/nav-items';
import { SupportEmailLink } from '@/components/layout/support-email-link';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { InstagramIcon, MailIcon } from '@/components/ui/icons';

const linkClass =
  'rounded-sm text-sm text-slate-300 transition-colors hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-teal-300';

function FooterHeading({ id, children }: { id: string; children: string }) {
  return (
    <h2 id={id} className="text-sm font-semibold uppercase tracking-wider text-white">
      {children}
    </h2>
  );
}

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="mt-auto bg-slate-950 text-slate-300">
      <div className="container grid gap-10 py-14 sm:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1fr]">
        <div className="max-w-sm">
          <Link
            to={paths.home}
            className="inline-block rounded-md text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-teal-300"
          >
            <Logo />
          </Link>
          <p className="mt-4 text-sm leading-relaxed text-slate-400">
            The reselling app for second-hand fashion. {site.tagline} Independent and built by resellers since{' '}
            {site.foundedYear}.
          </p>
        </div>
        <nav aria-labelledby="footer-resources">
          <FooterHeading id="footer-resources">Resources</FooterHeading>
          <ul className="mt-4 space-y-3">
            {resourcesNav.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className={linkClass}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-support">
          <FooterHeading id="footer-support">Support</FooterHeading>
          <ul className="mt-4 space-y-3">
            <li>
              <a
                href={site.social.url}
                target="_blank"
                rel="noopener noreferrer"
                className={`${linkClass} inline-flex items-center gap-2`}
              >
                <InstagramIcon />
                {site.social.name}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
            <li>
              <SupportEmailLink
                className={`${linkClass} inline-flex items-center gap-2 break-all`}
                icon={<MailIcon className="shrink-0" />}
              />
            </li>
            <li>
              <Link to={paths.terms} className={linkClass}>
                Terms &amp; Conditions
              </Link>
            </li>
            <li>
              <Link to={paths.privacy} className={linkClass}>
                Privacy Policy
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t border-white/10">
        <div className="container flex flex-col items-center justify-between gap-4 py-6 text-sm text-slate-400 sm:flex-row">
          <p>
            © {year} {site.legalName}. All rights reserved.
          </p>
          <a
            href={site.dmcaUrl}
            target="_blank"
            rel="noopener noreferrer"
            title="DMCA.com Protection Status"
            className="rounded-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-teal-300"
          >
            <img
              src="/dmca-badge.svg"
              alt="DMCA.com Protection Status"
              width="121"
              height="24"
              loading="lazy"
              decoding="async"
            />
          </a>
        </div>
      </div>
    </footer>
  );
}
