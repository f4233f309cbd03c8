import { Select } from '@mantine/core';
import type { FieldOf } from '../../../../../shared/forms/schema/field';
import type { EditorProps } from './fieldIssues';

/** The field groups a form's template may embed, as the form builder knows them. */
export interface GroupChoices {
  /** Groups a template may come to embed (published, not archived); null when the person may not list groups. */
  offered: readonly { id: string; title: string }[] | null;
  /** The title of a group the form embeds now (it may since have been archived or unpublished). */
  titleOf: (fieldGroupId: string) => string | undefined;
}

/**
 * A template's field group, changeable after the template is added. The server refuses a group of
 * another event or an archived one; the builder drops the rules that read the old group's fields.
 */
export function TemplateGroupEditor({
  field,
  onChange,
  disabled,
  issues,
  groups,
}: EditorProps<FieldOf<'template'>> & { groups: GroupChoices }) {
  const currentTitle = groups.titleOf(field.fieldGroupId);
  const offered = groups.offered ?? [];
  const titleOf = (id: string) => offered.find((g) => g.id === id)?.title ?? groups.titleOf(id);
  // The current group stays in the list even when it is no longer offered (archived, unpublished).
  const current = offered.some((g) => g.id === field.fieldGroupId)
    ? []
    : [{ value: field.fieldGroupId, label: currentTitle ?? 'The current field group' }];
  const data = [...current, ...offered.map((g) => ({ value: g.id, label: g.title }))];
  return (
    <Select
      label="Field group"
      description={
        groups.offered === null
          ? 'Field groups are managed by admins.'
          : "The group this template repeats. Changing it removes the rules that read the old group's fields."
      }
      data={data}
      value={field.fieldGroupId}
      allowDeselect={false}
      searchable
      nothingFoundMessage="No published field group has that title"
      disabled={disabled || groups.offered === null}
      error={issues.fieldGroupId}
      onChange={(next) => {
        if (!next || next === field.fieldGroupId) return;
        // A label still reading the old group's title (the palette's default) follows the group.
        const keepsTitle = currentTitle !== undefined && field.label === currentTitle;
        onChange({ fieldGroupId: next, ...(keepsTitle ? { label: titleOf(next) ?? field.label } : {}) });
      }}
    />
  );
}
