import type { Asset } from '../../../shared/assets/schema';
import { fileUrl, variantUrls } from '../files/service';
import { files } from '../files/tables';
import { assets } from './tables';

/** The columns an asset's answer reads: the asset and its file. */
export const assetColumns = {
  id: assets.id,
  eventId: assets.eventId,
  name: assets.name,
  altText: assets.altText,
  type: assets.type,
  createdAt: assets.createdAt,
  fileId: files.id,
  fileName: files.name,
  contentType: files.contentType,
  size: files.size,
  variants: files.variants,
};
export type AssetRow = { [K in keyof typeof assetColumns]: (typeof assetColumns)[K]['_']['data'] };

/** An asset row and its file → the answer (shared/assets/schema). */
export function presentAsset(row: AssetRow): Asset {
  return {
    id: row.id,
    name: row.name,
    altText: row.altText,
    type: row.type,
    fileName: row.fileName,
    contentType: row.contentType,
    size: row.size,
    url: fileUrl(row.eventId, row.fileId),
    data: row.variants ? variantUrls(row.eventId, row.fileId) : null,
    createdAt: row.createdAt.toISOString(),
  };
}
