import { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { csvFile } from '../core/render/csv';

/** An entry's bytes, produced only when the archive reaches the entry. */
export type EntrySource = () => AsyncIterable<string | Buffer> | Readable | Promise<Readable>;

/**
 * A ZIP written as it is read (yazl): each entry's source starts when the archive reaches
 * it, and the archive pulls from it only as fast as the response drains, so an entry fed
 * page by page from the database is never whole in memory. Every entry carries `mtime`
 * (the app clock's time of the export). A source that fails ends the archive with its error.
 */
export function zipWriter(mtime: Date) {
  const zip = new ZipFile();
  const output = zip.outputStream as Readable;
  const fail = (error: unknown) =>
    output.destroy(error instanceof Error ? error : new Error(String(error)));

  return {
    add(name: string, source: EntrySource): void {
      zip.addReadStreamLazy(name, { mtime }, (callback) => {
        void opened(source).then((stream) => {
          stream.once('error', fail);
          callback(null, stream);
        }, fail);
      });
    },
    /** No more entries: the stream of the whole archive, for the response. */
    end(): Readable {
      zip.end();
      return output;
    },
  };
}

async function opened(source: EntrySource): Promise<Readable> {
  const produced = await source();
  return produced instanceof Readable
    ? produced
    : Readable.from(asBuffers(produced), { objectMode: false });
}

async function* asBuffers(chunks: AsyncIterable<string | Buffer>): AsyncGenerator<Buffer> {
  for await (const chunk of chunks)
    yield typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
}

/** A JSON array written an item at a time from pages of items (two-space indents). */
export async function* jsonArray<T>(pages: AsyncIterable<readonly T[]>): AsyncGenerator<string> {
  let first = true;
  yield '[';
  for await (const page of pages) {
    for (const item of page) {
      yield `${first ? '' : ','}\n  ${JSON.stringify(item, null, 2).replace(/\n/g, '\n  ')}`;
      first = false;
    }
  }
  yield first ? ']\n' : '\n]\n';
}

/** A text file already in hand. */
export async function* textFile(text: string): AsyncGenerator<string> {
  yield text;
}

/** One JSON value as a file. */
export async function* jsonValue(value: unknown): AsyncGenerator<string> {
  yield `${JSON.stringify(value, null, 2)}\n`;
}

/**
 * A CSV file through the project's CSV rules (core/render/csv.ts: the byte order mark once at the
 * start, CRLF rows, text cells defused) written a page of rows at a time.
 */
export async function* csvPages(
  header: readonly string[],
  pages: AsyncIterable<readonly (readonly (string | number)[])[]>,
): AsyncGenerator<string> {
  yield csvFile([header]);
  for await (const page of pages) {
    // Each page alone, without the mark the file already starts with.
    if (page.length > 0) yield csvFile(page).slice(1);
  }
}

/** Pages of one list already in hand (a short one: coupons, orders, devices). */
export async function* onePage<T>(items: readonly T[]): AsyncGenerator<readonly T[]> {
  yield items;
}
