import type { FilePurpose } from '../../../shared/files/types';
import type { TestApp } from '../../test/harness';

/** A multipart/form-data body with one `file` field, as a browser sends it. */
export function multipartBody(fileName: string, bytes: Buffer, contentType = 'application/octet-stream') {
  const boundary = `----portal${Math.random().toString(36).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** Uploads through the API as a signed-in cookie; other modules' tests use it to get file ids. */
export function uploadAs(
  t: TestApp,
  cookie: string,
  eventId: string,
  purpose: FilePurpose,
  fileName: string,
  bytes: Buffer,
  headers: Record<string, string> = {},
) {
  const body = multipartBody(fileName, bytes);
  return t.app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/files?purpose=${purpose}`,
    headers: { cookie, 'content-type': body.contentType, 'x-requested-with': 'XMLHttpRequest', ...headers },
    payload: body.payload,
  });
}
