import type { ReactNode } from 'react';
import { BreadcrumbProvider } from '@/components/layout/breadcrumb-context';
import { Breadcrumbs } from '@/components/layout/breadcrumbs';
import { Footer } from '@/components/layout/footer';
import { Header } from '@/components/layout/header';

type SiteLayoutProps = {
  children: ReactNode;
  /** Sign-in entry points for visitors, the avatar menu for signed-in users (rendered by the auth feature). */
  accountSlot?: ReactNode;
  /** The same entry points, laid out for the mobile menu. Links inside it close the menu when clicked. */
  mobileAccountSlot?: ReactNode;
  /** Closes the mobile menu when it changes: the signed-in user's id. */
  menuResetKey?: string;
};

/** The frame of every page: skip link, header, breadcrumbs, the page itself and the footer. */
export function SiteLayout({ children, accountSlot, mobileAccountSlot, menuResetKey }: SiteLayoutProps) {
  return (
    <BreadcrumbProvider>
      <div className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
        >
          Skip to content
        </a>
        <Header accountSlot={accountSlot} mobileAccountSlot={mobileAccountSlot} menuResetKey={menuResetKey} />
        <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
          <Breadcrumbs />
          {children}
        </main>
        <Footer />
      </div>
    </BreadcrumbProvider>
  );
}
