import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatPresets } from './formats';
import { buildLoaded, loadFile } from './inspect';
import { UnreadableFileError } from './read';
import { guessMapping } from './rows';

const dir = path.resolve(import.meta.dirname, '../../../../../tests/fixtures/sales');
const load = (name: string) => loadFile(new Uint8Array(readFileSync(path.join(dir, name))), name);
const bytes = (text: string) => new TextEncoder().encode(text);

describe('recognising an export by its header row', () => {
  it.each(formatPresets.map((p) => [p.id]))('%s', (id) => {
    const loaded = load(`${id}.csv`);
    expect(loaded.inspection.preset?.id).toBe(id);
    const built = buildLoaded(loaded, loaded.inspection.plan!);
    expect(built.rows.length).toBeGreaterThanOrEqual(6);
    // Every fixture holds a Levi's 501, so one search can find rows of every export.
    expect(built.rows.some((r) => /levi.?s 501/i.test(r.title))).toBe(true);
    expect(built.rows.every((r) => r.status !== 'sold' || r.sold_at)).toBe(true);
  });

  it('finds the header under the title lines of a report and skips the notes under the table', () => {
    const posh = load('poshmark-sales.csv');
    expect(posh.inspection.header[0]).toBe('Listing Date');
    const ebay = load('ebay-orders.csv');
    const built = buildLoaded(ebay, ebay.inspection.plan!);
    expect(built.rejected).toEqual([]);
    expect(built.skipped.map((s) => s.text)).toEqual([
      expect.stringContaining('record(s) downloaded'),
      'Seller ID : threadandthrift_oh',
    ]);
  });

  it('gives rows without an id one from their content, the same on every read', () => {
    const first = buildLoaded(load('depop-sales.csv'), load('depop-sales.csv').inspection.plan!);
    const second = buildLoaded(load('depop-sales.csv'), load('depop-sales.csv').inspection.plan!);
    expect(first.rows.map((r) => r.external_id)).toEqual(second.rows.map((r) => r.external_id));
    expect(new Set(first.rows.map((r) => r.external_id)).size).toBe(first.rows.length);
  });

  it('reads a crosslister row from the fallback columns when the first is empty', () => {
    const loaded = load('vendoo-inventory.csv');
    const built = buildLoaded(loaded, loaded.inspection.plan!);
    const listed = built.rows.filter((r) => r.status === 'available');
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((r) => r.price != null && r.marketplace)).toBe(true);
  });

  it('reports a bad row by line with its reason and keeps the others', () => {
    const loaded = load('flipwise.csv');
    const built = buildLoaded(loaded, loaded.inspection.plan!);
    expect(built.rows).toHaveLength(6);
    expect(built.rejected).toEqual([
      expect.objectContaining({ line: 7, reasons: ['price “abc” is not a number'] }),
    ]);
  });

  it('refuses a date before 2000, after tomorrow or unreadable, by line, with a reason, and keeps the others (issue 49)', () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const later = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const file = [
      'marketplace,external_id,title,condition,status,price,listed_at,sold_at',
      "ebay,a1,Levi's 501 jeans,pre_owned,sold,40,2026-01-02,9999-12-31T10:00:00Z",
      "ebay,a2,Levi's 501 jeans,pre_owned,sold,40,0001-01-01,2026-01-03",
      "ebay,a3,Levi's 501 jeans,pre_owned,sold,40,2026-01-02,1999-12-31",
      `ebay,a4,Levi's 501 jeans,pre_owned,sold,40,2026-01-02,${later}`,
      `ebay,a5,Levi's 501 jeans,pre_owned,sold,40,2026-01-02,${tomorrow}`,
      "ebay,a6,Levi's 501 jeans,pre_owned,available,40,2000-01-01,",
    ].join('\n');
    const loaded = loadFile(bytes(file), 'dates.csv');
    const built = buildLoaded(loaded, loaded.inspection.plan!);
    expect(built.rows.map((r) => r.external_id)).toEqual(['a5', 'a6']);
    expect(built.rejected).toEqual([
      expect.objectContaining({
        line: 2,
        reasons: ["the sale date 9999-12-31 is after tomorrow: check the file's date column"],
      }),
      expect.objectContaining({
        line: 3,
        reasons: ['listing date “0001-01-01” is not a date we can read (for example 2026-03-05)'],
      }),
      expect.objectContaining({
        line: 4,
        reasons: [
          "the sale date 1999-12-31 is before 2000: check the file's date column",
          'the sale date is before the listing date',
        ],
      }),
      expect.objectContaining({
        line: 5,
        reasons: [`the sale date ${later} is after tomorrow: check the file's date column`],
      }),
    ]);
  });

  it('leaves an unknown file to the mapping step, with a first guess', () => {
    const loaded = load('unknown-format.csv');
    expect(loaded.inspection.preset).toBeNull();
    expect(guessMapping(loaded.inspection.header)).toMatchObject({ title: 'Item', price: 'Sold price' });
  });
});

describe('files the import refuses, with a reason', () => {
  it('a workbook, binary data, another encoding, no header', () => {
    expect(() => loadFile(bytes('PK\u0003\u0004rest'), 'sales.xlsx')).toThrow(/workbook/);
    expect(() => loadFile(new Uint8Array([1, 0, 2, 0, 3]), 'x.csv')).toThrow(/binary data/);
    expect(() =>
      loadFile(new Uint8Array([0x74, 0x69, 0x74, 0x6c, 0x65, 0x0a, 0xe9, 0x74, 0xe9]), 'x.csv'),
    ).toThrow(/UTF-8/);
    expect(() => loadFile(bytes('\n\n'), 'empty.csv')).toThrow(UnreadableFileError);
  });

  it('reads UTF-16 with its byte-order mark (Excel “Unicode text”)', () => {
    const text = 'title,price,sold on\nCafé jacket,10,2026-01-02\n';
    const utf16 = new Uint8Array(2 + text.length * 2);
    utf16.set([0xff, 0xfe]);
    for (let i = 0; i < text.length; i++) utf16[2 + i * 2] = text.charCodeAt(i);
    expect(loadFile(utf16, 'x.csv').inspection.sample[0][0]).toBe('Café jacket');
  });

  it('refuses a title a spreadsheet would run as a formula', () => {
    const csv = `title,price,sold_at\n"=HYPERLINK(""http://evil.example"",""click"")",10,2026-01-02\n`;
    const loaded = loadFile(bytes(csv), 'x.csv');
    const built = buildLoaded(loaded, {
      format: 'mapped',
      formatName: 'mapped',
      mapping: { title: 'title', price: 'price', sold_at: 'sold_at' },
      marketplace: 'ebay',
      status: null,
      dayFirst: false,
    });
    expect(built.rows).toEqual([]);
    expect(built.rejected[0].reasons[0]).toMatch(/formula/);
  });
});
