/** Every route of client/router.tsx with a lazy screen: its full path and the modules loaded for it. */
export function readRouteTable(): { path: string; modules: string[] }[];
