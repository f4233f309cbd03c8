import type { PublicBranding } from '../../../shared/branding/schema';
import type { Settings } from '../../../shared/events/settings';

/** The sign-in screens' branding (shared/branding/schema): the event's name and its public images. */
export function presentPublicBranding(
  event: { name: string },
  branding: Settings<'branding'>,
): PublicBranding {
  return {
    event: {
      name: event.name,
      logo: branding.logo,
      loginImage: branding.loginImage,
      navBgColor: branding.navBgColor,
      navTheme: branding.navTheme,
    },
  };
}
