import { z } from 'zod';
import { FILE_PURPOSES } from './types';

export const IMAGE_SIZES = ['large', 'medium', 'small', 'thumb'] as const;
export type ImageSize = (typeof IMAGE_SIZES)[number];

/** Spec: images are kept at four sizes, quality 80 (decision 0010: fit inside, WebP). */
export const IMAGE_SIZE_BOXES: Record<ImageSize, { width: number; height: number }> = {
  large: { width: 1920, height: 1280 },
  medium: { width: 1440, height: 960 },
  small: { width: 960, height: 640 },
  thumb: { width: 480, height: 320 },
};
export const IMAGE_QUALITY = 80;

export const filePurposeSchema = z.enum(FILE_PURPOSES);

export const uploadQuerySchema = z.strictObject({ purpose: filePurposeSchema });

export const imageUrlsSchema = z.object({
  large: z.string(),
  medium: z.string(),
  small: z.string(),
  thumb: z.string(),
});
export type ImageUrls = z.infer<typeof imageUrlsSchema>;

/** What an upload answers: the file's id to claim later, and where to read it. */
export const storedFileSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int().nonnegative(),
  url: z.string(),
  /** Image files only: the URL of each size. */
  variants: imageUrlsSchema.optional(),
});
export type StoredFile = z.infer<typeof storedFileSchema>;

export const fileParamsSchema = z.strictObject({ eventId: z.uuid(), fileId: z.uuid() });
export const guestFileParamsSchema = z.strictObject({ fileId: z.uuid() });
export const fileReadQuerySchema = z.strictObject({ size: z.enum(IMAGE_SIZES).optional() });
