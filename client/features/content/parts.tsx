/**
 * Small parts of the content screens. Kept free of form controls (selects, popovers): the reader
 * page imports them, and its JavaScript must stay small.
 */

export const contentCrumbs = (...rest: { label: string; to?: string }[]) => [
  { label: 'Admin', to: '/admin' },
  ...(rest.length ? [{ label: 'Content', to: '/admin/content' }, ...rest] : [{ label: 'Content' }]),
];
