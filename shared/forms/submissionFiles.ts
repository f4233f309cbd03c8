import type { FormDefinition } from './definition';
import type { FieldOf } from './schema/field';
import type { UploadedFile } from './schema/values';

/**
 * Where a submission's files live (spec: forms/submissions/{submissionId}/{fieldId}, a nested path
 * for looped fields) and how the answers that hold them are walked. Pure, so the browser and the
 * server build the same paths.
 */

/** An upload field's place in the answers: a top-level field, or one field of one loop. */
export type UploadPlace =
  | { fieldId: string; templateFieldId?: undefined; loopIndex?: undefined }
  | { fieldId: string; templateFieldId: string; loopIndex: number };

const ID = /^[A-Za-z0-9_-]+$/;

/**
 * forms/submissions/{submissionId}/{fieldId}, or
 * forms/submissions/{submissionId}/{templateFieldId}/{loopIndex}/{fieldId} for a looped field.
 * Ids that could leave their folder ('..', '/') are refused rather than cleaned.
 */
export function submissionFilePath(submissionId: string, place: UploadPlace): string {
  const parts =
    place.templateFieldId === undefined
      ? [submissionId, place.fieldId]
      : [submissionId, place.templateFieldId, String(place.loopIndex), place.fieldId];
  for (const part of parts) if (!ID.test(part)) throw new Error(`Not a path part: ${part}`);
  if (place.templateFieldId !== undefined && (!Number.isInteger(place.loopIndex) || place.loopIndex < 0)) {
    throw new Error(`Not a loop index: ${place.loopIndex}`);
  }
  return ['forms', 'submissions', ...parts].join('/');
}

/** The answer path an upload place reports problems at (as the engine's problems do). */
export function placeKey(place: UploadPlace): (string | number)[] {
  return place.templateFieldId === undefined
    ? [place.fieldId]
    : [place.templateFieldId, place.loopIndex, place.fieldId];
}

/** The upload field at a place of this form, or null when there is none there. */
export function uploadFieldAt(definition: FormDefinition, place: UploadPlace): FieldOf<'upload'> | null {
  const field = definition.fields[place.fieldId];
  if (field?.type !== 'upload') return null;
  if (place.templateFieldId === undefined) {
    return definition.form.fieldIds.includes(field.id) ? field : null;
  }
  const template = definition.fields[place.templateFieldId];
  if (template?.type !== 'template' || !definition.form.fieldIds.includes(template.id)) return null;
  const group = definition.fieldGroups[template.fieldGroupId];
  return group?.fieldIds.includes(field.id) ? field : null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every upload answer in stored (engine-read) values, with its place. */
export function uploadsIn(
  definition: FormDefinition,
  values: Record<string, unknown>,
): { place: UploadPlace; files: UploadedFile[] }[] {
  const found: { place: UploadPlace; files: UploadedFile[] }[] = [];
  for (const [id, value] of Object.entries(values)) {
    const field = definition.fields[id];
    if (field?.type === 'upload' && Array.isArray(value)) {
      found.push({ place: { fieldId: id }, files: value as UploadedFile[] });
    } else if (field?.type === 'template' && isRecord(value) && Array.isArray(value.templateValues)) {
      value.templateValues.forEach((loop, loopIndex) => {
        if (!isRecord(loop)) return;
        for (const [nestedId, nested] of Object.entries(loop)) {
          if (definition.fields[nestedId]?.type === 'upload' && Array.isArray(nested)) {
            found.push({
              place: { fieldId: nestedId, templateFieldId: id, loopIndex },
              files: nested as UploadedFile[],
            });
          }
        }
      });
    }
  }
  return found;
}

/** The same values with each upload answer replaced by what `change` makes of it. */
export function mapUploads(
  definition: FormDefinition,
  values: Record<string, unknown>,
  change: (files: UploadedFile[], place: UploadPlace) => UploadedFile[],
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...values };
  for (const [id, value] of Object.entries(values)) {
    const field = definition.fields[id];
    if (field?.type === 'upload' && Array.isArray(value)) {
      out[id] = change(value as UploadedFile[], { fieldId: id });
    } else if (field?.type === 'template' && isRecord(value) && Array.isArray(value.templateValues)) {
      out[id] = {
        ...value,
        templateValues: value.templateValues.map((loop, loopIndex) => {
          if (!isRecord(loop)) return loop;
          const next: Record<string, unknown> = { ...loop };
          for (const [nestedId, nested] of Object.entries(loop)) {
            if (definition.fields[nestedId]?.type === 'upload' && Array.isArray(nested)) {
              next[nestedId] = change(nested as UploadedFile[], {
                fieldId: nestedId,
                templateFieldId: id,
                loopIndex,
              });
            }
          }
          return next;
        }),
      };
    }
  }
  return out;
}
