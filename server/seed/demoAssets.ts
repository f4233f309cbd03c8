import { createAsset } from '../modules/assets/service';
import { setBrandingImage } from '../modules/branding/service';
import { captionJpeg, makePdf } from '../modules/files/samples';
import { storeUpload } from '../modules/files/upload/service';
import type { AppContext } from '../platform/context';

const ACTOR = 'system';

/** Believable pictures for the asset library, drawn on the spot (the repository carries no binaries). */
const DEMO_IMAGES: { name: string; altText: string; caption: string; colours: [string, string] }[] = [
  {
    name: 'Main hall floor plan',
    altText: 'Floor plan of the main hall with stands A1 to F12',
    caption: 'Main hall floor plan',
    colours: ['#0b4f6c', '#01baef'],
  },
  {
    name: 'Harbour terrace at dusk',
    altText: 'The harbour terrace lit up in the evening',
    caption: 'Harbour terrace',
    colours: ['#3d1e6d', '#f26b38'],
  },
  {
    name: 'Loading bay access',
    altText: 'Map of the loading bay entrance from Quay Street',
    caption: 'Loading bay access',
    colours: ['#2f4858', '#86bbd8'],
  },
  {
    name: 'Chef demo stage',
    altText: 'The demonstration kitchen stage with seating for 120',
    caption: 'Chef demo stage',
    colours: ['#7a1f1f', '#f2c14e'],
  },
];

const DEMO_DOCUMENTS: { name: string; fileName: string; lines: string[] }[] = [
  {
    name: 'Exhibitor manual 2027',
    fileName: 'exhibitor-manual-2027.pdf',
    lines: [
      'Harbourside Food & Drink Expo 2027 - Exhibitor manual',
      'Build-up: the day before opening, 08:00 to 20:00.',
      'Breakdown: after close on the last day, until 23:00.',
      'Every stand needs a named first-aider and a fire extinguisher.',
    ],
  },
  {
    name: 'Health and safety checklist',
    fileName: 'health-and-safety-checklist.pdf',
    lines: [
      'Health and safety checklist',
      'Risk assessment uploaded to the portal',
      'Electrical equipment PAT tested within 12 months',
      'Food hygiene rating certificate on display',
    ],
  },
];

/**
 * A wordmark on the navigation bar's own colour (the inverted logo is left empty, so this one is
 * used on every bar): a sun over a wave, then the name, sized to read at the bar's 36 px height.
 */
const HARBOURSIDE_LOGO = `<svg xmlns="http://www.w3.org/2000/svg" width="440" height="80" viewBox="0 0 440 80">
  <rect width="440" height="80" rx="8" fill="#0b4f6c"/>
  <circle cx="40" cy="34" r="18" fill="#f4d35e"/>
  <path d="M14 54 q13 -10 26 0 t26 0" stroke="#ffffff" stroke-width="5" fill="none" stroke-linecap="round"/>
  <text x="82" y="52" font-family="sans-serif" font-size="32" font-weight="700" fill="#ffffff">Harbourside Expo</text>
</svg>`;

/** The demo asset library and an uploaded logo, through the same upload path as the screens. */
export async function seedDemoAssets(ctx: AppContext, eventId: string): Promise<void> {
  for (const image of DEMO_IMAGES) {
    const file = await storeUpload(ctx, {
      eventId,
      purpose: 'asset',
      uploadedBy: ACTOR,
      fileName: `${image.name.toLowerCase().replace(/\s+/g, '-')}.jpg`,
      bytes: await captionJpeg(image.caption, image.colours),
    });
    await createAsset(
      ctx,
      { eventId, accountId: ACTOR },
      { name: image.name, altText: image.altText, fileId: file.id },
    );
  }
  for (const doc of DEMO_DOCUMENTS) {
    const file = await storeUpload(ctx, {
      eventId,
      purpose: 'asset',
      uploadedBy: ACTOR,
      fileName: doc.fileName,
      bytes: makePdf(doc.lines),
    });
    await createAsset(ctx, { eventId, accountId: ACTOR }, { name: doc.name, altText: '', fileId: file.id });
  }
  const logoFile = await storeUpload(ctx, {
    eventId,
    purpose: 'branding',
    uploadedBy: ACTOR,
    fileName: 'harbourside-logo.svg',
    bytes: Buffer.from(HARBOURSIDE_LOGO),
  });
  await setBrandingImage(ctx, { eventId, accountId: ACTOR }, 'logo', logoFile.id);
}
