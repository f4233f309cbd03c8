import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * The boot script (client/boot.ts, decision 0053) starts the session's requests while the app's
 * code loads. Vite would bundle every module script of index.html into one entry chunk, which the
 * browser runs only once all of it has loaded; so the boot script is an entry of its own, and its
 * script tag goes first in the page's head. In development it is served as it is.
 */
export function bootScriptFirst(): Plugin {
  const BOOT = fileURLToPath(new URL('../boot.ts', import.meta.url));
  let serving = false;
  return {
    name: 'boot-script-first',
    configResolved(config) {
      serving = config.command === 'serve';
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const boot = Object.values(ctx.bundle ?? {}).find(
          (chunk) => chunk.type === 'chunk' && chunk.isEntry && chunk.facadeModuleId === BOOT,
        );
        if (!serving && !boot) throw new Error('boot-script-first: client/boot.ts is not in the build');
        const src = boot ? `/${boot.fileName}` : '/client/boot.ts';
        // Its own imports are fetched with it, not once it has been read (a round trip on a phone).
        const imports = boot?.type === 'chunk' ? boot.imports : [];
        return [
          { tag: 'script', attrs: { type: 'module', crossorigin: true, src }, injectTo: 'head-prepend' },
          ...imports.map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head-prepend' as const,
          })),
        ];
      },
    },
  };
}
