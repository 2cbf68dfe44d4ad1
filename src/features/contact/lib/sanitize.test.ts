import { describe, expect, it } from 'vitest';
import { sanitizeContact, sanitizeLine, sanitizeText } from './sanitize';

describe('sanitizeLine', () => {
  it.each(['<b>Ada</b> Lovelace', 'I <3 thrifting', 'a < b > c', 'Tom &amp; Jerry'])(
    'keeps %s as typed, markup-looking text included (it is escaped where it is shown)',
    (typed) => {
      expect(sanitizeLine(typed)).toBe(typed);
    },
  );

  it('drops control and invisible characters, folds line breaks and tabs, trims', () => {
    expect(sanitizeLine('  Ada\u0000\u0007 Love\u200Blace\u202E \n\t Jr.  ')).toBe('Ada Lovelace Jr.');
    expect(sanitizeLine('\u0085ada@example.com\u007F')).toBe('ada@example.com');
  });

  it('leaves a clean value alone', () => {
    expect(sanitizeLine('Zoë Ng-Müller')).toBe('Zoë Ng-Müller');
  });
});

describe('sanitizeText', () => {
  it('keeps line breaks and paragraphs of a message', () => {
    expect(sanitizeText('Hi,\r\n\r\nI love the app.\r\nThanks')).toBe('Hi,\n\nI love the app.\nThanks');
  });

  it('collapses long runs of blank lines and drops trailing spaces', () => {
    expect(sanitizeText('One   \n\n\n\n\nTwo\t\tthree')).toBe('One\n\nTwo  three');
  });

  it('keeps "is a<b or c>d? I <3 it" exactly, dropping only control characters and the ends', () => {
    expect(sanitizeText('  is a<b or c>d? I <3 it\u0000\u001B  ')).toBe('is a<b or c>d? I <3 it');
    expect(sanitizeText('<p>Hello</p>')).toBe('<p>Hello</p>');
  });
});

describe('sanitizeContact', () => {
  it('cleans all three fields', () => {
    expect(
      sanitizeContact({ name: ' Ada\u200B ', email: ' ada@example.com\u0000', message: 'a<b or c>d\n' }),
    ).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      message: 'a<b or c>d',
    });
  });
});
