/**
 * The Sentry browser SDK, configured as the spec and decision 0043 say. This module is imported
 * only by `startErrorReports` when the page names a DSN (a dynamic import: its own chunk).
 */
import {
  addEventProcessor,
  browserTracingIntegration,
  captureException,
  init,
  replayIntegration,
  withScope,
} from '@sentry/browser';
import { scrubBreadcrumb, scrubDeep, scrubEvent } from './errorReportScrub';
import type { ErrorReportsSdk } from './errorReports';

/** The spec's sample rates: every trace, one session in ten recorded, every session with an error. */
export const SAMPLE_RATES = {
  tracesSampleRate: 1,
  replaysSessionSampleRate: 0.1,
  replaysOnErrorSampleRate: 1,
} as const;

export function startSdk(dsn: string): ErrorReportsSdk {
  init({
    dsn,
    ...SAMPLE_RATES,
    // SDK 11's successor of `sendDefaultPii: false`, each kind named: no user, cookies, headers,
    // bodies, query parameters or local variables are collected in the first place.
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: false,
      httpBodies: [],
      urlQueryParams: false,
      stackFrameVariables: false,
    },
    environment: import.meta.env.MODE,
    integrations: [
      browserTracingIntegration(),
      // Every text and input masked, images and videos blocked; no request or response bodies or
      // headers (networkDetailAllowUrls stays empty). Breadcrumbs in the recording are scrubbed.
      replayIntegration({
        maskAllText: true,
        maskAllInputs: true,
        blockAllMedia: true,
        beforeAddRecordingEvent: (event) => scrubDeep(event),
      }),
    ],
    beforeSend: (event) => scrubEvent(event),
    beforeSendTransaction: (event) => scrubEvent(event),
    beforeBreadcrumb: (breadcrumb) => scrubBreadcrumb(breadcrumb),
  });
  // The replay's own event (the pages it visited) goes through event processors, not beforeSend.
  addEventProcessor((event) => (event.type === 'replay_event' ? scrubEvent(event) : event));
  return {
    capture(error, { source, tags }) {
      withScope((scope) => {
        scope.setTag('source', source);
        if (tags) scope.setTags(tags);
        captureException(error);
      });
    },
  };
}
