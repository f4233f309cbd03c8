import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createRequestsInFlight } from './requestsInFlight';

const response = () => new EventEmitter() as unknown as ServerResponse;

describe('requests in flight', () => {
  it('counts a request until its response closes; an event stream is not counted', () => {
    const requests = createRequestsInFlight();
    const first = response();
    const second = response();
    requests.track('application/json', first);
    requests.track(undefined, second);
    requests.track('text/event-stream', response());
    expect(requests.count).toBe(2);
    first.emit('close');
    expect(requests.count).toBe(1);
    second.emit('close');
    expect(requests.count).toBe(0);
  });

  it('a quiet moment comes at once with none in flight, when the last one closes, or at the wait limit', async () => {
    const requests = createRequestsInFlight();
    let started = performance.now();
    await requests.quietMoment(1_000);
    expect(performance.now() - started).toBeLessThan(50);

    const open = response();
    requests.track('*/*', open);
    started = performance.now();
    setTimeout(() => open.emit('close'), 150);
    await requests.quietMoment(5_000);
    const waited = performance.now() - started;
    expect(waited).toBeGreaterThanOrEqual(140);
    expect(waited).toBeLessThan(2_000);

    requests.track('*/*', response());
    started = performance.now();
    await requests.quietMoment(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(190);
    expect(requests.count).toBe(1);
  });
});
