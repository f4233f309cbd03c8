import type { Field } from '../../../../../shared/forms/schema/field';
import { PartsEditor, RepeaterEditor } from './compoundEditors';
import type { FieldIssues } from './fieldIssues';
import { ItemsEditor } from './ItemsEditor';
import { CalloutEditor, ImageEditor, UploadEditor, VideoEditor } from './mediaEditors';
import { type GroupChoices, TemplateGroupEditor } from './TemplateGroupEditor';

/**
 * Properties a type's own editor shows, so the panel's generic list of scalar properties leaves
 * them out (the lists and objects are never in it).
 */
export const EDITED_BY_TYPE: Partial<Record<Field['type'], readonly string[]>> = {
  itemList: ['showPrice', 'showSubtotals', 'showTotal'],
  upload: ['isMulti', 'hasMaxFileSize', 'maxFileSizeMB'],
  callout: ['style'],
  image: ['assetId'],
  youTube: ['videoId'],
  vimeo: ['videoId'],
};

/** The editor of the field type's structured properties, if it has any. */
export function TypeSettings({
  field,
  onChange,
  disabled,
  issues,
  currency,
  groups,
}: {
  field: Field;
  onChange: (patch: Record<string, unknown>) => void;
  disabled: boolean;
  issues: FieldIssues;
  currency: string;
  /** Where templates are offered (the form builder): the groups a template may embed. */
  groups?: GroupChoices;
}) {
  const common = { onChange, disabled, issues };
  switch (field.type) {
    case 'itemList':
      return <ItemsEditor field={field} currency={currency} {...common} />;
    case 'address':
    case 'fullName':
      return <PartsEditor field={field} {...common} />;
    case 'repeater':
      return <RepeaterEditor field={field} {...common} />;
    case 'upload':
      return <UploadEditor field={field} {...common} />;
    case 'callout':
      return <CalloutEditor field={field} {...common} />;
    case 'image':
      return <ImageEditor field={field} {...common} />;
    case 'youTube':
    case 'vimeo':
      return <VideoEditor field={field} {...common} />;
    case 'template':
      return groups ? <TemplateGroupEditor field={field} groups={groups} {...common} /> : null;
    default:
      return null;
  }
}
