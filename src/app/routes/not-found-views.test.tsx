// The unknown-path 404 and the blog's 'Article Not Found' are one page in two wordings (issue 14 point 9).
import { render, screen } from '@testing-library/react';
import { HelmetProvider } from 'react-helmet-async';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ArticleNotFound } from '@/features/blog/components/article-page';
import { NotFoundPage } from '@/features/marketing/components/not-found-page';

function look(ui: React.ReactNode) {
  const view = render(
    <HelmetProvider>
      <MemoryRouter>{ui}</MemoryRouter>
    </HelmetProvider>,
  );
  const heading = screen.getByRole('heading', { level: 1 });
  const link = screen.getByRole('link');
  const result = {
    heading: heading.textContent,
    link: [link.textContent, link.getAttribute('href')],
    classes: [heading.closest('section')!.className, heading.className, link.className],
    mark: view.container.querySelector('[aria-hidden="true"]')?.textContent,
  };
  view.unmount();
  return result;
}

describe('not-found pages', () => {
  it('share one style, each with its own words and way back', () => {
    const page = look(<NotFoundPage />);
    const article = look(<ArticleNotFound slug="gone" />);
    expect(page.heading).toBe('Page Not Found');
    expect(page.link).toEqual(['Go Back Home', '/']);
    expect(article.heading).toBe('Article Not Found');
    expect(article.link).toEqual(['Back to Blog', '/blog']);
    expect(article.classes).toEqual(page.classes);
    expect(article.mark).toBe(page.mark);
  });
});
