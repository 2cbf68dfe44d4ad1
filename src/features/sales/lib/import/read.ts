// From a file's bytes to a table: the text (UTF-8, or UTF-16 with its byte-order mark), refused with a clear reason
// when it is a workbook, binary or another encoding; then the records, read by Papa Parse (quoting, line breaks in
// cells, the delimiter found from the file), each with the line it starts on.
import Papa from 'papaparse';

/** A file the import cannot read at all; the message says what to do. */
export class UnreadableFileError extends Error {}

export const limits = {
  /** 20 MB: about 100,000 rows of a marketplace export. */
  bytes: 20 * 1024 * 1024,
  rows: 100_000,
};

export function decodeFile(bytes: Uint8Array): string {
  if (bytes.length > limits.bytes)
    throw new UnreadableFileError(
      `This file is ${(bytes.length / 1024 / 1024).toFixed(1)} MB; the limit is 20 MB. Split it by date range and import each part.`,
    );
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04)
    throw new UnreadableFileError(
      'This is a workbook (such as .xlsx), not a CSV file. Open it in Excel or Google Sheets, save or download it as CSV, and import that file.',
    );
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  const head = bytes.subarray(0, 8192);
  if (head.includes(0))
    throw new UnreadableFileError(
      'This file holds binary data, not text. Import the CSV file the marketplace gave you (or save your sheet as CSV).',
    );
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new UnreadableFileError(
      'This file is not in UTF-8, so accented letters and symbols would come out wrong. Save it as “CSV UTF-8” (Excel) or download it as CSV (Google Sheets), then import it again.',
    );
  }
}

export type SourceRecord = { line: number; fields: string[] };
/** A file as a table: the header row, the records under it, and the records above it (title lines, padding). */
export type Table = { header: string[]; headerLine: number; records: SourceRecord[]; above: SourceRecord[] };

/**
 * The header row is the first of the first ten rows that `isHeader` recognises (a known export's header), or else the
 * first row with at least two filled cells and nearly as many as the widest of the first twenty rows, so the title
 * lines and padding rows some exports put first are passed over and kept apart (`above`). A blank line is not a record; a row of bare commas is (a padding row).
 */
export function readTable(text: string, isHeader: (fields: string[]) => boolean = () => false): Table {
  const input = text.replace(/^\uFEFF/, '');
  const rows: SourceRecord[] = [];
  let line = 1;
  let scanned = 0;
  Papa.parse<string[]>(input, {
    skipEmptyLines: false,
    step: (result) => {
      const end = result.meta.cursor;
      const fields = result.data;
      if (fields.length > 1 || fields.some((f) => f.trim() !== '')) rows.push({ line, fields });
      // The next record starts after this one's line breaks (quoted cells may hold some).
      for (let i = scanned; i < end; i++) if (input.charCodeAt(i) === 10) line++;
      if (input.charCodeAt(end) === 13 && input.charCodeAt(end + 1) === 10) {
        line++;
        scanned = end + 2;
      } else if (input.charCodeAt(end) === 10 || input.charCodeAt(end) === 13) {
        line++;
        scanned = end + 1;
      } else scanned = end;
    },
  });
  const known = rows.slice(0, 10).findIndex((r) => isHeader(r.fields.map((f) => f.trim())));
  // Else the first row nearly as wide as the widest of the file's first rows: a report's title lines ("Sales for:,
  // @closet") are narrower than its header.
  const filled = (r: SourceRecord) => r.fields.filter((f) => f.trim() !== '').length;
  const widest = Math.max(0, ...rows.slice(0, 20).map(filled));
  const start = known >= 0 ? known : rows.findIndex((r) => filled(r) >= Math.max(2, Math.ceil(widest * 0.6)));
  if (start < 0) return { header: [], headerLine: 0, records: [], above: [] };
  return {
    header: rows[start].fields.map((f) => f.trim().replace(/^\uFEFF/, '')),
    headerLine: rows[start].line,
    records: rows.slice(start + 1),
    above: rows.slice(0, start),
  };
}

/** JSON Lines: one object per line. Lines that are not objects come back as problems, by line. */
export function readJsonLines(text: string): {
  objects: { line: number; value: Record<string, unknown> }[];
  problems: { line: number; reasons: string[] }[];
} {
  const objects: { line: number; value: Record<string, unknown> }[] = [];
  const problems: { line: number; reasons: string[] }[] = [];
  text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .forEach((source, index) => {
      if (!source.trim()) return;
      let value: unknown;
      try {
        value = JSON.parse(source);
      } catch {
        problems.push({ line: index + 1, reasons: ['not valid JSON'] });
        return;
      }
      if (!value || typeof value !== 'object' || Array.isArray(value)) {
        problems.push({ line: index + 1, reasons: ['each line must be a JSON object'] });
        return;
      }
      objects.push({ line: index + 1, value: value as Record<string, unknown> });
    });
  return { objects, problems };
}

/** JSON Lines objects as a table, so both kinds of file go through one mapping and one set of rules. */
export function jsonLinesTable(objects: { line: number; value: Record<string, unknown> }[]): Table {
  const header: string[] = [];
  const seen = new Set<string>();
  for (const { value } of objects)
    for (const key of Object.keys(value))
      if (!seen.has(key)) {
        seen.add(key);
        header.push(key);
      }
  const cell = (v: unknown) => (v == null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));
  return {
    header,
    headerLine: 0,
    records: objects.map(({ line, value }) => ({ line, fields: header.map((key) => cell(value[key])) })),
    above: [],
  };
}
