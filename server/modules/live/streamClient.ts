import http from 'node:http';

/**
 * A small SSE reader over a real socket, for the stream's tests and benchmark (inject() cannot
 * read an answer that never ends). Collects each `data:` message and each comment line.
 */
export interface StreamReader {
  status: number;
  contentType: string;
  messages: { type: string }[];
  /** Everything received, as text (the error body of a refusal). */
  text: string;
  /** Comment lines (`: keep-alive`), without the colon. */
  comments: string[];
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  /** Resolves with the messages once at least `count` have arrived; rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<{ type: string }[]>;
  close(): void;
  /** Called on every message, for timing. */
  onMessage?: (message: { type: string }) => void;
}

export function openStream(baseUrl: string, path: string, cookie: string): Promise<StreamReader> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${baseUrl}${path}`,
      { headers: { cookie, accept: 'text/event-stream' }, agent: false },
      (response) => {
        let buffer = '';
        let markEnded: () => void = () => {};
        const waiters = new Set<() => void>();
        const reader: StreamReader = {
          status: response.statusCode ?? 0,
          contentType: String(response.headers['content-type'] ?? ''),
          messages: [],
          text: '',
          comments: [],
          ended: new Promise((done) => {
            markEnded = done;
          }),
          waitFor(count, timeoutMs = 5_000) {
            return new Promise((done, fail) => {
              const check = () => {
                if (reader.messages.length < count) return false;
                clearTimeout(timer);
                waiters.delete(check);
                done(reader.messages);
                return true;
              };
              const timer = setTimeout(() => {
                waiters.delete(check);
                fail(
                  new Error(`waited ${timeoutMs} ms for ${count} messages, got ${reader.messages.length}`),
                );
              }, timeoutMs);
              if (!check()) waiters.add(check);
            });
          },
          close: () => request.destroy(),
        };
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          buffer += chunk;
          reader.text += chunk;
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            for (const line of buffer.slice(0, end).split('\n')) {
              if (line.startsWith('data: ')) {
                const message = JSON.parse(line.slice(6)) as { type: string };
                reader.messages.push(message);
                reader.onMessage?.(message);
              } else if (line.startsWith(':')) reader.comments.push(line.slice(1).trim());
            }
            buffer = buffer.slice(end + 2);
            end = buffer.indexOf('\n\n');
          }
          for (const waiter of [...waiters]) waiter();
        });
        response.on('end', () => markEnded());
        response.on('close', () => markEnded());
        response.on('error', () => markEnded());
        resolve(reader);
      },
    );
    request.on('error', reject);
  });
}
