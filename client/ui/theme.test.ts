import { describe, expect, it } from 'vitest';
import { BREAKPOINTS } from '../../shared/ui/constants';
import { PRIMARY_SHADE, portalGreen, theme } from './theme';

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const contrastWithWhite = (hex: string) => 1.05 / (luminance(hex) + 0.05);

describe('theme', () => {
  it('gives white text on filled buttons at least the 4.5:1 contrast axe requires', () => {
    expect(theme.primaryColor).toBe('portal');
    expect(contrastWithWhite(portalGreen[PRIMARY_SHADE])).toBeGreaterThanOrEqual(4.5);
    // The hover shade is darker still.
    expect(contrastWithWhite(portalGreen[PRIMARY_SHADE + 1])).toBeGreaterThanOrEqual(4.5);
  });

  it("uses the spec's breakpoints, in em", () => {
    for (const [name, px] of Object.entries(BREAKPOINTS)) {
      expect(theme.breakpoints?.[name]).toBe(`${px / 16}em`);
    }
  });
});
