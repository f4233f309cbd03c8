import { z } from 'zod';
import { EMBED_GUIDANCE, mapEmbedUrl, vimeoId, youTubeShortcode } from './embeds';

/**
 * Sections of a content page (spec: Section): a heading, whether it is published (new sections
 * default to published), and one of eleven types with its data. Stored data is parsed by these
 * schemas when written and when read.
 */

export const SECTION_TYPES = [
  'richText',
  'button',
  'callout',
  'image',
  'googleMaps',
  'pdf',
  'youTube',
  'vimeo',
  'taskList',
  'resources',
  'table',
] as const;
export type SectionType = (typeof SECTION_TYPES)[number];

export const SECTION_TYPE_LABELS: Record<SectionType, string> = {
  richText: 'Rich text',
  button: 'Button',
  callout: 'Callout',
  image: 'Image',
  googleMaps: 'Google Maps',
  pdf: 'PDF',
  youTube: 'YouTube',
  vimeo: 'Vimeo',
  taskList: 'Task list',
  resources: 'Resources',
  table: 'Table',
};

export const CALLOUT_VARIANTS = ['info', 'success', 'warning', 'danger'] as const;
export type CalloutVariant = (typeof CALLOUT_VARIANTS)[number];
export const CALLOUT_VARIANT_LABELS: Record<CalloutVariant, string> = {
  info: 'Information',
  success: 'Success',
  warning: 'Warning',
  danger: 'Important',
};

/** Spec: a resources entry type comes from a fixed list. */
export const RESOURCE_TYPES = ['task', 'form', 'download', 'supplier'] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];

export const CONTENT_ERRORS = {
  invalidContent: 'Invalid content data',
  invalidSections: 'Invalid new or updated sections data',
  invalidPdf: 'Invalid PDF section after upload',
  tableHeader: 'Table header length must match the number of columns',
  tableRow: 'Every row must have one cell per column',
  notFound: 'Content not found',
} as const;

export const RICH_TEXT_MAX_LENGTH = 200_000;
export const MAX_TABLE_COLUMNS = 12;
export const MAX_TABLE_ROWS = 200;
export const MAX_SECTIONS = 200;

/** A button's link: a web address, an email or phone link, or a path inside the portal. */
const linkSchema = z
  .string()
  .trim()
  .min(1, 'Enter a link')
  .max(2000)
  .refine((link) => /^(https?:\/\/|mailto:|tel:)/i.test(link) || /^\/(?!\/)/.test(link), {
    message: 'Enter a web address (https://...) or a path in the portal (/tasks)',
  });

const text = (max: number) => z.string().trim().max(max);

export const richTextDataSchema = z.string().max(RICH_TEXT_MAX_LENGTH);
export const buttonDataSchema = z.strictObject({
  text: text(200).min(1, 'Enter the button text'),
  link: linkSchema,
});
export const calloutDataSchema = z.strictObject({
  text: text(5000).min(1, 'Enter the callout text'),
  variant: z.enum(CALLOUT_VARIANTS, { message: 'Choose a known variant' }),
});
export const imageDataSchema = z.strictObject({
  assetId: z.uuid({ message: 'Choose an image' }),
  /** The address the picker gave for the asset, so the reader needs no second lookup. */
  src: z
    .string()
    .max(2000)
    .refine((s) => /^\/api\//.test(s) || /^https:\/\//.test(s), { message: 'Choose an image' }),
  altText: text(500).default(''),
});
export const googleMapsDataSchema = text(1000).refine((value) => mapEmbedUrl(value) !== null, {
  message: EMBED_GUIDANCE.googleMaps,
});
export const pdfDataSchema = z.strictObject({
  fileName: text(200).min(1, EMBED_GUIDANCE.pdf),
  /** Uploaded files (purpose contentPdf), owned by the page once saved. */
  fileIds: z.array(z.uuid()).min(1, EMBED_GUIDANCE.pdf).max(10),
});
export const youTubeDataSchema = z.string().transform((value, ctx) => {
  const shortcode = youTubeShortcode(value);
  if (!shortcode) {
    ctx.addIssue({ code: 'custom', message: EMBED_GUIDANCE.youTube });
    return z.NEVER;
  }
  return shortcode;
});
export const vimeoDataSchema = z.string().transform((value, ctx) => {
  const id = vimeoId(value);
  if (!id) {
    ctx.addIssue({ code: 'custom', message: EMBED_GUIDANCE.vimeo });
    return z.NEVER;
  }
  return id;
});
export const taskListDataSchema = z.strictObject({ id: z.uuid({ message: 'Choose a task group' }) });
export const resourceSchema = z.strictObject({
  type: z.enum(RESOURCE_TYPES),
  id: z.uuid(),
  label: text(200).min(1, 'Enter a label'),
});
export type Resource = z.infer<typeof resourceSchema>;
export const resourcesDataSchema = z.array(resourceSchema).min(1, 'Add at least one resource').max(50);

export const tableDataSchema = z
  .strictObject({
    isFixedWidth: z.boolean().default(true),
    isFirstRowHeader: z.boolean().default(true),
    columnCount: z.number().int().min(0).max(MAX_TABLE_COLUMNS).default(0),
    rows: z.array(z.strictObject({ cells: z.array(z.string().max(2000)) })).max(MAX_TABLE_ROWS),
  })
  .superRefine((table, ctx) => {
    const [header, ...rest] = table.rows;
    if (header && header.cells.length !== table.columnCount) {
      ctx.addIssue({ code: 'custom', path: ['rows', 0], message: CONTENT_ERRORS.tableHeader });
    }
    rest.forEach((row, index) => {
      if (row.cells.length !== table.columnCount) {
        ctx.addIssue({ code: 'custom', path: ['rows', index + 1], message: CONTENT_ERRORS.tableRow });
      }
    });
  });
export type TableData = z.output<typeof tableDataSchema>;

const common = {
  /** Present for a section that exists; new sections come without one. */
  id: z.uuid().optional(),
  heading: text(200).default(''),
  isPublished: z.boolean().default(true),
};

const variant = <T extends SectionType, D extends z.ZodType>(type: T, data: D) =>
  z.strictObject({ ...common, type: z.literal(type), data });

/** One section as the editor sends it; the union's tag is the spec's `type`. */
export const sectionInputSchema = z.discriminatedUnion('type', [
  variant('richText', richTextDataSchema),
  variant('button', buttonDataSchema),
  variant('callout', calloutDataSchema),
  variant('image', imageDataSchema),
  variant('googleMaps', googleMapsDataSchema),
  variant('pdf', pdfDataSchema),
  variant('youTube', youTubeDataSchema),
  variant('vimeo', vimeoDataSchema),
  variant('taskList', taskListDataSchema),
  variant('resources', resourcesDataSchema),
  variant('table', tableDataSchema),
]);
export type SectionInput = z.input<typeof sectionInputSchema>;
export type Section = z.output<typeof sectionInputSchema>;
export type SectionData<T extends SectionType> = Extract<Section, { type: T }>['data'];

/** The stored type and data of a section: parsed again when read, so a bad record is left out. */
export const storedSectionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('richText'), data: richTextDataSchema }),
  z.object({ type: z.literal('button'), data: buttonDataSchema }),
  z.object({ type: z.literal('callout'), data: calloutDataSchema }),
  z.object({ type: z.literal('image'), data: imageDataSchema }),
  z.object({ type: z.literal('googleMaps'), data: googleMapsDataSchema }),
  z.object({ type: z.literal('pdf'), data: pdfDataSchema }),
  z.object({ type: z.literal('youTube'), data: youTubeDataSchema }),
  z.object({ type: z.literal('vimeo'), data: vimeoDataSchema }),
  z.object({ type: z.literal('taskList'), data: taskListDataSchema }),
  z.object({ type: z.literal('resources'), data: resourcesDataSchema }),
  z.object({ type: z.literal('table'), data: tableDataSchema }),
]);

/** The new-section defaults the editor starts from (spec: table fixed width, header row, 0 columns). */
export function emptySectionData(type: SectionType): SectionInput['data'] {
  switch (type) {
    case 'richText':
      return '';
    case 'button':
      return { text: '', link: '' };
    case 'callout':
      return { text: '', variant: 'info' };
    case 'image':
      return { assetId: '', src: '', altText: '' };
    case 'googleMaps':
    case 'youTube':
    case 'vimeo':
      return '';
    case 'pdf':
      return { fileName: '', fileIds: [] };
    case 'taskList':
      return { id: '' };
    case 'resources':
      return [];
    case 'table':
      return { isFixedWidth: true, isFirstRowHeader: true, columnCount: 0, rows: [] };
  }
}
