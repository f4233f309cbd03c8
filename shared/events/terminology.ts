/**
 * The event's words and navigation colour as every signed-in screen reads them. Kept apart from
 * the settings schemas (settings.ts) so the screens' shell can use them without Zod (decision 0041);
 * settings.ts builds its schema from these defaults, so there is one list.
 */

export const TERMINOLOGY_KEYS = [
  'dashboard',
  'downloads',
  'forms',
  'notifications',
  'suppliers',
  'tasks',
  'timeTable',
] as const;
export type TerminologyKey = (typeof TERMINOLOGY_KEYS)[number];

/** The spec's default name of each area, used until an admin renames it. */
export const DEFAULT_TERMINOLOGY: Readonly<Record<TerminologyKey, string>> = {
  dashboard: 'Dashboard',
  downloads: 'Downloads',
  forms: 'Forms',
  notifications: 'Notifications',
  suppliers: 'Suppliers',
  tasks: 'Tasks',
  timeTable: 'Time Table',
};

export const DEFAULT_NAV_COLOR = '#1b5e20';

/** Relative luminance decides whether the navigation bar needs light text (dark theme). */
export function navThemeFor(color: string): 'light' | 'dark' {
  const hex = color.replace('#', '');
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance < 0.4 ? 'dark' : 'light';
}
