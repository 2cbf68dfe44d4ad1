import { describe, expect, it } from 'vitest';
import { crumbsFromPath, labelFromSegment, shouldShowCrumbs } from '@/components/layout/breadcrumb-trail';

describe('labelFromSegment', () => {
  it('capitalises the segment and turns hyphens into spaces', () => {
    expect(labelFromSegment('about')).toBe('About');
    expect(labelFromSegment('how-to-price-vintage-denim')).toBe('How to price vintage denim');
  });

  it("uses a route's own title where its path is not one", () => {
    expect(labelFromSegment('thriftingexplorer')).toBe('Thrifting Explorer');
    expect(labelFromSegment('faqs')).toBe('FAQs');
    expect(labelFromSegment('terms')).toBe('Terms of Service');
  });

  it('decodes escaped characters and survives malformed ones', () => {
    expect(labelFromSegment('caf%C3%A9-finds')).toBe('Café finds');
    expect(labelFromSegment('100%-cotton')).toBe('100% cotton');
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
