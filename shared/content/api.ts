import { z } from 'zod';
import { listQuerySchema, pagedSchema } from '../people/schema';
import { DEFAULT_PAGE_ICON, ICON_NAME_PATTERN } from './icons';
import {
  CALLOUT_VARIANTS,
  MAX_SECTIONS,
  RESOURCE_TYPES,
  SECTION_TYPES,
  sectionInputSchema,
  tableDataSchema,
} from './sections';

/** The HTTP contracts of content pages: settings, sections, lists and the reader's answers. */

export const TITLE_MAX_LENGTH = 200;
export const DESCRIPTION_MAX_LENGTH = 2000;

export const CONTENT_LABELS = {
  title: 'Page title',
  description: 'Description',
  isPublished: 'Is published?',
  isPublic: 'Allow public access?',
  isPublicHint: 'A public page can be opened by anyone with the link, without signing in.',
  icon: 'Page icon',
  iconHint: 'Used in the sidebar.',
  allowedTeamTypeIds: 'Restrict to certain team types',
  allowedTeamTypeIdsHint: 'Leave empty to show the page to all team types.',
  showToChildTeams: 'Show to stand shares?',
  isFeatured: 'Featured page?',
  assetId: 'Page image',
  assetIdHint: 'Shown at the top of the page and on its featured card.',
} as const;

/** Page settings: create and update share the body; left-out keys take the spec's defaults. */
export const contentSettingsSchema = z.strictObject({
  title: z.string().trim().min(1, 'Enter a page title').max(TITLE_MAX_LENGTH),
  description: z.string().trim().max(DESCRIPTION_MAX_LENGTH).default(''),
  isPublished: z.boolean().default(false),
  isPublic: z.boolean().default(false),
  icon: z.string().regex(ICON_NAME_PATTERN, 'Choose an icon from the list').default(DEFAULT_PAGE_ICON),
  allowedTeamTypeIds: z
    .array(z.uuid())
    .max(100)
    .default(() => []),
  showToChildTeams: z.boolean().default(false),
  isFeatured: z.boolean().default(false),
  /** The page image (spec: a content page's assetId): an image asset of this event, or none. */
  assetId: z.uuid().nullable().default(null),
});
export type ContentSettingsBody = z.input<typeof contentSettingsSchema>;
export type ContentSettings = z.output<typeof contentSettingsSchema>;

/** The editor saves the whole ordered list: order, publish flags, additions and removals at once. */
export const sectionsBodySchema = z.strictObject({
  sections: z.array(sectionInputSchema).max(MAX_SECTIONS),
});
export type SectionsBody = z.input<typeof sectionsBodySchema>;

export const contentParamsSchema = z.object({ eventId: z.uuid(), contentId: z.uuid() });
export const guestContentParamsSchema = z.object({ contentId: z.uuid() });

export const CONTENT_SORTS = ['title', 'updatedAt'] as const;
/** Spec, filters: "draft or published" (a page's isPublished), with the words the list shows. */
export const CONTENT_STATUS_FILTERS = ['published', 'draft'] as const;
export type ContentStatusFilter = (typeof CONTENT_STATUS_FILTERS)[number];
export const CONTENT_STATUS_LABELS: Record<ContentStatusFilter, string> = {
  published: 'Published',
  draft: 'Draft',
};
export const contentListQuerySchema = listQuerySchema(CONTENT_SORTS, 'title').extend({
  archived: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  status: z.enum(CONTENT_STATUS_FILTERS).optional(),
});
export type ContentListQuery = z.input<typeof contentListQuerySchema>;

const pageCommon = {
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  icon: z.string(),
  isPublished: z.boolean(),
  isPublic: z.boolean(),
  isArchived: z.boolean(),
  isFeatured: z.boolean(),
  allowedTeamTypeIds: z.array(z.uuid()),
  showToChildTeams: z.boolean(),
};

export const contentRowSchema = z.object({
  ...pageCommon,
  sectionsCount: z.number().int(),
  updatedAt: z.string(),
});
export type ContentRow = z.infer<typeof contentRowSchema>;
export const contentListResponseSchema = pagedSchema(contentRowSchema);
export type ContentListResponse = z.infer<typeof contentListResponseSchema>;

/** Stored section data as it travels back (ids as plain strings: a reader never re-validates them). */
const richTextOut = z.object({ type: z.literal('richText'), data: z.string() });
const buttonOut = z.object({
  type: z.literal('button'),
  data: z.object({ text: z.string(), link: z.string() }),
});
const calloutOut = z.object({
  type: z.literal('callout'),
  data: z.object({ text: z.string(), variant: z.enum(CALLOUT_VARIANTS) }),
});
const imageOut = z.object({
  type: z.literal('image'),
  data: z.object({ assetId: z.string(), src: z.string(), altText: z.string() }),
});
const mapsOut = z.object({ type: z.literal('googleMaps'), data: z.string() });
const pdfOut = z.object({
  type: z.literal('pdf'),
  data: z.object({
    fileName: z.string(),
    fileIds: z.array(z.string()),
    /** Where each file can be read by this viewer (signed in, or the guest address). */
    files: z.array(z.object({ id: z.string(), name: z.string(), url: z.string() })),
  }),
});
const youTubeOut = z.object({ type: z.literal('youTube'), data: z.string() });
const vimeoOut = z.object({ type: z.literal('vimeo'), data: z.string() });
const taskListOut = z.object({ type: z.literal('taskList'), data: z.object({ id: z.string() }) });
const resourcesOut = z.object({
  type: z.literal('resources'),
  data: z.array(z.object({ type: z.enum(RESOURCE_TYPES), id: z.string(), label: z.string() })),
});
const tableOut = z.object({ type: z.literal('table'), data: tableDataSchema });

export const editorSectionSchema = z.discriminatedUnion('type', [
  richTextOut,
  buttonOut,
  calloutOut,
  imageOut,
  mapsOut,
  pdfOut,
  youTubeOut,
  vimeoOut,
  taskListOut,
  resourcesOut,
  tableOut,
]);

const sectionMeta = z.object({ id: z.uuid(), heading: z.string(), isPublished: z.boolean() });
export const contentSectionSchema = z.intersection(sectionMeta, editorSectionSchema);
export type ContentSection = z.infer<typeof contentSectionSchema>;

/** A page's image as it travels: its asset, the address to read it from, and its alt text. */
export const pageImageSchema = z.object({ assetId: z.string(), src: z.string(), altText: z.string() });
export type PageImage = z.infer<typeof pageImageSchema>;

export const contentDetailSchema = z.object({
  ...pageCommon,
  /** Null when the page has none (or its asset was deleted). */
  image: pageImageSchema.nullable().optional(),
  sections: z.array(contentSectionSchema),
  updatedAt: z.string(),
});
export type ContentDetail = z.infer<typeof contentDetailSchema>;

// ---- The reader ----

/** A task of a task-list section, as the viewer's team sees it. */
export const readerTaskSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  dueDate: z.string(),
  status: z.string(),
  statusLabel: z.string(),
});
export const readerResourceSchema = z.object({
  type: z.enum(RESOURCE_TYPES),
  id: z.string(),
  label: z.string(),
  /** Where the link goes in the portal; null when the item is gone or the viewer may not see it. */
  href: z.string().nullable(),
});
export type ReaderResource = z.infer<typeof readerResourceSchema>;

/** What a reader section carries beyond the stored data, resolved by the server for this viewer. */
export const readerSectionSchema = z.intersection(
  z.object({ id: z.uuid(), heading: z.string() }),
  z.discriminatedUnion('type', [
    richTextOut,
    buttonOut,
    calloutOut,
    imageOut,
    mapsOut.extend({ embedUrl: z.string() }),
    pdfOut,
    youTubeOut,
    vimeoOut,
    taskListOut.extend({ title: z.string(), tasks: z.array(readerTaskSchema) }),
    z.object({ type: z.literal('resources'), data: z.array(readerResourceSchema) }),
    tableOut,
  ]),
);
export type ReaderSection = z.infer<typeof readerSectionSchema>;

export const readerPageSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  icon: z.string(),
  isPublic: z.boolean(),
  image: pageImageSchema.nullable().optional(),
  sections: z.array(readerSectionSchema),
});
export type ReaderPage = z.infer<typeof readerPageSchema>;

export const readerListSchema = z.object({
  items: z.array(z.object({ id: z.uuid(), title: z.string(), description: z.string(), icon: z.string() })),
});
export type ReaderList = z.infer<typeof readerListSchema>;

export { SECTION_TYPES };
