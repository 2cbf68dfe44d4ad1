// @vitest-environment node
// The public pages must render without a browser (no window or document at module top level or during render),
// so that they can be prerendered to static HTML later. This renders them in plain Node.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import AboutRoute from '@/app/routes/about';
import FAQsRoute from '@/app/routes/faqs';
import HomeRoute from '@/app/routes/home';
import NotFoundRoute from '@/app/routes/not-found';
import PrivacyRoute from '@/app/routes/privacy';
import TermsRoute from '@/app/routes/terms';
import { SiteLayout } from '@/components/layout/site-layout';

// As in the app and the prerender (src/entry-server.tsx): pages may read queries, which never run on the server.
function renderPage(path: string, page: React.ReactNode) {
  return renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <SiteLayout>{page}</SiteLayout>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('prerendering without a browser', () => {
  it('has no DOM globals here', () => {
    expect(typeof window).toBe('undefined');
    expect(typeof document).toBe('undefined');
  });

  it.each([
    ['/', <HomeRoute key="home" />, 'Make more money.'],
    ['/about', <AboutRoute key="about" />, 'Built by resellers, for resellers'],
    ['/faqs', <FAQsRoute key="faqs" />, 'Frequently asked questions'],
    ['/terms', <TermsRoute key="terms" />, '1. Acceptance of Terms'],
    ['/privacy', <PrivacyRoute key="privacy" />, 'Information We Collect'],
    ['/missing', <NotFoundRoute key="missing" />, 'Page Not Found'],
  ])('renders %s to HTML', (path, page, text) => {
    const html = renderPage(path, page);
    expect(html).toContain(text);
    expect(html).toContain('Skip to content');
    expect(html).toContain('All rights reserved.');
  });

  it("says where the Explorer's figures come from in words true on any site (issue 28)", () => {
    const html = renderPage('/', <HomeRoute />);
    expect(html).toContain('Where the figures come from');
    expect(html).toContain('a demo market for trying the tool');
    // This site's own sources come from market-sources once the app runs; none are claimed in the file.
    expect(html).not.toContain('On this site now');
  });

  it('renders the breadcrumb trail of an inner page on the server', () => {
    expect(renderPage('/terms', <TermsRoute />)).toMatch(/aria-label="Breadcrumb"/);
    expect(renderPage('/', <HomeRoute />)).not.toMatch(/aria-label="Breadcrumb"/);
  });
});
