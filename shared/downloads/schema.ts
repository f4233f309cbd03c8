import { z } from 'zod';
import { listQuerySchema, pagedSchema } from '../people/schema';
import { FILE_FILTERS } from './fileFilter';

/** The HTTP contract of downloads (spec: Download; sorted by name). */

export const DOWNLOAD_ERRORS = {
  invalidValues: 'Invalid download values',
  invalidAfterUpload: 'Invalid download data after upload',
  notFound: 'Download not found',
} as const;

export const DOWNLOAD_SORTS = ['name', 'fileSize', 'fileType', 'updatedAt'] as const;
export const downloadListQuerySchema = listQuerySchema(DOWNLOAD_SORTS, 'name').extend({
  /** Spec: "File filter: images, videos, documents, files, other" (fileFilter.ts). */
  fileFilter: z.enum(FILE_FILTERS).optional(),
});
export type DownloadListQuery = z.input<typeof downloadListQuerySchema>;

const teamTypeIds = z
  .array(z.uuid())
  .max(200)
  .default(() => []);

/** Create and full update share one body; a download needs its uploaded file. */
export const downloadBodySchema = z
  .strictObject({
    name: z.string().trim().min(1, 'Required').max(200),
    description: z.string().trim().max(2000).default(''),
    fileId: z.uuid({ message: 'Upload a file' }),
    showDownload: z.boolean().default(true),
    showToChildTeams: z.boolean().default(false),
    showToTeamTypeIds: teamTypeIds,
    hideFromTeamTypeIds: teamTypeIds,
  })
  .refine((d) => !d.showToTeamTypeIds.some((id) => d.hideFromTeamTypeIds.includes(id)), {
    path: ['hideFromTeamTypeIds'],
    message: 'A team type cannot be both shown and hidden',
  });
export type DownloadBody = z.input<typeof downloadBodySchema>;

export const downloadParamsSchema = z.object({ eventId: z.uuid(), downloadId: z.uuid() });

/** A download as both lists show it; `data` is the file's address (spec: data, the file URL). */
export const downloadSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  fileId: z.uuid(),
  fileName: z.string(),
  data: z.string(),
  fileSize: z.number().int(),
  fileType: z.string(),
  showDownload: z.boolean(),
  showToChildTeams: z.boolean(),
  showToTeamTypeIds: z.array(z.uuid()),
  hideFromTeamTypeIds: z.array(z.uuid()),
  updatedAt: z.string(),
});
export type Download = z.infer<typeof downloadSchema>;

export const downloadListResponseSchema = pagedSchema(downloadSchema);
export type DownloadListResponse = z.infer<typeof downloadListResponseSchema>;

/** The user's list: only what they may see, by name; no paging (a handful per event). */
export const myDownloadSchema = downloadSchema.pick({
  id: true,
  name: true,
  description: true,
  data: true,
  fileName: true,
  fileSize: true,
  fileType: true,
});
export const myDownloadsResponseSchema = z.object({ items: z.array(myDownloadSchema) });
export type MyDownload = z.infer<typeof myDownloadSchema>;
