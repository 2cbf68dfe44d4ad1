import { afterEach, describe, expect, it } from 'vitest';
import { linkIdFrom, newLinkId, searchWithoutLinkId, usedEmailLinks, withLinkId } from './email-links';

afterEach(() => window.localStorage.clear());

describe('confirmation link ids', () => {
  it('adds a fresh id to the return address, keeping its path and query', () => {
    const a = newLinkId();
    expect(a).toMatch(/^[a-z0-9]{18}$/);
    expect(newLinkId()).not.toBe(a);
    const url = withLinkId('https://flipwise.example/thriftingexplorer?q=levis+501&condition=pre_owned', a);
    const parsed = new URL(url);
    expect(parsed.pathname).toBe('/thriftingexplorer');
    expect(parsed.searchParams.get('q')).toBe('levis 501');
    expect(parsed.searchParams.get('condition')).toBe('pre_owned');
    expect(linkIdFrom(parsed.search)).toBe(a);
  });

  it('reads only ids of its own shape and takes them out of the query', () => {
    expect(linkIdFrom('?link=<script>')).toBeUndefined();
    expect(linkIdFrom('?q=x')).toBeUndefined();
    expect(searchWithoutLinkId('?link=abcdefgh12')).toBe('');
    expect(searchWithoutLinkId('?q=levis&link=abcdefgh12&condition=pre_owned')).toBe(
      '?q=levis&condition=pre_owned',
    );
  });

  it('remembers the links followed here, the newest twenty', () => {
    expect(usedEmailLinks.has('firstlink1')).toBe(false);
    usedEmailLinks.remember('firstlink1');
    expect(usedEmailLinks.has('firstlink1')).toBe(true);
    for (let i = 0; i < 20; i++) usedEmailLinks.remember(`laterlink${String(i).padStart(2, '0')}`);
    expect(usedEmailLinks.has('firstlink1')).toBe(false);
    expect(usedEmailLinks.has('laterlink19')).toBe(true);
  });

  it('knows nothing when the stored list is garbled', () => {
    window.localStorage.setItem('flipwise.used-email-links', '{not json');
    expect(usedEmailLinks.has('firstlink1')).toBe(false);
    usedEmailLinks.remember('firstlink1');
    expect(usedEmailLinks.has('firstlink1')).toBe(true);
  });
});
