import { z } from 'zod';
import { listQuerySchema, pagedSchema } from '../people/schema';

/**
 * The HTTP contracts of suppliers: params, list queries and answers. The request bodies are the
 * rules' own schemas in schema.ts.
 */

const booleanQuery = z
  .enum(['true', 'false'])
  .transform((v) => v === 'true')
  .optional();

export const supplierParamsSchema = z.object({ eventId: z.uuid(), supplierId: z.uuid() });
/** The group id is checked by the service, so that an empty one answers the spec's 'No ID'. */
export const supplierGroupParamsSchema = z.object({ eventId: z.uuid(), groupId: z.string() });

export const SUPPLIER_SORTS = ['company', 'website'] as const;
export const supplierListQuerySchema = listQuerySchema(SUPPLIER_SORTS, 'company').extend({
  /** A supplier type's id, or 'unassigned' for suppliers of no type. */
  groupId: z.union([z.uuid(), z.literal('unassigned')]).optional(),
  archived: booleanQuery,
});
export type SupplierListQuery = z.input<typeof supplierListQuerySchema>;

const groupRef = z.object({ id: z.uuid(), title: z.string() });
/** A stored contact as answered (the input schema's trimming and lower-casing already ran). */
const contactView = z.object({
  firstName: z.string(),
  surname: z.string(),
  phone: z.string(),
  email: z.string(),
  jobTitle: z.string(),
});

export const supplierRowSchema = z.object({
  id: z.uuid(),
  company: z.string(),
  website: z.string(),
  /** The logo's address to show (an uploaded file's URL or the given URL); '' when none. */
  logo: z.string(),
  isFeatured: z.boolean(),
  isArchived: z.boolean(),
  groups: z.array(groupRef),
  contactsCount: z.number().int(),
  showToTeamTypeIds: z.array(z.uuid()),
  hideFromTeamTypeIds: z.array(z.uuid()),
});
export type SupplierRow = z.output<typeof supplierRowSchema>;
export const supplierListResponseSchema = pagedSchema(supplierRowSchema);
export type SupplierListResponse = z.output<typeof supplierListResponseSchema>;

export const supplierDetailSchema = supplierRowSchema.extend({
  description: z.string(),
  logoUrl: z.string(),
  logoFileId: z.uuid().nullable(),
  contacts: z.array(contactView),
  groupIds: z.array(z.uuid()),
  updatedAt: z.string(),
});
export type SupplierDetail = z.output<typeof supplierDetailSchema>;

// ---- Supplier groups (shown as supplier types) ----

export const supplierGroupListQuerySchema = z.strictObject({ archived: booleanQuery });
export const supplierGroupRowSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  isArchived: z.boolean(),
  suppliersCount: z.number().int(),
});
export type SupplierGroupRow = z.output<typeof supplierGroupRowSchema>;
export const supplierGroupListResponseSchema = z.object({
  items: z.array(supplierGroupRowSchema),
  /** Suppliers (not archived) of no active type: the virtual Unassigned group. */
  unassignedCount: z.number().int(),
});
export type SupplierGroupListResponse = z.output<typeof supplierGroupListResponseSchema>;
export const supplierGroupDetailSchema = supplierGroupRowSchema.extend({
  suppliers: z.array(z.object({ id: z.uuid(), company: z.string(), isArchived: z.boolean() })),
});
export type SupplierGroupDetail = z.output<typeof supplierGroupDetailSchema>;

// ---- The directory (every member) ----

export const directoryCardSchema = z.object({
  id: z.uuid(),
  company: z.string(),
  logo: z.string(),
  website: z.string(),
  isFeatured: z.boolean(),
});
export type DirectoryCard = z.output<typeof directoryCardSchema>;
export const directoryResponseSchema = z.object({
  sections: z.array(
    z.object({ groupId: z.string(), title: z.string(), suppliers: z.array(directoryCardSchema) }),
  ),
});
export type DirectoryResponse = z.output<typeof directoryResponseSchema>;

export const directorySupplierSchema = directoryCardSchema.extend({
  description: z.string(),
  contacts: z.array(contactView),
  groups: z.array(groupRef),
});
export type DirectorySupplier = z.output<typeof directorySupplierSchema>;
