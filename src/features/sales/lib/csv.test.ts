import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadCsv, toCsv } from './csv';

describe('toCsv', () => {
  it('quotes every text cell, keeps numbers bare and ends every line with CRLF', () => {
    expect(
      toCsv([
        ['Brand', 'Sold'],
        ['Levi’s', 9],
        ['Zara', null],
      ]),
    ).toBe('"Brand","Sold"\r\n"Levi’s",9\r\n"Zara",\r\n');
  });

  it('keeps commas, quotes and line breaks inside their cell, quotes doubled', () => {
    expect(toCsv([['Jeans, blue', 'The "501"', 'two\nlines', 'a\r\nb']])).toBe(
      '"Jeans, blue","The ""501""","two\nlines","a\r\nb"\r\n',
    );
  });

  it('stops text from being read as a formula (OWASP CSV injection), after spaces and in full-width signs too', () => {
    expect(toCsv([['=HYPERLINK("http://evil","click")']])).toBe(
      `"'=HYPERLINK(""http://evil"",""click"")"\r\n`,
    );
    expect(toCsv([['+1', '-2', '@SUM(A1)']])).toBe(`"'+1","'-2","'@SUM(A1)"\r\n`);
    expect(toCsv([['\tcmd', '\rcmd']])).toBe(`"'\tcmd","'\rcmd"\r\n`);
    expect(toCsv([['  =1+1', '＝HYPERLINK("x")', '＋1', '－1', '＠A1', '\u3000=1']])).toBe(
      `"'  =1+1","'＝HYPERLINK(""x"")","'＋1","'－1","'＠A1","'\u3000=1"\r\n`,
    );
    // A sign inside the text is harmless.
    expect(toCsv([['T-shirt', 'Size 8+']])).toBe('"T-shirt","Size 8+"\r\n');
  });

  it('keeps numbers as numbers, negative ones included', () => {
    expect(toCsv([[-2, 0, 12.5, Number.NaN]])).toBe('-2,0,12.5,\r\n');
  });
});

// jsdom's Blob has no arrayBuffer(); FileReader reads it.
const bytesOf = (blob: Blob) =>
  new Promise<Uint8Array>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });

describe('downloadCsv', () => {
  const { createObjectURL, revokeObjectURL } = URL;
  afterEach(() => {
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    vi.restoreAllMocks();
  });

  it('saves a UTF-8 file with a byte order mark under the given name', async () => {
    const blobs: Blob[] = [];
    const create = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:sales';
    });
    const revoke = vi.fn();
    Object.assign(URL, { createObjectURL: create, revokeObjectURL: revoke });
    const clicks: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this);
    });

    downloadCsv('flipwise-sales-by-brand.csv', 'Brand\r\nCéline\r\n');

    expect(clicks).toHaveLength(1);
    expect(clicks[0].download).toBe('flipwise-sales-by-brand.csv');
    expect(clicks[0].getAttribute('href')).toBe('blob:sales');
    expect(clicks[0].isConnected).toBe(false);
    expect(blobs[0].type).toBe('text/csv;charset=utf-8');
    const bytes = await bytesOf(blobs[0]);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe('Brand\r\nCéline\r\n');
    await vi.waitFor(() => expect(revoke).toHaveBeenCalledWith('blob:sales'));
  });
});
