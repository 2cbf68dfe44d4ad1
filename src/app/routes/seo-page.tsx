import type { ComponentType, ReactNode } from 'react';
import { Seo, type SeoProps } from '@/components/seo';

/**
 * A route that is its head tags and one screen, nothing more. Such a route reads nothing (no hooks, no params), so
 * its screen is composed once, when the module loads. A route that reads something (the FAQs, the Explorer, the
 * account pages) writes its component out instead.
 */
export function seoPage(seo: SeoProps, screen: ReactNode): ComponentType {
  return function SeoPage() {
    return (
      <>
        <Seo {...seo} />
        {screen}
      </>
    );
  };
}
