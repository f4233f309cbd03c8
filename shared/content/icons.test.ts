import { describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_ICON, iconLabel, storedIconName, symbolName } from './icons';

describe('page icons', () => {
  const known = new Set(['new_releases', 'home', 'local_parking', 'article', 'restaurant']);

  it("maps the spec's Flutter names to Material Symbols names", () => {
    expect(symbolName(DEFAULT_PAGE_ICON, known)).toBe('new_releases');
    expect(symbolName('home_outlined', known)).toBe('home');
    expect(symbolName('local_parking_rounded', known)).toBe('local_parking');
    expect(symbolName('local_restaurant', known)).toBe('restaurant');
  });

  it('falls back to a plain page icon for a name the font lacks', () => {
    expect(symbolName('no_such_icon_outlined', known)).toBe('article');
  });

  it('stores what the picker chose in the spec form, and reads it back', () => {
    expect(storedIconName('home')).toBe('home_outlined');
    expect(symbolName(storedIconName('local_parking'), known)).toBe('local_parking');
    expect(iconLabel('local_parking')).toBe('local parking');
  });
});
