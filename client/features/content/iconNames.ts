import declarations from 'material-symbols/index.d.ts?raw';

/**
 * Every Material Symbols name, read from the font package's own type declarations so the list
 * always matches the installed font. Imported only by the icon picker's lazy chunk.
 */
export const ICON_NAMES: readonly string[] = [...declarations.matchAll(/"([a-z0-9_]+)"/g)].map((m) => m[1]);
export const ICON_NAME_SET: ReadonlySet<string> = new Set(ICON_NAMES);
