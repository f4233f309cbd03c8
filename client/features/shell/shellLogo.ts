// The logo the signed-in frame shows, from the shell's branding: shared by the frame
// (SignedInLayout.tsx) and the boot script, which preloads it as soon as the shell answers (the
// logo is the largest paint of several team screens, issue 22). Imports only the nav colour rule.
import { navThemeFor } from '../../../shared/events/terminology';

type Branding = { navBgColor?: string; autoLogo?: boolean; logo?: string; invertedLogo?: string };

/** autoLogo: the inverted logo suits a dark bar; otherwise the one logo shows on any colour. */
export function shellLogo(branding: Branding | undefined, navColor: string): string {
  if (!branding) return '';
  if (branding.autoLogo && navThemeFor(navColor) === 'dark')
    return branding.invertedLogo || branding.logo || '';
  return branding.logo ?? '';
}
