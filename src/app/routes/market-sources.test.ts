// The words before sign-up and the cards after it name a source the same way (issue 28): the market-sources feature
// and the search feature each keep their copy, so this checks them against each other where both are composed.
import { describe, expect, it } from 'vitest';
import { faqGroups, faqQuestionAnswers } from '@/features/marketing/content/faqs';
import { sourcesMessages } from '@/features/market-sources';
import { searchMessages } from '@/features/search/messages';

describe('where the figures come from, before and after sign-up', () => {
  it("uses the cards' own label for every origin", () => {
    expect(sourcesMessages.labels).toEqual(searchMessages.sourceLabels);
  });

  it('the FAQ asks it, keeps its answer true on any site, and leaves this site’s sources to the function', () => {
    const item = faqGroups
      .flatMap((g) => g.items)
      .find((i) => i.question === 'Where do the numbers come from?');
    expect(item?.slot).toBe('market-sources');
    const answer = faqQuestionAnswers().find(
      (qa) => qa.question === 'Where do the numbers come from?',
    )!.answer;
    expect(answer).toMatch(/Depending on how this site is set up/);
    expect(answer).toMatch(/demo market generated for trying the tool, which is not live marketplace data/);
    expect(answer).not.toMatch(/On this site now/);
    // Issue 52: the panel's figures are weekly totals with noise, each with its likely error.
    expect(answer).toMatch(/released once a week as totals with random noise added/);
    expect(answer).toMatch(/likely error/);
  });
});
