import { describe, expect, it } from 'vitest';
import { boldToStrong, headingId, paragraphs, renderSectionHtml, splitParagraphs } from './article-html';

describe('boldToStrong', () => {
  it('turns **markers** into strong text, several per line', () => {
    expect(boldToStrong('a **b** c **d e**')).toBe('a <strong>b</strong> c <strong>d e</strong>');
  });
  it('leaves a lone or empty marker as typed', () => {
    expect(boldToStrong('5 ** 2 and ****')).toBe('5 ** 2 and ****');
  });
});

describe('paragraphs', () => {
  it('wraps blank-line separated blocks in <p> but not lists', () => {
    expect(paragraphs('One\nline two\n\n<ul><li>x</li></ul>\n\nThree')).toBe(
      '<p>One<br>line two</p>\n<ul><li>x</li></ul>\n<p>Three</p>',
    );
  });
});

describe('renderSectionHtml', () => {
  it('renders bold inside list items and sanitises the result', () => {
    const html = renderSectionHtml(
      'Intro **text**.\n\n<ul><li>**Fees** matter<img src=x onerror=alert(1)></li></ul>',
    );
    expect(html).toBe(
      '<p>Intro <strong>text</strong>.</p>\n<ul><li><strong>Fees</strong> matter<img src="x"></li></ul>',
    );
  });
});

describe('splitParagraphs', () => {
  it('splits plain text on blank lines', () => {
    expect(splitParagraphs('a\n\n\nb \r\n\r\nc')).toEqual(['a', 'b', 'c']);
  });
});

describe('headingId', () => {
  it('makes stable, unique, URL-safe anchors', () => {
    expect(headingId('Why asking prices mislead', 0)).toBe('section-1-why-asking-prices-mislead');
    expect(headingId('Café & "Comps"!', 2)).toBe('section-3-cafe-comps');
    expect(headingId('¿?', 4)).toBe('section-5');
  });
});
