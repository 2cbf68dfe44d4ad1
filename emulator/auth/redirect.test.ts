// GoTrue's redirect allow-list rules and the template variables, checked directly.
import { describe, expect, it } from 'vitest';
import { renderTemplate, tokenHashOf, type TemplateData } from './mailer';
import { globToRegExp, isRedirectUrlValid } from './redirect';
import { readAuthSettings } from './settings';

const settings = readAuthSettings({
  auth: {
    site_url: 'https://flipwise.app',
    additional_redirect_urls: [
      'https://*.flipwise.app/**',
      'https://preview-??.example.com',
      'myapp://callback',
    ],
  },
});

describe('redirect_to allow-list', () => {
  it.each([
    ['https://flipwise.app/reset-password', true],
    ['http://flipwise.app/', false], // scheme must match the site
    ['https://flipwise.app:8443/', false], // so must the port, off loopback
    ['https://www.flipwise.app/a/b?c=d', true],
    ['https://evil.com/?x=.flipwise.app', false],
    ['https://a.b.flipwise.app/', false], // * stays inside one label
    ['https://preview-42.example.com', true],
    ['https://preview-420.example.com', false],
    ['http://127.0.0.1:4000/x', true], // loopback IPs are always allowed, as in GoTrue
    ['http://2130706433/', false], // decimal IP
    ['myapp://callback', true],
    [' https://flipwise.app/', false], // control characters and spaces
    ['', false],
  ])('%s -> %s', (url, allowed) => {
    expect(isRedirectUrlValid(settings, url)).toBe(allowed);
  });

  it('translates globs with "." and "/" as separators', () => {
    expect(globToRegExp('http://localhost:3000/**').test('http://localhost:3000/a/b')).toBe(true);
    expect(globToRegExp('http://localhost:3000/*').test('http://localhost:3000/a/b')).toBe(false);
    expect(globToRegExp('https://{a,b}.example.com').test('https://b.example.com')).toBe(true);
  });
});

describe('email templates', () => {
  const data: TemplateData = {
    ConfirmationURL: 'http://127.0.0.1:54321/auth/v1/verify?token=abc&type=signup&redirect_to=x',
    Token: '123456',
    TokenHash: 'abc',
    SiteURL: 'http://localhost:5173',
    RedirectTo: 'http://localhost:5173/',
    Email: 'ada@example.com',
    Data: { first_name: '<Ada>' },
  };

  it('fills Go-template variables, escaped, and reports unknown ones', () => {
    const warnings: string[] = [];
    const html = renderTemplate(
      '<a href="{{ .ConfirmationURL }}">Go</a> {{.Token}} {{ .Data.first_name }} {{ .Data.missing }}{{ .Nope }}',
      data,
      (w) => warnings.push(w),
    );
    expect(html).toBe(
      '<a href="http://127.0.0.1:54321/auth/v1/verify?token=abc&amp;type=signup&amp;redirect_to=x">Go</a> 123456 &lt;Ada&gt; ',
    );
    expect(warnings).toEqual(['unknown template variable {{ .Nope }}']);
  });

  it('hashes email codes like GoTrue: hex(sha224(email + code))', () => {
    expect(tokenHashOf('ada@example.com', '123456')).toMatch(/^[0-9a-f]{56}$/);
    expect(tokenHashOf('ada@example.com', '123456')).not.toBe(tokenHashOf('ada@example.com', '123457'));
  });
});
