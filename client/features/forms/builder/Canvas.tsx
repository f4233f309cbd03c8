import { Divider, Text } from '@mantine/core';
import { IconCopy, IconTrash } from '@tabler/icons-react';
import { memo, type ReactNode, useCallback } from 'react';
import type { Field } from '../../../../shared/forms/schema/field';
import { SortableList } from '../../../ui/SortableList';
import classes from './Canvas.module.css';
import { typeName } from './palette';

/** What a field is called on the canvas: its label, or its type when it has none (layout items). */
export const canvasName = (field: Field) => field.label.trim() || typeName(field.type);

/**
 * One field on the canvas. Memoised, with callbacks that take the field: while a drag moves the
 * cards around it, a card whose field, handle and selection are unchanged does not render again.
 */
const FieldCard = memo(function FieldCard({
  field,
  handle,
  selected,
  readOnly,
  onSelect,
  onDuplicate,
  onDelete,
}: {
  field: Field;
  handle: ReactNode;
  selected: boolean;
  readOnly: boolean;
  onSelect: (id: string) => void;
  onDuplicate: (field: Field) => void;
  onDelete: (field: Field) => void;
}) {
  const name = canvasName(field);
  // Plain elements with Mantine's variables (Canvas.module.css): the first render mounts a dozen
  // cards, and a card of Mantine components cost ten of them each.
  return (
    <div className={classes.card} data-selected={selected || undefined}>
      {!readOnly && handle}
      <button
        type="button"
        className={`${classes.select} mantine-focus-auto`}
        onClick={() => onSelect(field.id)}
        aria-pressed={selected}
        aria-label={`Select ${name}`}
      >
        {field.type === 'newPage' ? (
          <Divider label="Page break" labelPosition="center" variant="dashed" style={{ flex: 1 }} />
        ) : (
          <>
            <span className={classes.name}>
              {name}
              {field.isRequired ? ' *' : ''}
            </span>
            <span className={classes.type}>{typeName(field.type)}</span>
          </>
        )}
      </button>
      {!readOnly && (
        <>
          <button
            type="button"
            className={`${classes.action} mantine-focus-auto`}
            aria-label={`Duplicate ${name}`}
            onClick={() => onDuplicate(field)}
          >
            <IconCopy size={16} aria-hidden />
          </button>
          <button
            type="button"
            className={`${classes.action} mantine-focus-auto`}
            data-danger
            aria-label={`Delete ${name}`}
            onClick={() => onDelete(field)}
          >
            <IconTrash size={16} aria-hidden />
          </button>
        </>
      )}
    </div>
  );
});

/** The form's fields in order: select one to edit it, drag (or Space and arrows) to reorder. */
export function Canvas(props: {
  fields: Field[];
  selectedId: string | null;
  readOnly: boolean;
  onSelect: (id: string) => void;
  onReorder: (fields: Field[]) => void;
  onDuplicate: (field: Field) => void;
  onDelete: (field: Field) => void;
}) {
  const { selectedId, readOnly, onSelect, onDuplicate, onDelete } = props;
  // The same function while the selection and the callbacks are: the rows are memoised on it.
  const renderItem = useCallback(
    (field: Field, handle: ReactNode) => (
      <FieldCard
        field={field}
        handle={handle}
        selected={field.id === selectedId}
        readOnly={readOnly}
        onSelect={onSelect}
        onDuplicate={onDuplicate}
        onDelete={onDelete}
      />
    ),
    [selectedId, readOnly, onSelect, onDuplicate, onDelete],
  );
  if (props.fields.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        No fields yet: add one from the field types.
      </Text>
    );
  }
  return (
    <section aria-label="Form fields">
      <SortableList
        items={props.fields}
        getId={fieldId}
        onReorder={props.onReorder}
        handleLabel={moveLabel}
        // A form may have hundreds of fields: only the cards near the viewport are mounted
        // (decision 0036). A card is about 58 px tall: one line, its buttons and the gap below. The
        // first paint mounts one card beyond the window's edge, the usual six a frame later.
        windowed={WINDOWED}
        renderItem={renderItem}
      />
    </section>
  );
}

const fieldId = (field: Field) => field.id;
const moveLabel = (field: Field) => `Move ${canvasName(field)}`;
const WINDOWED = { estimateSize: 58, firstOverscan: 1 };
