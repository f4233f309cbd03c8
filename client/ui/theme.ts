import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';
import { BREAKPOINTS, TOOLTIP_MAX_WIDTH } from '../../shared/ui/constants';

/**
 * The portal's green (the spec's default navigation colour is a deep green). Shade 8 is the filled
 * shade: white text on it reaches 5.1:1, where Mantine's default filled blue reaches only 3.55:1
 * and fails axe's colour-contrast rule (WCAG AA needs 4.5:1 for normal text).
 */
export const portalGreen: MantineColorsTuple = [
  '#e8f5e9',
  '#c8e6c9',
  '#a5d6a7',
  '#81c784',
  '#66bb6a',
  '#4caf50',
  '#43a047',
  '#388e3c',
  '#2e7d32',
  '#1b5e20',
];

export const PRIMARY_SHADE = 8;

const em = (px: number) => `${px / 16}em`;

export const theme = createTheme({
  primaryColor: 'portal',
  primaryShade: { light: PRIMARY_SHADE, dark: PRIMARY_SHADE },
  colors: { portal: portalGreen },
  // The spec's breakpoints under the spec's names; xs is Mantine's own, kept for its components.
  breakpoints: {
    xs: em(480),
    sm: em(BREAKPOINTS.sm),
    md: em(BREAKPOINTS.md),
    lg: em(BREAKPOINTS.lg),
    xl: em(BREAKPOINTS.xl),
    xxl: em(BREAKPOINTS.xxl),
  },
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '650' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  components: {
    Tooltip: { defaultProps: { maw: TOOLTIP_MAX_WIDTH, multiline: true, zIndex: 9999 } },
    // Mantine cuts a badge's label with an ellipsis, and a badge in a table cell then lets the
    // table squeeze it to "PU…": our badges are short words, shown whole.
    Badge: { styles: { root: { overflow: 'visible' }, label: { overflow: 'visible' } } },
    // Mantine's close buttons are icons with no name: every dialog and drawer gets one here.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // A light alert's title in its own colour (yellow 6, green 6 on their tint) is under AA: the
    // title takes the text colour, and the icon and border keep the alert's colour.
    Alert: { styles: { title: { color: 'var(--mantine-color-text)' } } },
  },
});

/**
 * Mantine's dimmed text (gray 6 on white) reaches 3.3:1, under AA: use gray 7, which reads as
 * secondary text and passes. Its error text (red 6) reaches 3.6:1 under a field: red 9 reaches
 * 5.6:1, so every field error passes axe's colour-contrast rule.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-anchor': 'var(--mantine-color-portal-8)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});

/** Media query for "at least this spec breakpoint", in the same em units as the theme. */
export function minWidth(breakpoint: keyof typeof BREAKPOINTS): string {
  return `(min-width: ${em(BREAKPOINTS[breakpoint])})`;
}
