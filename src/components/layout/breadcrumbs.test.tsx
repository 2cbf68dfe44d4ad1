import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { BreadcrumbLabel, BreadcrumbProvider, HideBreadcrumbs } from '@/components/layout/breadcrumb-context';
import { Breadcrumbs } from '@/components/layout/breadcrumbs';

function renderAt(path: string, page?: React.ReactNode) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <BreadcrumbProvider>
        <Breadcrumbs />
        {page}
      </BreadcrumbProvider>
    </MemoryRouter>,
  );
}

describe('<Breadcrumbs />', () => {
  it('renders nothing on the home page', () => {
    renderAt('/');
    expect(screen.queryByRole('navigation', { name: 'Breadcrumb' })).not.toBeInTheDocument();
  });

  it('shows Home as a link and the current page as text', () => {
    renderAt('/terms');
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(nav).getByText('Terms of Service')).toHaveAttribute('aria-current', 'page');
  });

  it('links every crumb but the last on a deep path', () => {
    renderAt('/blog/how-to-price-denim');
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/', '/blog']);
    expect(within(nav).getByText('How to price denim')).toHaveAttribute('aria-current', 'page');
  });

  it('uses the label a page sets for itself', () => {
    renderAt('/blog/how-to-price-denim', <BreadcrumbLabel label="How to Price Denim in 2025" />);
    expect(screen.getByText('How to Price Denim in 2025')).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByText('How to price denim')).not.toBeInTheDocument();
  });

  it('disappears on a page that hides it', () => {
    renderAt('/no-such-page', <HideBreadcrumbs />);
    expect(screen.queryByRole('navigation', { name: 'Breadcrumb' })).not.toBeInTheDocument();
  });
});
