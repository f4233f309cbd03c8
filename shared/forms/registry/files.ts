import type { FieldOf } from '../schema/field';
import type { UploadAccept } from '../schema/fields-answer';
import type { UploadedFile } from '../schema/values';
import { booleanValueSchema, filesValueSchema, uploadedFileSchema } from '../schema/values';
import type { FieldTypeEntry, Reading } from './types';
import { defineFieldType, EMPTY, invalid, isBlank, present } from './types';

// Uploads (checked by count, kind and size) and disclaimers (a tick that says "I agree").

/** The spec's default limit; per field, maxFileSizeMB overrides it when hasMaxFileSize is on. */
export const DEFAULT_MAX_FILE_SIZE_MB = 50;
/** Sizes use decimal megabytes, as the spec's size display does (MB above 1,000,000 bytes). */
export const BYTES_PER_MB = 1_000_000;

export const ACCEPT_GROUPS: Record<
  UploadAccept,
  { name: string; extensions: string[]; mimeTypes: string[] }
> = {
  images: {
    name: 'an image (JPEG, PNG, SVG or WebP)',
    extensions: ['jpeg', 'jpg', 'png', 'svg', 'webp'],
    mimeTypes: ['image/jpeg', 'image/png', 'image/svg+xml', 'image/webp'],
  },
  docs: {
    name: 'a document (PDF, Word, spreadsheet, presentation or text)',
    extensions: ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'txt'],
    mimeTypes: [
      'application/pdf',
      'application/msword',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.ms-excel',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/vnd.ms-powerpoint',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      'text/plain',
    ],
  },
  videos: { name: 'a video (MP4)', extensions: ['mp4'], mimeTypes: ['video/mp4'] },
};

type Upload = FieldOf<'upload'>;

/** An upload field with no groups ticked accepts every group. */
function acceptedGroups(field: Upload): UploadAccept[] {
  return field.accept.length > 0 ? field.accept : ['images', 'docs', 'videos'];
}

/** The value for an <input accept="..."> and the dropzone: extensions and MIME types. */
export function acceptAttribute(field: Upload): string {
  return acceptedGroups(field)
    .flatMap((group) => [
      ...ACCEPT_GROUPS[group].extensions.map((extension) => `.${extension}`),
      ...ACCEPT_GROUPS[group].mimeTypes,
    ])
    .join(',');
}

export function maxFileSizeMB(field: Upload): number {
  return field.hasMaxFileSize && field.maxFileSizeMB !== null && field.maxFileSizeMB > 0
    ? field.maxFileSizeMB
    : DEFAULT_MAX_FILE_SIZE_MB;
}

/** Browsers disagree on MIME types for office files, so the file's extension decides its kind. */
export function isAcceptedFile(field: Upload, fileName: string): boolean {
  const extension = fileName.toLowerCase().split('.').pop() ?? '';
  return (
    fileName.includes('.') &&
    acceptedGroups(field).some((group) => ACCEPT_GROUPS[group].extensions.includes(extension))
  );
}

export function readFiles(raw: unknown): Reading<UploadedFile[]> {
  if (isBlank(raw)) return EMPTY;
  const list = Array.isArray(raw) ? raw : [raw];
  const files: UploadedFile[] = [];
  for (const item of list) {
    const parsed = uploadedFileSchema.safeParse(item);
    if (!parsed.success) return invalid('This upload could not be read. Upload the file again');
    files.push(parsed.data);
  }
  return files.length === 0 ? EMPTY : present(files);
}

/** What is wrong with one file for this field (its kind, its size): the upload route asks too. */
export function fileProblems(field: Upload, file: { name: string; size: number }): string[] {
  const problems: string[] = [];
  const limit = maxFileSizeMB(field);
  if (!isAcceptedFile(field, file.name)) {
    const kinds = acceptedGroups(field).map((group) => ACCEPT_GROUPS[group].name);
    problems.push(`"${file.name}" is not an accepted file type. Upload ${kinds.join(' or ')}`);
  }
  if (file.size > limit * BYTES_PER_MB) problems.push(tooLargeForField(field, file.name));
  return problems;
}

export function tooLargeForField(field: Upload, fileName: string): string {
  return `"${fileName}" is larger than the ${maxFileSizeMB(field)} MB limit`;
}

function checkFiles(field: Upload, files: UploadedFile[]): string[] {
  const problems: string[] = [];
  if (!field.isMulti && files.length > 1) problems.push('Upload only one file');
  for (const file of files) problems.push(...fileProblems(field, file));
  return problems;
}

export function readAgreement(raw: unknown): Reading<boolean> {
  if (isBlank(raw)) return EMPTY;
  if (raw === true || raw === 'true') return present(true);
  if (raw === false || raw === 'false') return present(false);
  return invalid('Tick the box to accept, or leave it empty');
}

const MUST_ACCEPT = 'You must accept this to continue';

export const fileTypes: FieldTypeEntry[] = [
  defineFieldType<'upload', UploadedFile[]>({
    type: 'upload',
    displayName: 'Upload',
    holdsValue: true,
    valueSchema: filesValueSchema,
    emptyValue: [],
    requiredMessage: 'Upload a file',
    read: (_field, raw) => readFiles(raw),
    check: checkFiles,
    toText: (_field, files) => files.map((file) => file.name).join(', '),
  }),
  defineFieldType<'disclaimer', boolean>({
    type: 'disclaimer',
    displayName: 'Disclaimer',
    holdsValue: true,
    valueSchema: booleanValueSchema,
    emptyValue: false,
    requiredMessage: MUST_ACCEPT,
    read: (_field, raw) => readAgreement(raw),
    check: (field, accepted, mode) => (field.isRequired && !accepted && !mode.isDraft ? [MUST_ACCEPT] : []),
    toText: (_field, accepted) => (accepted ? 'Yes' : 'No'),
  }),
];
