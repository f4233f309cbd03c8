/** Breadcrumbs of the forms admin screens: Admin > Forms > ... */
export const formsCrumbs = (...rest: { label: string; to?: string }[]) => [
  { label: 'Admin', to: '/admin' },
  ...(rest.length ? [{ label: 'Forms', to: '/admin/forms' }, ...rest] : [{ label: 'Forms' }]),
];
