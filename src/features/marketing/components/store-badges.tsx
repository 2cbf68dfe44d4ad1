import { site } from '@/config/site';
import { cn } from '@/lib/utils';

type StoreBadgesProps = {
  className?: string;
  /** Above the fold the badges load at once; further down they wait until scrolled near. */
  eager?: boolean;
};

const badges = [
  { href: site.appStoreUrl, src: '/badges/app-store.svg', alt: 'Download Flipwise on the App Store' },
  {
    href: site.androidSignupUrl,
    src: '/badges/google-play-soon.svg',
    alt: 'Android coming soon on Google Play: sign up to hear when it launches',
  },
];

/** The App Store badge (live) and the Google Play badge, which says coming soon and leads to the sign-up form. */
export function StoreBadges({ className, eager }: StoreBadgesProps) {
  const loading = eager ? 'eager' : 'lazy';
  return (
    <div className={cn('flex flex-wrap items-center gap-3', className)}>
      {badges.map((badge) => (
        <a
          key={badge.src}
          href={badge.href}
          target="_blank"
          rel="noopener noreferrer"
          className="rounded-xl transition hover:-translate-y-0.5 hover:shadow-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
        >
          <img src={badge.src} alt={badge.alt} width={180} height={54} loading={loading} decoding="async" />
        </a>
      ))}
    </div>
  );
}
