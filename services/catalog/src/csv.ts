// The CSV files the centre's accounts open in a spreadsheet: UTF-8 with a byte order mark (Excel then
// reads the Cyrillic), RFC 4180 quoting, CRLF line ends.

const byteOrderMark = '\uFEFF';

/** The file of a heading and its rows. */
export function csvFile(heading: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  return byteOrderMark + [heading, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/**
 * RFC 4180: a field with a comma, quote or line break goes in quotes, its quotes doubled. A field
 * starting like a formula (=, +, -, @) gets a leading apostrophe so a spreadsheet shows it as text.
 */
export function csvField(value: string): string {
  const text = /^[=+\-@]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
