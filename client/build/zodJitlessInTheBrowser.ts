import type { Plugin } from 'vite';

/**
 * Zod's object parser probes for a JIT with `new Function('')`; the portal's Content-Security-Policy
 * (script-src 'self', no 'unsafe-eval') refuses it and Chromium reports the refusal as a CSP issue
 * on every page (a Lighthouse best-practices failure, issue 22). The JIT can never run under that
 * policy, so the client's Zod starts jitless. It must be set before the first schema is built, and
 * the schemas load in the same chunk as Zod, so no module of ours runs early enough: Zod's own
 * default settings object is changed. If Zod's code changes shape, the build fails here.
 */
export function zodJitlessInTheBrowser(): Plugin {
  const DEFAULTS = '(_a.__zod_globalConfig = {})';
  let patched = false;
  return {
    name: 'zod-jitless-in-the-browser',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/.test(id)) return null;
      if (!code.includes(DEFAULTS))
        throw new Error(`zod-jitless-in-the-browser: ${DEFAULTS} not found in ${id}`);
      patched = true;
      return code.replace(DEFAULTS, '(_a.__zod_globalConfig = { jitless: true })');
    },
    buildEnd(error) {
      if (!error && !patched) this.error('zod-jitless-in-the-browser: Zod core.js was not in the build');
    },
  };
}
