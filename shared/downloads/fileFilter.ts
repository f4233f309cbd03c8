/**
 * Spec, constants: "File type groups: image (jpeg, png, webp, svg), video (mp4), docs (pdf, doc,
 * docx, xls, xlsx, ppt, pptx, txt), zip. File filter: images, videos, documents, files, other."
 * A download's fileType is its file name's extension in capitals (fileSize.ts), so each filter is
 * the extensions of its group; "files" are the zip archives (the fourth group) and "other" is every
 * extension of no group.
 */
export const FILE_FILTERS = ['images', 'videos', 'documents', 'files', 'other'] as const;
export type FileFilter = (typeof FILE_FILTERS)[number];

export const FILE_FILTER_LABELS: Record<FileFilter, string> = {
  images: 'Images',
  videos: 'Videos',
  documents: 'Documents',
  files: 'Files',
  other: 'Other',
};

/** The extensions of each grouped filter (jpg is the common spelling of jpeg). */
export const FILE_FILTER_TYPES: Record<Exclude<FileFilter, 'other'>, readonly string[]> = {
  images: ['JPEG', 'JPG', 'PNG', 'WEBP', 'SVG'],
  videos: ['MP4'],
  documents: ['PDF', 'DOC', 'DOCX', 'XLS', 'XLSX', 'PPT', 'PPTX', 'TXT'],
  files: ['ZIP'],
};

/** Every extension some group holds; "other" is everything outside it. */
export const GROUPED_FILE_TYPES: readonly string[] = Object.values(FILE_FILTER_TYPES).flat();

/** The one filter a download's fileType falls under. */
export function fileFilterOf(fileType: string): FileFilter {
  const type = fileType.toUpperCase();
  for (const [filter, types] of Object.entries(FILE_FILTER_TYPES)) {
    if (types.includes(type)) return filter as FileFilter;
  }
  return 'other';
}

/** A filter read from an address, when it is one the lists know. */
export function toFileFilter(value: string | null | undefined): FileFilter | null {
  return FILE_FILTERS.find((known) => known === value) ?? null;
}
