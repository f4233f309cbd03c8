// The boot script (decision 0053): index.html loads it before the app's entry chunk. It runs as
// soon as the page is parsed and starts the requests every signed-in screen waits for, so they
// travel while the app's code downloads and evaluates; the API client takes their answers
// (lib/earlyRequests.ts). It imports nothing else: it must stay small to run first.
import { fetchEarly, keepEarly } from './lib/earlyRequests';
import { currentEventOf, SESSION_PATH, shellPath } from './lib/sessionPaths';

const path = window.location.pathname;
// Screens that do not read the session on their first load: asking would only add a request.
const withoutSession = /^\/(guests|setup|unauthorised|404)(\/|$)|^\/auth\/(?!login\/?$)/.test(path);
// Sign-in reads the session (to send a signed-in visitor on) but shows no event's shell.
const withShell = !path.startsWith('/auth');

if (!withoutSession) {
  keepEarly(
    SESSION_PATH,
    fetchEarly(SESSION_PATH).then(async (response) => {
      if (!withShell || !response.ok) return response;
      // The shell is asked for as soon as the session names the event; the session's answer is
      // handed on only after that, so the app's first ask for the shell finds it started.
      const body = (await response
        .clone()
        .json()
        .catch(() => null)) as { me?: Parameters<typeof currentEventOf>[0] | null } | null;
      const event = body?.me ? currentEventOf(body.me) : null;
      if (event) keepEarly(shellPath(event.id), fetchEarly(shellPath(event.id)));
      return response;
    }),
  );
}
