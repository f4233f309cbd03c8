import type { DefaultError, UseMutationOptions, UseMutationResult } from '@tanstack/react-query';
// biome-ignore lint/style/noRestrictedImports: the one place that wraps TanStack's useMutation.
import { useMutation as useQueryMutation } from '@tanstack/react-query';
import { useCallback } from 'react';

/** What one call of `mutate` wants to hear back (the screen's own reaction: a banner, a move). */
export interface MutateCallbacks<TData, TError, TVariables> {
  onSuccess?: (data: TData, variables: TVariables) => void;
  onError?: (error: TError, variables: TVariables) => void;
  onSettled?: (data: TData | undefined, error: TError | null, variables: TVariables) => void;
}

/** Omit over each member of a union, so `isError` still narrows `error` (plain Omit merges them). */
type OmitEach<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export type Mutation<TData, TError, TVariables, TContext> = OmitEach<
  UseMutationResult<TData, TError, TVariables, TContext>,
  'mutate'
> & {
  mutate: (variables: TVariables, callbacks?: MutateCallbacks<TData, TError, TVariables>) => void;
};

/**
 * The one way the client writes: TanStack's useMutation, except that a call's own callbacks
 * always run. TanStack drops them when the component that called `mutate` has unmounted by the
 * time the mutation settles, and a mutation's `onSuccess` refetches (invalidates) what it
 * changed first: the refetch itself can unmount the caller (a form keyed by its record, an
 * archived row leaving its list, a dialog inside a deleted row), and the "saved" banner or the
 * error then never showed. The banner lives above every screen, so it is safe to show after the
 * caller has gone; React ignores state updates of an unmounted form.
 */
export function useMutation<TData = unknown, TError = DefaultError, TVariables = void, TContext = unknown>(
  options: UseMutationOptions<TData, TError, TVariables, TContext>,
): Mutation<TData, TError, TVariables, TContext> {
  const mutation = useQueryMutation(options);
  const { mutateAsync } = mutation;
  const mutate = useCallback(
    (variables: TVariables, callbacks?: MutateCallbacks<TData, TError, TVariables>) => {
      mutateAsync(variables).then(
        (data) => {
          callbacks?.onSuccess?.(data, variables);
          callbacks?.onSettled?.(data, null, variables);
        },
        // The error also stays on the mutation (`error`, `isError`) for screens that render it.
        (error: TError) => {
          callbacks?.onError?.(error, variables);
          callbacks?.onSettled?.(undefined, error, variables);
        },
      );
    },
    [mutateAsync],
  );
  return { ...mutation, mutate };
}
