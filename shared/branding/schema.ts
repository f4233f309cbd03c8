import { z } from 'zod';

/** The branding images an admin can upload (spec: logo, inverted logo, icon logo, login background). */
export const BRANDING_IMAGE_SLOTS = ['logo', 'invertedLogo', 'iconLogo', 'loginImage'] as const;
export type BrandingImageSlot = (typeof BRANDING_IMAGE_SLOTS)[number];

export const brandingImageParamsSchema = z.strictObject({
  eventId: z.uuid(),
  slot: z.enum(BRANDING_IMAGE_SLOTS),
});
/** An uploaded 'branding' file to use, or null to remove the image. */
export const brandingImageBodySchema = z.strictObject({ fileId: z.uuid().nullable() });

const GUEST_FILE = /^\/api\/guests\/files\/([0-9a-f-]{36})(\?size=(large|medium|small|thumb))?$/;

/**
 * Uploaded branding images are stored in the settings as their public address (the login screen
 * shows them before anyone signs in); the small size for logos, the large one for the background.
 */
export function brandingFileUrl(fileId: string, slot: BrandingImageSlot): string {
  return `/api/guests/files/${fileId}?size=${slot === 'loginImage' ? 'large' : 'small'}`;
}

/** The uploaded file behind a branding address, or null for an outside URL or none. */
export function brandingFileIdOf(url: string): string | null {
  return GUEST_FILE.exec(url)?.[1] ?? null;
}

export function isBrandingFileUrl(url: string): boolean {
  return GUEST_FILE.test(url);
}

/** What the sign-in screens may know of the event at this address: public fields only. */
export const publicBrandingSchema = z.object({
  event: z
    .object({
      name: z.string(),
      logo: z.string(),
      loginImage: z.string(),
      navBgColor: z.string(),
      navTheme: z.enum(['light', 'dark']),
    })
    .nullable(),
});
export type PublicBranding = z.infer<typeof publicBrandingSchema>;
