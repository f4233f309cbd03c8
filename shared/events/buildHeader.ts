/**
 * The header every API answer carries with the build of the client the server serves. Apart from
 * version.ts (a Zod schema) because the browser reads it on every answer (decision 0041).
 */
export const BUILD_HEADER = 'x-portal-build';
