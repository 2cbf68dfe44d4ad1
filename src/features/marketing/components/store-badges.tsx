import { site } from '@/config/site';
import { cn } from '@/lib/utils';

type StoreBadgesProps = {
  className?: string;
  /** Above the fold the badges load at once; further down they wait until scrolled near. */
  eager?: boolean;
};

/** The App Store badge (live) and the Google Play badge, which says coming soon and leads to the sign-up form. */
export function StoreBadges({ className, eager }: StoreBadgesProps) {
  const loading = eager ? 'eager' : 'lazy';
  return (
    <div className={cn('flex flex-wrap items-center gap-3', className)}>
      <a
        href={site.appStoreUrl}
        target="_blank"
        rel="noopener noreferrer"
        className="rounded-xl transition hover:-translate-y-0.5 hover:shadow-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
      >
        <img
          src="/badges/app-store.svg"
          alt="Download Flipwise on the App Store"
          width={180}
          height={54}
          loading={loading}
          decoding="async"
        />
      </a>
      <a
        href={site.androidSignupUrl}
        target="_blank"
        rel="noopener noreferrer"
        className="rounded-xl transition hover:-translate-y-0.5 hover:shadow-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
      >
        <img
          src="/badges/google-play-soon.svg"
          alt="Android coming soon on Google Play: sign up to hear when it launches"
          width={180}
          height={54}
          loading={loading}
          decoding="async"
        />
      </a>
    </div>
  );
}
