import type { FormDefinition } from '../../../../shared/forms';
import type { FormImage } from '../../../../shared/forms/submissionsApi';

export type { FormImage };
/** The images a form's image fields show, by asset id. */
export type FormImages = Readonly<Record<string, FormImage>>;

/** The asset ids the form's image fields name (its own and its field groups'), each once. */
export function imageAssetIds(definition: Pick<FormDefinition, 'fields'>): string[] {
  const ids = new Set<string>();
  for (const field of Object.values(definition.fields)) {
    if (field.type === 'image' && field.assetId) ids.add(field.assetId);
  }
  return [...ids].sort();
}
