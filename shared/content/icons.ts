/**
 * Page icons. The spec's names are Flutter Material icon names (default new_release_outlined);
 * the portal draws them with the Material Symbols font, whose ligatures are the bare names. A
 * stored icon keeps the spec's form (`<name>_outlined`); symbolName() finds the font's name.
 */

export const DEFAULT_PAGE_ICON = 'new_release_outlined';
export const ICON_NAME_PATTERN = /^[a-z0-9_]{1,80}$/;

const STYLE_SUFFIX = /_(outlined|rounded|sharp|filled)$/;

/** Flutter names that differ from the Material Symbols ligature beyond the style suffix. */
const FLUTTER_ALIASES: Record<string, string> = {
  new_release: 'new_releases',
  warning_amber: 'warning',
  local_restaurant: 'restaurant',
  directions_car_filled: 'directions_car',
};

/** The Material Symbols name for a stored icon; `known` (the font's names) checks plural forms. */
export function symbolName(icon: string, known?: ReadonlySet<string>): string {
  const bare = icon.replace(STYLE_SUFFIX, '');
  const alias = FLUTTER_ALIASES[bare];
  if (alias) return alias;
  if (!known || known.has(bare)) return bare;
  if (known.has(`${bare}s`)) return `${bare}s`;
  return 'article';
}

/** What the picker stores for a Material Symbols name. */
export const storedIconName = (symbol: string) => `${symbol}_outlined`;

/** Words of an icon for search and labels: 'local_parking' -> 'local parking'. */
export const iconLabel = (symbol: string) => symbol.replace(/_/g, ' ');
