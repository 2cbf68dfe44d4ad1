// CSV for spreadsheets: RFC 4180 quoting, plus OWASP's defence against formula injection, since the cells hold
// text from marketplace exports (titles, brands) that anyone could have written.

export type CsvCell = string | number | null;

/** Characters that make Excel, Sheets or LibreOffice read a text cell as a formula. */
const formulaStart = /^[=+\-@\t\r]/;

function escapeCell(cell: CsvCell): string {
  if (cell === null) return '';
  // Numbers stay numbers: -12.5 is a value, not a formula, and prefixing it would turn it into text.
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  const text = formulaStart.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows to CSV text: cells quoted when needed, quotes doubled, lines ended with CRLF. */
export function toCsv(rows: CsvCell[][]): string {
  return rows.map((row) => row.map(escapeCell).join(',') + '\r\n').join('');
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
