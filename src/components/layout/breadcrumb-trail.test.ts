import { describe, expect, it } from 'vitest';
import { crumbsFromPath, labelFromSegment, shouldShowCrumbs } from '@/components/layout/breadcrumb-trail';

describe('labelFromSegment', () => {
  it.each([
    { segment: 'about', label: 'About', why: 'capitalised' },
    { segment: 'how-to-price-vintage-denim', label: 'How to price vintage denim', why: 'hyphens as spaces' },
    { segment: 'thriftingexplorer', label: 'Thrifting Explorer', why: "the route's own title" },
    { segment: 'faqs', label: 'FAQs', why: "the route's own title" },
    { segment: 'terms', label: 'Terms of Service', why: "the route's own title" },
    { segment: 'caf%C3%A9-finds', label: 'Café finds', why: 'escapes decoded' },
    { segment: '100%-cotton', label: '100% cotton', why: 'a malformed escape kept as typed' },
  ])('labels $segment as $label ($why)', ({ segment, label }) => {
    expect(labelFromSegment(segment)).toBe(label);
  });
});

describe('crumbsFromPath', () => {
  it('is only Home on the home page, which is not worth showing', () => {
    const crumbs = crumbsFromPath('/');
    expect(crumbs).toEqual([{ label: 'Home', href: '/' }]);
    expect(shouldShowCrumbs(crumbs)).toBe(false);
  });

  it('adds one crumb per segment, each linking to its own path', () => {
    const crumbs = crumbsFromPath('/blog/sell-through-rate-explained');
    expect(crumbs).toEqual([
      { label: 'Home', href: '/' },
      { label: 'Blog', href: '/blog' },
      { label: 'Sell through rate explained', href: '/blog/sell-through-rate-explained' },
    ]);
    expect(shouldShowCrumbs(crumbs)).toBe(true);
  });

  it('ignores a trailing slash', () => {
    expect(crumbsFromPath('/about/')).toEqual([
      { label: 'Home', href: '/' },
      { label: 'About', href: '/about' },
    ]);
  });

  it('lets a page replace the last label', () => {
    expect(crumbsFromPath('/blog/str', 'What is a good sell-through rate?').at(-1)).toEqual({
      label: 'What is a good sell-through rate?',
      href: '/blog/str',
    });
    expect(crumbsFromPath('/', 'Ignored')).toEqual([{ label: 'Home', href: '/' }]);
  });
});
