import { describe, expect, it } from 'vitest';
import { ebayKeywords, type ParsedQuery } from './query.ts';

const parsed = (over: Partial<ParsedQuery>): ParsedQuery => ({
  clauses: [],
  exclude: [],
  corrected: [],
  ignored: [],
  ...over,
});

describe('ebayKeywords (the eBay query from the parsed query)', () => {
  it('asks for a brand and a garment by their names, whatever spelling was typed', () => {
    expect(
      ebayKeywords(
        parsed({
          clauses: [
            {
              groups: [
                { kind: 'brand', label: 'Dr. Martens', any: [['dms'], ['doc', 'marten']] },
                { kind: 'word', any: [['1460']] },
                { kind: 'garment', label: 'denim jacket', any: [['jean', 'jacket']] },
              ],
              phrases: [],
            },
          ],
        }),
      ),
    ).toBe('dr martens 1460 denim jacket');
  });

  it('quotes phrases, keeps exclusions and leaves size terms to their number', () => {
    expect(
      ebayKeywords(
        parsed({
          clauses: [
            {
              groups: [
                { kind: 'word', any: [['wide']] },
                { kind: 'word', any: [['leg']] },
                { kind: 'word', any: [['sz_8']] },
                { kind: 'word', any: [['8']] },
              ],
              phrases: ['wide leg'],
            },
          ],
          exclude: [{ kind: 'word', any: [['kid']] }],
        }),
      ),
    ).toBe('wide leg 8 "wide leg" -kid');
  });

  it("writes a comma's alternatives in eBay's (a, b) form", () => {
    expect(
      ebayKeywords(
        parsed({
          clauses: [
            { groups: [{ kind: 'word', any: [['nuptse']] }], phrases: [] },
            {
              groups: [
                { kind: 'word', any: [['super']] },
                { kind: 'word', any: [['puff']] },
              ],
              phrases: [],
            },
          ],
        }),
      ),
    ).toBe('(nuptse, super puff)');
  });

  it('is empty when nothing is left to search for', () => {
    expect(ebayKeywords(parsed({ clauses: [{ groups: [], phrases: [] }] }))).toBe('');
  });
});
