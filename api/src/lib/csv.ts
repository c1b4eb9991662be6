/**
 * CSV files the api hands out (the waitlist's export, a provider's earnings): comma separated,
 * CRLF line ends, quotes around a cell only when it needs them, and cells that start like a
 * spreadsheet formula written as text, so a name typed by someone else cannot run one.
 */

/** One cell, escaped. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Rows (the first one the header) as a CSV text; `bom` starts it with U+FEFF so Excel reads UTF-8 (accents). */
export function csvText(rows: readonly (readonly string[])[], options: { bom?: boolean } = {}): string {
  const text = rows.map((row) => row.map(csvCell).join(',')).join('\r\n');
  return `${options.bom ? '\uFEFF' : ''}${text}\r\n`;
}
