import { useMergedRef } from '@mantine/hooks';
import type { Ref } from 'react';

/**
 * Stands in for @floating-ui/react's `useMergeRefs` in Mantine's ScrollArea only (vite.config.ts
 * points that one import here), with Mantine's own ref-merging hook. ScrollArea needs just this
 * hook, but the bundler cannot split it out of floating-ui's single module: every screen with a
 * Table (its scroll container is a ScrollArea) loaded 15 KB gzipped of popover positioning before
 * its first render (bundle budget, issue 22).
 */
export function useMergeRefs<T>(refs: ReadonlyArray<Ref<T> | undefined>) {
  return useMergedRef<T>(...refs);
}
