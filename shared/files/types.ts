/**
 * Upload types and categories (spec: jpeg, png, webp, svg, doc, pdf, txt, xls, ppt, docx, xlsx,
 * pptx, mp4, zip; categories image, docs, video, zip, pdf) and which purposes take which. Pure, so
 * the client can refuse a wrong file before sending it and the server checks the same rules.
 */

export const FILE_CATEGORIES = ['image', 'docs', 'video', 'zip', 'pdf'] as const;
export type FileCategory = (typeof FILE_CATEGORIES)[number];

type TypeInfo = { extensions: readonly string[]; contentType: string; category: FileCategory };

export const UPLOAD_TYPES = {
  jpeg: { extensions: ['jpg', 'jpeg'], contentType: 'image/jpeg', category: 'image' },
  png: { extensions: ['png'], contentType: 'image/png', category: 'image' },
  webp: { extensions: ['webp'], contentType: 'image/webp', category: 'image' },
  svg: { extensions: ['svg'], contentType: 'image/svg+xml', category: 'image' },
  pdf: { extensions: ['pdf'], contentType: 'application/pdf', category: 'pdf' },
  doc: { extensions: ['doc'], contentType: 'application/msword', category: 'docs' },
  xls: { extensions: ['xls'], contentType: 'application/vnd.ms-excel', category: 'docs' },
  ppt: { extensions: ['ppt'], contentType: 'application/vnd.ms-powerpoint', category: 'docs' },
  docx: {
    extensions: ['docx'],
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    category: 'docs',
  },
  xlsx: {
    extensions: ['xlsx'],
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    category: 'docs',
  },
  pptx: {
    extensions: ['pptx'],
    contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    category: 'docs',
  },
  txt: { extensions: ['txt'], contentType: 'text/plain', category: 'docs' },
  mp4: { extensions: ['mp4'], contentType: 'video/mp4', category: 'video' },
  zip: { extensions: ['zip'], contentType: 'application/zip', category: 'zip' },
} as const satisfies Record<string, TypeInfo>;

export type UploadType = keyof typeof UPLOAD_TYPES;
export const UPLOAD_TYPE_NAMES: readonly UploadType[] = Object.freeze(
  Object.keys(UPLOAD_TYPES) as UploadType[],
);

/** Who a stored file belongs to; also the `purpose` of an upload. */
export const FILE_PURPOSES = [
  'asset',
  'download',
  'contentPdf',
  'supplierLogo',
  'taskAttachment',
  'taskUpload',
  'branding',
  'submissionFile',
] as const;
export type FilePurpose = (typeof FILE_PURPOSES)[number];

const IMAGES: readonly FileCategory[] = ['image'];
const EVERYTHING: readonly FileCategory[] = FILE_CATEGORIES;

/** Assets are images or documents (spec: asset type is image or document); logos and branding images only. */
export const PURPOSE_CATEGORIES: Record<FilePurpose, readonly FileCategory[]> = {
  asset: ['image', 'pdf', 'docs'],
  download: EVERYTHING,
  contentPdf: ['pdf'],
  supplierLogo: IMAGES,
  taskAttachment: EVERYTHING,
  taskUpload: EVERYTHING,
  branding: IMAGES,
  /** A form's upload fields take images, documents (PDF among them) and videos (their accept groups). */
  submissionFile: ['image', 'docs', 'pdf', 'video'],
};

/** The spec's default upload limit (also UPLOAD_LIMIT_BYTES on the server). */
export const DEFAULT_UPLOAD_LIMIT_BYTES = 50 * 1024 * 1024;

export const FILE_ERRORS = {
  noFile: 'Choose a file to upload',
  imageNeeded: 'Image upload needs an image file type',
  mismatch: "The file's contents do not match its extension",
  unreadableImage: 'The file could not be read as an image',
  storage: 'Error uploading file to storage',
  notFound: 'File not found',
} as const;

export function typeNotAllowedMessage(purpose: FilePurpose): string {
  if (PURPOSE_CATEGORIES[purpose] === IMAGES) return FILE_ERRORS.imageNeeded;
  return `This file type cannot be uploaded here. Allowed types: ${typesFor(purpose).join(', ')}`;
}

export function tooLargeMessage(limitBytes: number): string {
  const mb = limitBytes / (1024 * 1024);
  const limit = mb >= 1 ? `${Math.round(mb)} MB` : `${Math.max(1, Math.round(limitBytes / 1024))} KB`;
  return `The file is too large. The limit is ${limit}`;
}

/** The upload types a purpose accepts, in the spec's order. */
export function typesFor(purpose: FilePurpose): UploadType[] {
  const categories = PURPOSE_CATEGORIES[purpose];
  return UPLOAD_TYPE_NAMES.filter((t) => categories.includes(UPLOAD_TYPES[t].category));
}

/** Dropzone's accept map (content type -> extensions) for a purpose. */
export function acceptFor(purpose: FilePurpose): Record<string, string[]> {
  return Object.fromEntries(
    typesFor(purpose).map((t) => [
      UPLOAD_TYPES[t].contentType,
      UPLOAD_TYPES[t].extensions.map((e) => `.${e}`),
    ]),
  );
}

/** The upload type a file name claims, from its last extension (case-insensitive). */
export function typeFromName(name: string): UploadType | null {
  const dot = name.lastIndexOf('.');
  if (dot < 0 || dot === name.length - 1) return null;
  const ext = name.slice(dot + 1).toLowerCase();
  return (
    UPLOAD_TYPE_NAMES.find((t) => (UPLOAD_TYPES[t].extensions as readonly string[]).includes(ext)) ?? null
  );
}

export function isImageType(type: UploadType): boolean {
  return UPLOAD_TYPES[type].category === 'image';
}

/** Raster images are resized into variants; SVG is vector and kept as sanitised. */
export function isRasterImage(type: UploadType): boolean {
  return type === 'jpeg' || type === 'png' || type === 'webp';
}
