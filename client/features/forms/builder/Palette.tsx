import { Stack } from '@mantine/core';
import { memo } from 'react';
import type { FieldGroupRow } from '../../../../shared/forms/api';
import type { FieldType } from '../../../../shared/forms/schema/field';
import classes from './Palette.module.css';
import { PALETTE_GROUPS, typeName } from './palette';

/**
 * Every field type of the engine, grouped; a click adds one after the selected field. Templates
 * are added per field group (the reusable groups), since a template without its group is nothing.
 * Memoised: about thirty buttons that change only with the lock and the groups, not with the draft.
 */
export const Palette = memo(function Palette({
  onAdd,
  fieldGroups,
  disabled,
  offerTemplates = true,
}: {
  onAdd: (type: FieldType, extra?: { fieldGroupId: string; label: string }) => void;
  fieldGroups: FieldGroupRow[] | null;
  disabled: boolean;
  /** A field group's own builder offers no templates: groups do not nest. */
  offerTemplates?: boolean;
}) {
  const groups = offerTemplates
    ? PALETTE_GROUPS
    : PALETTE_GROUPS.filter((g) => !g.types.includes('template'));
  // Plain buttons drawn with Mantine's variables (Palette.module.css): the builder's first render.
  return (
    <Stack gap="md" component="nav" aria-label="Field types">
      {groups.map((group) => (
        <Stack key={group.title} gap={6}>
          <p className={classes.title}>{group.title}</p>
          <div className={classes.types}>
            {group.types
              .filter((type) => type !== 'template')
              .map((type) => (
                <button
                  key={type}
                  type="button"
                  className={`${classes.add} mantine-focus-auto`}
                  disabled={disabled}
                  onClick={() => onAdd(type)}
                >
                  {typeName(type)}
                </button>
              ))}
            {group.types.includes('template') &&
              (fieldGroups === null ? (
                <span className={classes.note}>Field groups are managed by admins.</span>
              ) : fieldGroups.length === 0 ? (
                <span className={classes.note}>No published field groups yet.</span>
              ) : (
                fieldGroups.map((fg) => (
                  <button
                    key={fg.id}
                    type="button"
                    className={`${classes.add} mantine-focus-auto`}
                    disabled={disabled}
                    aria-label={`Add field group ${fg.title}`}
                    onClick={() => onAdd('template', { fieldGroupId: fg.id, label: fg.title })}
                  >
                    {fg.title}
                  </button>
                ))
              ))}
          </div>
        </Stack>
      ))}
    </Stack>
  );
});
