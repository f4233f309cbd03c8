import { describe, expect, it } from 'vitest';
import { shellLogo } from './shellLogo';

describe('the frame logo (shared by the frame and the boot script preload)', () => {
  it('is the logo, or the inverted one on a dark bar when autoLogo is set', () => {
    const branding = { logo: '/l.png', invertedLogo: '/i.png', autoLogo: true };
    expect(shellLogo(branding, '#1b5e20')).toBe('/i.png');
    expect(shellLogo(branding, '#ffffff')).toBe('/l.png');
    expect(shellLogo({ ...branding, autoLogo: false }, '#1b5e20')).toBe('/l.png');
    expect(shellLogo({ logo: '/l.png', invertedLogo: '', autoLogo: true }, '#1b5e20')).toBe('/l.png');
    expect(shellLogo(undefined, '#1b5e20')).toBe('');
  });
});
