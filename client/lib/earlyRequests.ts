/**
 * Answers asked for before the app's code has loaded (issue 13, fifth pass; decision 0053). The
 * boot script (client/boot.ts) is a few hundred bytes that run as soon as the page is parsed, while
 * the entry chunk and its imports still download and evaluate (about a second at 4x CPU): it starts
 * the session's request, and the current event's shell as soon as the session names it. The API
 * client takes each answer the first time the app asks for that path, instead of asking again.
 * Since issue 22 (decision 0056) the boot script also asks for the first screen's own answers
 * (lib/earlyRequestsRoutes.ts), which its components take on their first render; whatever the first
 * screen did not take is dropped at the first navigation (`discardEarly`, client/main.tsx), so a
 * later screen never reads an answer from the page's start.
 */
const early = new Map<string, Promise<Response>>();

/** A GET as the API client sends it (same credentials and Accept header). */
export function fetchEarly(path: string): Promise<Response> {
  return fetch(path, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
}

/** Keeps `response` for the app's first GET of `path`. */
export function keepEarly(path: string, response: Promise<Response>): void {
  // Taken or not, a failure here is the app's to report when it asks, never an unhandled rejection.
  response.catch(() => undefined);
  early.set(path, response);
}

/** The early answer for `path`, once: the next request for it goes to the server. */
export function takeEarly(path: string): Promise<Response> | undefined {
  const response = early.get(path);
  early.delete(path);
  return response;
}

/** Drops the early answers nobody took (the first screen has loaded without them). */
export function discardEarly(): void {
  early.clear();
}
