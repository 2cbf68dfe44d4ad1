import { describe, expect, it } from 'vitest';
import { articleWordCount, countWords } from './word-count';

describe('countWords', () => {
  it('counts words separated by any whitespace', () => {
    expect(countWords('  one two\nthree\tfour ')).toBe(4);
  });
  it('ignores tags, bold markers and lone punctuation', () => {
    expect(countWords('<p>**Sold** comps — not asking prices.</p>')).toBe(5);
    expect(countWords('')).toBe(0);
  });
  it('counts numbers and hyphenated words once', () => {
    expect(countWords('Sell-through above 70% is high')).toBe(5);
  });
});

describe('articleWordCount', () => {
  const article = {
    intro: 'one two three',
    content: [{ heading: 'Four five', content: '<p>six **seven**</p>' }],
    columns: ['Eight', 'Nine'],
    rows: [['ten', 'eleven twelve']],
    table_title: 'Thirteen',
    key_takeaways: ['fourteen', 'fifteen sixteen'],
    summary: 'seventeen eighteen',
    faq: [{ question: 'nineteen twenty?', answer: 'twenty-one.' }],
  };

  it('counts the whole article: intro, sections, table, takeaways, summary and FAQ', () => {
    expect(articleWordCount(article)).toBe(21);
  });

  it('leaves out a table title when there is no table to title', () => {
    expect(articleWordCount({ ...article, columns: [], rows: [] })).toBe(21 - 6);
  });
});
