import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { site } from '@/config/site';

type SiteLayoutProps = {
  children: ReactNode;
  /** Sign-in entry points for visitors, the avatar menu for signed-in users (rendered by the auth feature). */
  accountSlot?: ReactNode;
  /** The same entry points, laid out for the mobile menu. */
  mobileAccountSlot?: ReactNode;
};

export function SiteLayout({ children, accountSlot }: SiteLayoutProps) {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b">
        <nav aria-label="Main" className="container flex h-16 items-center gap-6">
          <Link to={paths.home} className="font-bold">
            {site.name}
          </Link>
          <div className="ml-auto">{accountSlot}</div>
        </nav>
      </header>
      <main id="main" className="flex-1">
        {children}
      </main>
      <footer className="border-t py-6 text-center text-sm text-muted-foreground">
        © {new Date().getFullYear()} {site.name}
      </footer>
    </div>
  );
}
