import { describe, expect, it } from 'vitest';
import { ebayKeywords, sizeOf, type ParsedQuery } from './query.ts';

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

describe('sizeOf (a size written in the query, as the size choice writes it)', () => {
  const words = (...ws: string[]) =>
    parsed({
      clauses: [
        {
          groups: [
            { kind: 'brand', label: "Levi's", any: [['levi']] },
            ...ws.map((w) => ({ kind: 'word' as const, any: [[w]] })),
          ],
          phrases: [],
        },
      ],
    });

  it('reads letter, number, regional and one sizes, and a waist with its inseam', () => {
    expect(sizeOf(words('501', 'sz_m'))).toBe('M');
    expect(sizeOf(words('sz_xxl'))).toBe('XXL');
    expect(sizeOf(words('sz_8', '8'))).toBe('8');
    expect(sizeOf(words('sz_uk8'))).toBe('UK 8');
    expect(sizeOf(words('sz_eu42'))).toBe('EU 42');
    expect(sizeOf(words('sz_os'))).toBe('One size');
    expect(sizeOf(words('501', 'w32', 'l30'))).toBe('32x30');
    expect(sizeOf(words('w32'))).toBe('W32');
  });

  it('is null without one, and for a size word inside an alternative', () => {
    expect(sizeOf(words('501'))).toBeNull();
    expect(sizeOf(undefined)).toBeNull();
    expect(
      sizeOf(parsed({ clauses: [{ groups: [{ kind: 'word', any: [['sz_m'], ['medium']] }], phrases: [] }] })),
    ).toBeNull();
  });
});
