import type { Plugin } from 'vite';

/**
 * CSS per route (issue 22): instead of all of Mantine's 250 KB stylesheet before the first render,
 * each Mantine component brings its own stylesheet. Every component reads its class names from its
 * `X.module.mjs`, and `@mantine/core/styles/X.css` holds exactly those classes, so importing the
 * one from the other puts a component's CSS in the chunk that holds its code: a screen loads the
 * CSS of the components it uses, when it loads. Dependencies are imported before the components
 * built on them, so the cascade order Mantine expects (UnstyledButton before Button) holds.
 * The global styles (baseline, variables, global) stay in client/main.tsx.
 *
 * The development server pre-bundles Mantine with esbuild, where no plugin sees its modules: there
 * the whole stylesheet is added to client/main.tsx instead, so `npm run dev` is styled as before.
 */
export function mantineCssPerComponent(): Plugin {
  const MODULE = /[\\/]@mantine[\\/]core[\\/]esm[\\/](?:.+[\\/])?(\w+)\.module\.mjs$/;
  const ENTRY = /[\\/]client[\\/]main\.tsx$/;
  let serving = false;
  let seen = 0;
  return {
    name: 'mantine-css-per-component',
    configResolved(config) {
      serving = config.command === 'serve';
    },
    transform(code, id) {
      if (serving && ENTRY.test(id))
        return { code: `import '@mantine/core/styles.css';\n${code}`, map: null };
      const match = MODULE.exec(id);
      if (!match) return null;
      seen += 1;
      return { code: `import '@mantine/core/styles/${match[1]}.css';\n${code}`, map: null };
    },
    buildEnd(error) {
      // Mantine moved its files: fail rather than ship pages without their styles.
      if (!error && this.meta.watchMode === false && seen === 0)
        this.error('mantine-css-per-component: no Mantine component module was seen');
    },
  };
}
