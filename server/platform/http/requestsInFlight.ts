import type { ServerResponse } from 'node:http';

/**
 * The requests the server is answering now, so that background work can let them go first.
 *
 * On PGlite the database runs on the server's own thread: a job's statements and a request's
 * queue behind each other, and a burst of deliveries after submissions made the submissions
 * themselves wait (issue 15: submit p95 4x with notifications). The queue there waits for a
 * moment with no request in flight before each job, at most `maxWaitMs`, so a steady stream of
 * requests slows the jobs down but never stops them (decision 0050). On PostgreSQL requests and
 * jobs run side by side on their own connections, and nothing waits.
 */
export type RequestsInFlight = {
  readonly count: number;
  /** Counts a request until its response is done or its connection closes. */
  track(accept: string | undefined, response: ServerResponse): void;
  /** Resolves once no request is in flight, or after `maxWaitMs`, whichever comes first. */
  quietMoment(maxWaitMs: number): Promise<void>;
};

export function createRequestsInFlight(): RequestsInFlight {
  let count = 0;
  // Jobs waiting for a quiet moment, told the instant the last request in flight ends.
  const waiting = new Set<() => void>();
  return {
    get count() {
      return count;
    },
    track(accept, response) {
      // An event stream stays open for the whole visit and waits for nothing: not a request in flight.
      if (accept?.includes('text/event-stream')) return;
      count++;
      response.once('close', () => {
        if (--count > 0) return;
        for (const wake of waiting) wake();
        waiting.clear();
      });
    },
    quietMoment(maxWaitMs) {
      if (count === 0) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          waiting.delete(wake);
          resolve();
        }, maxWaitMs);
        const wake = () => {
          clearTimeout(timer);
          resolve();
        };
        waiting.add(wake);
      });
    },
  };
}
