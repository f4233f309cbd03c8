import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { retryDelay, useLiveConnected, useLiveEvents } from './liveEvents';

/** A stand-in for the browser's EventSource that the test drives. */
class FakeSource {
  static all: FakeSource[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: MessageEvent<string>) => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeSource.all.push(this);
  }
  close() {
    this.closed = true;
  }
  send(data: string) {
    this.onmessage?.({ data } as MessageEvent<string>);
  }
}
const latest = () => FakeSource.all[FakeSource.all.length - 1];

function setup() {
  const queryClient = new QueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
  const notifications = vi.fn();
  const handlers = { notifications };
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const hook = renderHook(
    () => {
      useLiveEvents('e1', handlers);
      return useLiveConnected();
    },
    { wrapper },
  );
  return { hook, notifications, invalidate };
}

describe('the event stream in the browser', () => {
  beforeEach(() => {
    FakeSource.all = [];
    vi.stubGlobal('EventSource', FakeSource);
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('opens the event stream and runs the handler a signal names', () => {
    const { hook, notifications } = setup();
    expect(latest().url).toBe('/api/events/e1/stream');
    expect(hook.result.current).toBe(false);
    act(() => latest().onopen?.());
    expect(hook.result.current).toBe(true);
    act(() => latest().send('{"type":"notifications"}'));
    expect(notifications).toHaveBeenCalledTimes(1);
    // Anything it cannot read is ignored.
    act(() => latest().send('{"type":"unknown"}'));
    act(() => latest().send('not json'));
    expect(notifications).toHaveBeenCalledTimes(1);
    hook.unmount();
    expect(latest().closed).toBe(true);
  });

  it('after a failure waits longer each time, then refetches everything once it is back', () => {
    const { hook, notifications } = setup();
    act(() => latest().onerror?.());
    expect(latest().closed).toBe(true);
    expect(hook.result.current).toBe(false);
    expect(FakeSource.all).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1_000));
    expect(FakeSource.all).toHaveLength(2);
    act(() => latest().onerror?.());
    act(() => vi.advanceTimersByTime(999));
    expect(FakeSource.all).toHaveLength(2);
    act(() => vi.advanceTimersByTime(1_001));
    expect(FakeSource.all).toHaveLength(3);
    act(() => latest().onopen?.());
    expect(notifications).toHaveBeenCalledTimes(1);
    expect(hook.result.current).toBe(true);
    hook.unmount();
  });

  it('on signedOut closes for good, refetches nothing (no burst of 401s) and falls back to the poll', () => {
    const { hook, invalidate } = setup();
    act(() => latest().onopen?.());
    act(() => latest().send('{"type":"signedOut"}'));
    expect(latest().closed).toBe(true);
    expect(invalidate).not.toHaveBeenCalled();
    expect(hook.result.current).toBe(false);
    act(() => vi.advanceTimersByTime(120_000));
    expect(FakeSource.all).toHaveLength(1);
    hook.unmount();
  });

  it('backs off from 1 s, doubling, to at most a minute, with jitter in the upper half', () => {
    expect(retryDelay(0, 0)).toBe(500);
    expect(retryDelay(0, 1)).toBe(1_000);
    expect(retryDelay(3, 1)).toBe(8_000);
    expect(retryDelay(20, 1)).toBe(60_000);
    expect(retryDelay(20, 0)).toBe(30_000);
  });
});
