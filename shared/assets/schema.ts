import { z } from 'zod';
import { imageUrlsSchema } from '../files/schemas';

/** Spec: an asset is an image or a document, with a name, alt text and four image URLs. */
export const ASSET_TYPES = ['image', 'document'] as const;
export type AssetType = (typeof ASSET_TYPES)[number];

export const ASSET_ERRORS = {
  invalid: 'Invalid asset',
  notFound: 'Asset not found',
} as const;

const name = z.string().trim().min(1, 'Enter a name').max(200, 'At most 200 characters');
const altText = z.string().trim().max(500, 'At most 500 characters');

export const assetCreateSchema = z.strictObject({
  name,
  altText: altText.default(''),
  fileId: z.uuid(),
});
export const assetUpdateSchema = z.strictObject({ name, altText }).partial();

export const assetParamsSchema = z.strictObject({ eventId: z.uuid(), assetId: z.uuid() });

export const assetListQuerySchema = z.strictObject({
  search: z.string().trim().max(200).optional(),
  type: z.enum(ASSET_TYPES).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(48),
});

export const assetSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  altText: z.string(),
  type: z.enum(ASSET_TYPES),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  /** The file itself (an image's original, or the document). */
  url: z.string(),
  /** Spec's `data`: the four image URLs; null for documents. */
  data: imageUrlsSchema.nullable(),
  createdAt: z.string(),
});
export type Asset = z.infer<typeof assetSchema>;

export const assetListResponseSchema = z.object({
  items: z.array(assetSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AssetListResponse = z.infer<typeof assetListResponseSchema>;
