import { stringify } from 'csv-stringify/sync';

/** Spreadsheets read a UTF-8 file as UTF-8 (a £, an accented name) only with the byte order mark. */
const BOM = '\uFEFF';

/**
 * A text starting with = + - @ or a tab would run as a formula in a spreadsheet, so it
 * gets a leading apostrophe (the OWASP advice against CSV injection). Numbers stay as
 * they are: a negative number is not a formula.
 */
function defused(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/**
 * A CSV download (RFC 4180 through csv-stringify: fields quoted where they hold a comma, a
 * quote or any line break, rows ending in CRLF), UTF-8 with the byte order mark, every text cell defused.
 */
export function csvFile(rows: readonly (readonly (string | number)[])[]): string {
  return (
    BOM +
    stringify(
      rows.map((row) => [...row]),
      { record_delimiter: 'windows', quoted_match: /[\r\n]/, cast: { string: defused } },
    )
  );
}
