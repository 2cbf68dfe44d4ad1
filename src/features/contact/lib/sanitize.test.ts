import { describe, expect, it } from 'vitest';
import { sanitizeContact, sanitizeLine, sanitizeText } from './sanitize';

describe('sanitizeLine', () => {
  it('strips HTML tags and keeps their text', () => {
    expect(sanitizeLine('<b>Ada</b> <i>Lovelace</i>')).toBe('Ada Lovelace');
    expect(sanitizeLine('<script>alert(1)</script>Ada')).toBe('alert(1)Ada');
    expect(sanitizeLine('Ada<img src=x onerror=alert(1)>')).toBe('Ada');
    expect(sanitizeLine('<!-- hi -->Ada')).toBe('Ada');
  });

  it('does not leave a tag behind when tags are nested to dodge a single pass', () => {
    expect(sanitizeLine('<scr<b>ipt>Ada')).toBe('Ada');
  });

  it('keeps text that only looks like markup', () => {
    expect(sanitizeLine('I <3 thrifting')).toBe('I <3 thrifting');
    expect(sanitizeLine('a < b > c')).toBe('a < b > c');
    expect(sanitizeLine('Tom &amp; Jerry')).toBe('Tom &amp; Jerry');
  });

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

  it('strips tags and control characters, then trims', () => {
    expect(sanitizeText('  <p>Hello <a href="https://x.test">there</a></p>\u0000\u001B  ')).toBe(
      'Hello there',
    );
  });

  it('can leave nothing when there was only markup', () => {
    expect(sanitizeText('<b></b>  <br/>')).toBe('');
  });
});

describe('sanitizeContact', () => {
  it('cleans all three fields', () => {
    expect(
      sanitizeContact({ name: ' <b>Ada</b> ', email: ' ada@example.com\u0000', message: '<i>Hi</i>\n' }),
    ).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      message: 'Hi',
    });
  });
});
