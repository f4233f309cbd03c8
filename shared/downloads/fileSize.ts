/**
 * Spec: file sizes show in KB above 1000 bytes and in MB above 1,000,000, with one decimal.
 * Decimal units (1 KB = 1000 bytes), as the thresholds say; smaller files show their bytes.
 */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes > 1_000_000) return `${(bytes / 1_000_000).toFixed(1)} MB`;
  if (bytes > 1000) return `${(bytes / 1000).toFixed(1)} KB`;
  return `${Math.round(bytes)} B`;
}

/** The short type shown beside a download: the file name's extension in capitals (PDF, DOCX). */
export function fileTypeOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  if (dot <= 0 || dot === fileName.length - 1) return 'FILE';
  return fileName.slice(dot + 1).toUpperCase();
}
