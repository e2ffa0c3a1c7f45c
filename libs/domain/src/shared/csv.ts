/** One CSV cell: quoted when it holds a comma, a quote or a line break; a formula's first character defused. */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  // a spreadsheet would run =, +, - or @ at the start of a cell (a source named "=HYPERLINK(...)")
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line (no line break): the cells through `csvCell`. */
export const csvRow = (cells: Array<string | number | null>) => cells.map(csvCell).join(',');
