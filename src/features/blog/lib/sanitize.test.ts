import { describe, expect, it } from 'vitest';
import { ALLOWED_ATTR, ALLOWED_TAGS, ALLOWED_URI_REGEXP, sanitizeArticleHtml } from './sanitize';

const fragment = (html: string) => {
  const div = document.createElement('div');
  div.innerHTML = sanitizeArticleHtml(html);
  return div;
};

describe('the SPEC §5 allow-list', () => {
  it('names basic text, headings, lists, links, images, code and quotes, and nothing that runs or embeds', () => {
    for (const tag of [
      'p',
      'br',
      'strong',
      'em',
      'h2',
      'h3',
      'ul',
      'ol',
      'li',
      'a',
      'img',
      'code',
      'pre',
      'blockquote',
    ]) {
      expect(ALLOWED_TAGS).toContain(tag);
    }
    for (const tag of [
      'script',
      'style',
      'iframe',
      'svg',
      'object',
      'embed',
      'form',
      'input',
      'math',
      'table',
    ]) {
      expect(ALLOWED_TAGS).not.toContain(tag);
    }
    expect([...ALLOWED_ATTR].sort()).toEqual(['alt', 'class', 'href', 'id', 'src', 'title']);
  });

  it('accepts http, https, ftp, data:image and relative URLs, and no other scheme', () => {
    for (const url of [
      'https://a.example',
      'http://a.example',
      'ftp://a.example/f',
      'data:image/png;base64,AAAA',
      '/blog/x',
      '#faq',
    ]) {
      expect(ALLOWED_URI_REGEXP.test(url), url).toBe(true);
    }
    for (const url of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'vbscript:x',
      'data:text/html,<b>',
      'mailto:a@b.c',
      'file:///etc/passwd',
    ]) {
      expect(ALLOWED_URI_REGEXP.test(url), url).toBe(false);
    }
  });
});

describe('sanitizeArticleHtml', () => {
  it('keeps allowed markup and attributes', () => {
    const html =
      '<h3 id="x" class="note">Title</h3><p><strong>bold</strong> <em>it</em> <code>c</code></p>' +
      '<ul><li>one</li></ul><blockquote>q</blockquote><a href="https://example.com" title="t">link</a>' +
      '<img src="https://example.com/a.png" alt="A"><img src="data:image/png;base64,iVBORw0KGgo=" alt="B">';
    const div = fragment(html);
    expect(div.querySelector('h3#x.note')?.textContent).toBe('Title');
    expect(div.querySelector('strong')?.textContent).toBe('bold');
    expect(div.querySelector('li')?.textContent).toBe('one');
    expect(div.querySelector('blockquote')).not.toBeNull();
    expect(div.querySelector('a')?.getAttribute('href')).toBe('https://example.com');
    expect(div.querySelector('a')?.getAttribute('title')).toBe('t');
    expect(div.querySelectorAll('img')[0].getAttribute('src')).toBe('https://example.com/a.png');
    expect(div.querySelectorAll('img')[1].getAttribute('src')).toMatch(/^data:image\/png/);
  });

  it('removes scripts, styles, frames, svg and their contents', () => {
    const div = fragment(
      '<p>safe</p><script>window.x=1</script><style>p{color:red}</style><iframe src="https://e.com"></iframe>' +
        '<svg onload="window.x=1"><circle /></svg><object data="x"></object><form><input></form>',
    );
    expect(div.innerHTML).toBe('<p>safe</p>');
  });

  it('removes event handlers, style and unknown attributes', () => {
    const div = fragment(
      '<p onclick="x()" style="color:red" data-x="1" aria-label="a">t</p><img src="https://e.com/a.png" onerror="x()">',
    );
    expect(div.innerHTML).toBe('<p>t</p><img src="https://e.com/a.png">');
  });

  it('drops javascript:, vbscript:, non-image data: and other schemes from links and images', () => {
    const div = fragment(
      '<a href="javascript:alert(1)">a</a><a href=" jav&#x09;ascript:alert(1)">b</a><a href="vbscript:x">c</a>' +
        '<a href="data:text/html;base64,PHNjcmlwdD4=">d</a><img src="data:text/html,<script>x</script>"><a href="mailto:a@b.c">e</a>',
    );
    for (const a of div.querySelectorAll('a'))
      expect(a.hasAttribute('href'), a.textContent ?? '').toBe(false);
    expect(div.querySelector('img')?.hasAttribute('src')).toBe(false);
  });

  it('keeps relative links so articles can point at other pages of the site', () => {
    const div = fragment('<a href="/blog/how-to-price">pricing</a><a href="#faq">faq</a>');
    expect([...div.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      '/blog/how-to-price',
      '#faq',
    ]);
  });
});
