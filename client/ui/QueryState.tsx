import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage, errorReference } from '../lib/errors';

/**
 * The states of a screen's main query, one way for every screen. Kept free of form controls
 * (selects, popovers): the team reader imports them, and its JavaScript must stay small.
 */

/**
 * The one loading state: a status named after what is loading, so screen readers announce it
 * (the spinner itself is hidden from them: a label on a bare loader is prohibited). `fullPage`
 * fills the window (the first screen, the sign-in pages); `showLabel` writes the label under the
 * spinner for a wait that takes a moment (a link being checked).
 */
export function Loading({
  label,
  fullPage = false,
  showLabel = false,
}: {
  label: string;
  fullPage?: boolean;
  showLabel?: boolean;
}) {
  return (
    <Center py="xl" mih={fullPage ? '100vh' : undefined} role="status" aria-label={label}>
      <Stack align="center" gap="sm">
        <Loader aria-hidden />
        {showLabel && (
          <Text c="dimmed" aria-hidden>
            {label}…
          </Text>
        )}
      </Stack>
    </Center>
  );
}

/** The failure state of a screen's main query, in the spec's words, with a retry. */
export function LoadFailed({ title, error, retry }: { title: string; error: unknown; retry: () => unknown }) {
  const reference = errorReference(error);
  return (
    <Alert color="red" variant="light" title={title}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{errorMessage(error)}</Text>
        {reference && (
          <Text size="xs" c="dimmed">
            {reference}
          </Text>
        )}
        <Button size="xs" variant="default" onClick={() => retry()}>
          Try Again
        </Button>
      </Stack>
    </Alert>
  );
}

/** Loading, then the failure with a retry, then the data: the boundary a screen's query renders through. */
export function QueryState<T>(props: {
  query: UseQueryResult<T>;
  loading: string;
  failed: string;
  children: (data: T) => ReactNode;
}) {
  const { query } = props;
  if (query.isPending) return <Loading label={props.loading} />;
  if (query.isError) return <LoadFailed title={props.failed} error={query.error} retry={query.refetch} />;
  return <>{props.children(query.data)}</>;
}
