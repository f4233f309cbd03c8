import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useMutation } from './mutation';

/** A request the test answers by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function mount(run: (n: number) => Promise<string>) {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(() => useMutation({ mutationFn: run }), { wrapper });
}

describe('useMutation (client/lib/mutation)', () => {
  it("runs a call's onSuccess even when the caller unmounted before the answer came", async () => {
    const answer = deferred<string>();
    const hook = mount(() => answer.promise);
    const onSuccess = vi.fn();
    const onSettled = vi.fn();
    act(() => hook.result.current.mutate(7, { onSuccess, onSettled }));
    // The refetch after a save remounts a form keyed by its record, or removes an archived row.
    hook.unmount();
    await act(async () => answer.resolve('saved'));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith('saved', 7));
    expect(onSettled).toHaveBeenCalledWith('saved', null, 7);
  });

  it("runs a call's onError after an unmount, and keeps the error on the mutation while mounted", async () => {
    const failure = new Error('The server said no');
    const answer = deferred<string>();
    const hook = mount(() => answer.promise);
    const onError = vi.fn();
    act(() => hook.result.current.mutate(1, { onError }));
    await act(async () => answer.reject(failure));
    await waitFor(() => expect(hook.result.current.isError).toBe(true));
    expect(hook.result.current.error).toBe(failure);
    expect(onError).toHaveBeenCalledWith(failure, 1);

    const second = deferred<string>();
    const again = mount(() => second.promise);
    const onLateError = vi.fn();
    act(() => again.result.current.mutate(2, { onError: onLateError }));
    again.unmount();
    await act(async () => second.reject(failure));
    await waitFor(() => expect(onLateError).toHaveBeenCalledWith(failure, 2));
  });

  it('swallows a failure nobody asked about (no unhandled rejection), as TanStack does', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const hook = mount(() => Promise.reject(new Error('boom')));
      act(() => hook.result.current.mutate(3));
      await waitFor(() => expect(hook.result.current.isError).toBe(true));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
