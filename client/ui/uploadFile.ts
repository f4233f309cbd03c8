import { AUTH_ERROR_MESSAGES } from '../../shared/auth/errors';
import type { StoredFile } from '../../shared/files/schemas';
import type { FilePurpose } from '../../shared/files/types';
import { ApiError, readErrorBody } from '../lib/api';

/**
 * Sends one file to the upload route with XMLHttpRequest, whose upload events report progress
 * (fetch has none): percent = bytes sent over total times 100, as the spec describes.
 */
export function uploadFile(
  eventId: string,
  purpose: FilePurpose,
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<StoredFile> {
  // Typed by the route's response schema, which the server checks the answer against (decision 0041).
  return uploadTo(
    `/api/events/${eventId}/files?purpose=${purpose}`,
    file,
    onProgress,
    signal,
  ) as Promise<StoredFile>;
}

/** Sends one file to an upload route (multipart field `file`) and answers the route's JSON. */
export function uploadTo(
  url: string,
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.responseType = 'text';
    // The CSRF defence lets a non-JSON mutation through only with this header.
    xhr.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(body);
        return;
      }
      const error = readErrorBody(body)?.error;
      reject(
        error
          ? new ApiError(xhr.status, error.code, error.message, error.issues)
          : new ApiError(xhr.status, 'unknown', `Error: ${xhr.status}`),
      );
    };
    xhr.onerror = () =>
      reject(
        new ApiError(0, 'auth/network-request-failed', AUTH_ERROR_MESSAGES['auth/network-request-failed']),
      );
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
