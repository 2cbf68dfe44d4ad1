import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-path';

const origin = 'https://flipwise.example';

describe('safeReturnPath', () => {
  it('keeps a path on this origin with its query, and drops the fragment', () => {
    expect(safeReturnPath('/thriftingexplorer?q=Levi%27s+501&condition=pre_owned', origin)).toBe(
      '/thriftingexplorer?q=Levi%27s+501&condition=pre_owned',
    );
    expect(safeReturnPath('/blog/how-to-price#top', origin)).toBe('/blog/how-to-price');
    expect(safeReturnPath('/', origin)).toBe('/');
  });

  it.each([
    ['an absolute URL elsewhere', 'https://evil.example/phish'],
    ['an absolute URL here', `${origin}/about`],
    ['a protocol-relative URL', '//evil.example/phish'],
    ['a backslash browsers read as a slash', '/\\evil.example'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a relative path', 'about'],
    ['a control character', '/ab\tout'],
    ['nothing', ''],
    ['the recovery page', '/reset-password'],
    ['the login redirect', '/login?x=1'],
  ])('turns %s into the site root', (_, raw) => {
    expect(safeReturnPath(raw, origin)).toBe('/');
  });

  it('treats dot segments as the path they resolve to, on this origin', () => {
    expect(safeReturnPath('/blog/../about', origin)).toBe('/about');
    expect(safeReturnPath('/..//evil.example', origin)).toBe('/');
  });
});
