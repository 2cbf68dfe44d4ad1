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
