// CSV for spreadsheets, written by Papa Parse's unparse: every text cell quoted (so a title with a comma, a quote or a
// line break stays one cell) and, as OWASP advises against formula injection, a text cell that a spreadsheet would run
// as a formula prefixed with ' so it opens as text. The cells hold text from marketplace exports (titles, brands)
// that anyone could have written, and sellers' titles are imported as they wrote them (decision 078).
import Papa from 'papaparse';

export type CsvCell = string | number | null;

/**
 * Text a spreadsheet may read as a formula: one starting with = + - @, a tab or a carriage return, also after leading
 * spaces (Excel skips them) and in their full-width forms (＝ ＋ － ＠, which some spreadsheets fold to the ASCII signs).
 * Papa Parse accepts a RegExp for escapeFormulae and tests it against each text cell.
 */
export const formulaStart = /^[\s\u3000]*[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20\uFE62\uFE63\uFE66\uFE6B]/;

/** Rows to CSV text: text cells quoted (quotes doubled), numbers as they are, lines ended with CRLF. */
export function toCsv(rows: CsvCell[][]): string {
  if (rows.length === 0) return '';
  const cells = rows.map((row) =>
    row.map((cell) => (typeof cell === 'number' ? (Number.isFinite(cell) ? cell : null) : cell)),
  );
  return (
    Papa.unparse(cells, {
      quotes: (value: unknown) => typeof value === 'string',
      escapeFormulae: formulaStart,
      newline: '\r\n',
      skipEmptyLines: false,
    }) + '\r\n'
  );
}

/** Saves CSV text as a file. The byte order mark makes Excel read it as UTF-8, so accents survive. */
export function downloadCsv(filename: string, csv: string): void {
  const blob = new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked on the next turn: some browsers start the download only after the click handler returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
