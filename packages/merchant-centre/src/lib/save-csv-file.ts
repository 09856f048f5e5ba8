/** A CSV the server made: its text and the name it gives the file. */
export type CsvDownload = { content: string; filename: string };

/**
 * Saves a file the browser way: a link with `download` to its object URL, which is
 * revoked once the browser has taken it.
 */
export function saveObjectUrl(url: string, filename: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Saves a CSV; the byte order mark tells spreadsheets the file is UTF-8 (a £, an accented name). */
export function saveCsvFile(file: CsvDownload): void {
  const blob = new Blob(['\uFEFF', file.content], { type: 'text/csv;charset=utf-8' });
  saveObjectUrl(URL.createObjectURL(blob), file.filename);
}
