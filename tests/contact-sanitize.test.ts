// The form and the contact function clean input with the same rules, from one source: the form imports the function's.
import { describe, expect, it } from 'vitest';
import * as browser from '../src/features/contact/lib/sanitize';
import * as fn from '../supabase/functions/contact/sanitize.ts';

const samples = [
  '',
  '  Ada Lovelace  ',
  '<b>bold</b> and <i>italic</i>',
  '<scr<b>ipt>alert(1)</script>',
  'I <3 thrifting & a < b > c',
  'tab\there, line\r\nbreak\n\n\n\nend   \n',
  'nul\u0000 bell\u0007 del\u007F c1\u0085 zero\u200Bwidth rtl\u202Eoverride bom\uFEFF',
  '<!-- comment --><!doctype html><p class="x">para</p>',
  'Zoë Ng-Müller — “quotes” 😊',
];

describe('sanitising in the browser and in the function', () => {
  it("uses the function's own rules in the form, not a copy", () => {
    expect(browser.sanitizeLine).toBe(fn.sanitizeLine);
    expect(browser.sanitizeText).toBe(fn.sanitizeText);
  });

  it.each(samples)('agrees on %j', (sample) => {
    expect(fn.sanitizeLine(sample)).toBe(browser.sanitizeLine(sample));
    expect(fn.sanitizeText(sample)).toBe(browser.sanitizeText(sample));
  });
});
