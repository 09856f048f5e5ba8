/** A CSV the server made: its text and the name it gives the file. */
export type CsvDownload = { content: string; filename: string };

/**
 * Saves a CSV the browser way: a temporary object URL behind a link with `download`.
 * The byte order mark tells spreadsheets the file is UTF-8 (a £, an accented name).
 */
export function saveCsvFile(file: CsvDownload): void {
  const blob = new Blob(['\uFEFF', file.content], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
