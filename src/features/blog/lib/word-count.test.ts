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
  it('adds intro, summary, takeaways and FAQ questions and answers, not the sections', () => {
    expect(
      articleWordCount({
        intro: 'one two three',
        summary: 'four five',
        key_takeaways: ['six', 'seven eight'],
        faq: [{ question: 'nine ten?', answer: 'eleven.' }],
      }),
    ).toBe(11);
  });
});
