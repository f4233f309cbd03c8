// The boot script (decision 0053): index.html loads it before the app's entry chunk. It runs as
// soon as the page is parsed and starts what the first screen waits for, so it travels while the
// app's code downloads and evaluates: the route's chunks (preloaded), the session, the event's shell
// and the screen's first answers as soon as the session names the event (issue 22, decision 0056).
// The API client takes their answers (lib/earlyRequests.ts). It stays small to run first.

import { DEFAULT_NAV_COLOR } from '../shared/events/terminology';
import type { MemberArea } from '../shared/people/memberAreas';
import { shellLogo } from './features/shell/shellLogo';
import { fetchEarly, keepEarly } from './lib/earlyRequests';
import { paintEarlyFrame, rememberedFrame, rememberFrame, removeEarlyFrame } from './lib/earlyRequestsFrame';
import {
  earlyAnswersFor,
  imageOfAnswer,
  namesImage,
  preloadImage,
  preloadRoute,
  routeInFrame,
} from './lib/earlyRequestsRoutes';
import { currentEventOf, SESSION_PATH, shellPath } from './lib/sessionPaths';

/** What the boot script reads of the shell's answer: the logo, and the member's open areas. */
type ShellBody = {
  event?: { shortName?: string };
  branding?: Parameters<typeof shellLogo>[0] & { navBgColor?: string };
  membership?: { areas?: readonly MemberArea[] };
};

const path = window.location.pathname;
// Screens that do not read the session on their first load: asking would only add a request.
const withoutSession = /^\/(guests|setup|unauthorised|404)(\/|$)|^\/auth\/(?!login\/?$)/.test(path);
// Sign-in reads the session (to send a signed-in visitor on) but shows no event's shell.
const withShell = !path.startsWith('/auth');

const ask = (answerPath: string) => {
  const answer = fetchEarly(answerPath);
  keepEarly(answerPath, answer);
  // The screen's largest image (the dashboard's header) starts as soon as its answer names it,
  // not once the screen has rendered: read from a copy, before the app can take the answer.
  if (namesImage(answerPath))
    answer
      .then((response) => (response.ok ? response.clone().json() : null))
      .then((body: unknown) => {
        const image = imageOfAnswer(answerPath, body);
        if (image) preloadImage(image);
      })
      .catch(() => undefined);
};

// The frame's bar as this browser showed it last, before any answer (decision 0063).
const inFrame = withShell && routeInFrame(path);
const remembered = inFrame ? rememberedFrame() : null;
if (remembered) paintEarlyFrame(remembered);

if (!withoutSession) {
  for (const answerPath of earlyAnswersFor(path, null, false)) ask(answerPath);
  keepEarly(
    SESSION_PATH,
    fetchEarly(SESSION_PATH).then(async (response) => {
      if (response.status === 401) {
        // Signed out: no event's frame on this browser's next visit, nor now.
        rememberFrame(null);
        removeEarlyFrame();
      }
      if (!withShell || !response.ok) return response;
      // The shell and the screen's answers are asked for as soon as the session names the event;
      // the session's answer is handed on only after that, so the app's first ask finds them started.
      const body = (await response
        .clone()
        .json()
        .catch(() => null)) as { me?: Parameters<typeof currentEventOf>[0] | null } | null;
      const event = body?.me ? currentEventOf(body.me) : null;
      if (event) {
        const shell = fetchEarly(shellPath(event.id));
        keepEarly(shellPath(event.id), shell);
        // The frame's logo (the largest paint of several screens) starts as soon as it is named.
        // This reads a copy of the answer before the app can take it (its handlers come later).
        // The answers of a member area wait for the shell to name the open ones: a closed area's
        // would be a 403 nobody caused.
        for (const answerPath of earlyAnswersFor(path, event.id, true)) ask(answerPath);
        shell
          .then((answer) => (answer.ok ? answer.clone().json() : null))
          .then((body: ShellBody | null) => {
            const navColor = body?.branding?.navBgColor ?? DEFAULT_NAV_COLOR;
            const logo = shellLogo(body?.branding, navColor);
            if (logo) preloadImage(logo);
            // The frame's bar, painted now rather than once the app's code has run (decision 0063).
            if (body) {
              const frame = {
                eventName: body.event?.shortName || event.shortName || 'Event Portal',
                navColor,
                logo,
              };
              rememberFrame(frame);
              if (inFrame) paintEarlyFrame(frame);
            }
            const areas = body?.membership?.areas;
            if (areas) for (const answerPath of earlyAnswersFor(path, event.id, true, areas)) ask(answerPath);
          })
          .catch(() => undefined);
      }
      return response;
    }),
  );
}

// The current route's chunks, all at once rather than as the router finds them. After the session
// is asked for: writing a preload tag per file takes 135-155 ms at 4x CPU on a large screen (114
// files for the form builder), and the session's round trip heads the chain of every screen.
preloadRoute(path);
