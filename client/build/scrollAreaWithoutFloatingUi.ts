import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * Mantine's ScrollArea imports only `useMergeRefs` from @floating-ui/react, which is one module:
 * every Table (its scroll container is a ScrollArea) then loaded all of floating-ui (15 KB gzipped)
 * before the first render. Its import is pointed at a copy of that one hook (client/lib/mergeRefs.ts);
 * should ScrollArea import anything else from floating-ui, the build fails on the missing export.
 */
export function scrollAreaWithoutFloatingUi(): Plugin {
  const shim = fileURLToPath(new URL('../lib/mergeRefs.ts', import.meta.url));
  return {
    name: 'scroll-area-without-floating-ui',
    enforce: 'pre',
    resolveId(source, importer) {
      if (
        source === '@floating-ui/react' &&
        importer &&
        /[\\/]components[\\/]ScrollArea[\\/]/.test(importer)
      ) {
        return shim;
      }
      return null;
    },
  };
}
