import { describe, expect, it } from 'vitest';
import { caseRedirect } from '@/app/redirects';

describe('caseRedirect', () => {
  it.each([
    ['/About', '/about'],
    ['/Blog', '/blog'],
    ['/Contact', '/contact'],
    ['/Terms', '/terms'],
    ['/Privacy', '/privacy'],
    ['/Faqs', '/faqs'],
    ['/FAQS', '/faqs'],
    ['/ThriftingExplorer', '/thriftingexplorer'],
    ['/THRIFTINGEXPLORER', '/thriftingexplorer'],
    ['/thriftingExplorer', '/thriftingexplorer'],
    ['/Login', '/login'],
    ['/About/', '/about'],
  ])('sends %s to %s', (from, to) => {
    expect(caseRedirect(from)).toBe(to);
  });

  it('lowercases the blog segment of an article path but keeps the slug as typed', () => {
    expect(caseRedirect('/Blog/Some-Slug')).toBe('/blog/Some-Slug');
    expect(caseRedirect('/BLOG/how-to-price')).toBe('/blog/how-to-price');
  });

  it.each([
    '/',
    '/about',
    '/thriftingexplorer',
    '/blog/some-slug',
    '/nowhere',
    '/Nowhere',
    '/about/team',
    '/Blog/a/b',
  ])('leaves %s alone', (path) => {
    expect(caseRedirect(path)).toBeNull();
  });
});
