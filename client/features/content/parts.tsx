import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { errorMessage } from '../../lib/errors';

/**
 * Small parts of the content screens. Kept free of form controls (selects, popovers): the reader
 * page imports them, and its JavaScript must stay small.
 */

/** A screen's loading state, announced to assistive technology. */
export function Loading({ label }: { label: string }) {
  return (
    <Center py="xl" role="status" aria-label={label}>
      <Loader aria-hidden />
    </Center>
  );
}

/** The failure state of a screen's main query, in the spec's words, with a retry. */
export function LoadFailed({ title, error, retry }: { title: string; error: unknown; retry: () => unknown }) {
  return (
    <Alert color="red" variant="light" title={title}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{errorMessage(error)}</Text>
        <Button size="xs" variant="default" onClick={() => retry()}>
          Try Again
        </Button>
      </Stack>
    </Alert>
  );
}

export const contentCrumbs = (...rest: { label: string; to?: string }[]) => [
  { label: 'Admin', to: '/admin' },
  ...(rest.length ? [{ label: 'Content', to: '/admin/content' }, ...rest] : [{ label: 'Content' }]),
];
