// suggestSearches reads public.market_suggestions' answer: the suggestions, at most three, and the words the first
// one leaves out (issue 54), and a failure costs only the suggestions.
import { describe, expect, it } from 'vitest';
import { MAX_SUGGESTIONS, suggestSearches } from './suggest.ts';

const service = (data: unknown, error: { message: string } | null = null) => {
  const calls: { fn: string; args: unknown }[] = [];
  return {
    calls,
    rpc: ((fn: string, args: unknown) => {
      calls.push({ fn, args });
      return Promise.resolve({ data, error });
    }) as never,
  };
};

describe('suggestSearches', () => {
  it('asks market_suggestions for the query and says the words the first suggestion leaves out', async () => {
    const fake = service({ suggestions: ['Coach tabby', 'Coach'], unused: ['26'] });
    expect(await suggestSearches(fake, 'coach tabby 26')).toEqual({
      suggestions: ['Coach tabby', 'Coach'],
      unusedWords: ['26'],
    });
    expect(fake.calls).toEqual([
      { fn: 'market_suggestions', args: { p_query: 'coach tabby 26', p_limit: MAX_SUGGESTIONS } },
    ]);
  });

  it('keeps at most three strings, and names no unused word without a suggestion to go with it', async () => {
    expect(
      await suggestSearches(service({ suggestions: ['a', 2, 'b', 'c', 'd'], unused: ['x', null] }), 'q'),
    ).toEqual({ suggestions: ['a', 'b', 'c'], unusedWords: ['x'] });
    expect(await suggestSearches(service({ suggestions: [], unused: ['26'] }), 'q')).toEqual({
      suggestions: [],
      unusedWords: [],
    });
    expect(await suggestSearches(service(null), 'q')).toEqual({ suggestions: [], unusedWords: [] });
  });

  it('answers nothing when the database fails, and logs why', async () => {
    const logged: string[] = [];
    expect(
      await suggestSearches(service(null, { message: 'boom' }), 'q', (line) => logged.push(line)),
    ).toEqual({ suggestions: [], unusedWords: [] });
    expect(logged).toEqual(['Search suggestions failed: boom']);
  });
});
