import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import type { TestApp } from '../../../test/harness';

/** Test and benchmark helpers: files as a person would upload them, and the import's API calls. */

export const CSV_TYPE = 'text/csv';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const csvFile = (rows: string[][]): Buffer => Buffer.from(`\ufeff${Papa.unparse(rows)}`);

/** An XLSX whose cells are plain values, or `{ formula }` for a formula cell. */
export async function xlsxFile(rows: ExcelJS.CellValue[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Teams');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A multipart body with one file in the field `file`, as the browser's FormData sends it. */
export function multipart(fileName: string, content: Buffer, contentType: string) {
  const boundary = `----portal${Math.random().toString(36).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-requested-with': 'fetch' },
  };
}

export function importApi(t: TestApp, eventId: string) {
  const base = (event: string) => `/api/events/${event}/team-imports`;
  return {
    upload: (cookie: string, fileName: string, content: Buffer, type = CSV_TYPE, event = eventId) => {
      const body = multipart(fileName, content, type);
      return t.app.inject({
        method: 'POST',
        url: base(event),
        headers: { cookie, ...body.headers },
        payload: body.payload,
      });
    },
    get: (cookie: string, path: string, event = eventId) =>
      t.app.inject({ method: 'GET', url: `${base(event)}${path}`, headers: { cookie } }),
    start: (cookie: string, importId: string, event = eventId) =>
      t.app.inject({
        method: 'POST',
        url: `${base(event)}/${importId}/start`,
        headers: { cookie },
        payload: {},
      }),
  };
}

/** The first line the crash driver (server/test/importCrashDriver.ts) prints once its import is started. */
export type DriverStart = { status: number; base: string; eventId: string; importId: string; cookie: string };

/**
 * Polls the driver's import through its own server until the counters show rows done (they are
 * flushed every 500 ms), and answers how many: the kill and SIGTERM tests signal then, not after a
 * fixed wait that a fast machine outruns (all rows done) or a busy one never reaches.
 */
export async function untilRowsDone(started: DriverStart, what: () => string, ms = 120_000): Promise<number> {
  const url = `${started.base}/api/events/${started.eventId}/team-imports/${started.importId}`;
  for (const deadline = Date.now() + ms; Date.now() < deadline; ) {
    const res = await fetch(url, { headers: { cookie: started.cookie } });
    const { doneRows } = (await res.json()) as { doneRows: number };
    if (doneRows > 0) return doneRows;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`the import made no row within ${ms} ms: ${what()}`);
}
