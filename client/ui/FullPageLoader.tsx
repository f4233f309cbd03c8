import { Center, Loader } from '@mantine/core';

/** Shown while the first screen's data and code load. */
export function FullPageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Center mih="100vh" role="status" aria-live="polite">
      <Loader role="status" aria-label={label} />
    </Center>
  );
}
