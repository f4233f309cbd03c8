import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';

/**
 * Writers that take a table's rows a page at a time and stream the file out as they go: the next
 * page is read only once the previous one has left (the reader's pace sets the database's), so
 * memory holds one page whatever the number of rows.
 */
export type StreamedTable = { header: string[]; pages: AsyncIterable<string[][]> };

const CSV_OPTIONS = { newline: '\r\n' } as const;

/** UTF-8 with a byte order mark, without which Excel reads the file in the machine's code page. */
export function csvStream(table: StreamedTable): Readable {
  async function* chunks() {
    yield `\ufeff${Papa.unparse([table.header], CSV_OPTIONS)}`;
    for await (const rows of table.pages) {
      if (rows.length > 0) yield `${CSV_OPTIONS.newline}${Papa.unparse(rows, CSV_OPTIONS)}`;
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}

/**
 * The workbook written with exceljs's streaming writer (shared strings and styles off, each row
 * flushed on commit); after each page it waits for the reader to take what is buffered.
 */
export function xlsxStream(table: StreamedTable, sheetName: string): PassThrough {
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useSharedStrings: false,
    useStyles: false,
  });
  const sheet = workbook.addWorksheet(sheetName);
  const write = async () => {
    sheet.addRow(table.header).commit();
    for await (const rows of table.pages) {
      for (const row of rows) sheet.addRow(row).commit();
      // A reader that went away stops the reading; a slow one makes it wait.
      if (stream.destroyed) return;
      if (stream.writableNeedDrain) await once(stream, 'drain');
    }
    sheet.commit();
    await workbook.commit();
  };
  // The reply is already streaming, so a failure can only cut the download short.
  write().catch((error: unknown) =>
    stream.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return stream;
}
