import { Grid, Paper, Text } from '@mantine/core';
import { useDeferredValue, useMemo, useRef, useState } from 'react';
import type { FieldGroupRow } from '../../../../shared/forms/api';
import type { LogicProblem } from '../../../../shared/forms/check-logic';
import type { Field, FieldType } from '../../../../shared/forms/schema/field';
import { Canvas } from './Canvas';
import type { GroupChoices } from './editors/TemplateGroupEditor';
import { FieldSettings } from './FieldSettings';
import { LogicEditor } from './LogicEditor';
import { withoutField, withoutNestedRules } from './logicRules';
import { Palette } from './Palette';
import { duplicateField, newField } from './palette';
import type { RuleScope } from './RulesEditor';
import type { Draft } from './saveBody';

/**
 * Palette, canvas and the selected field's settings and logic: the builder of a form and of a
 * field group alike. The screen owns the draft and its saving; this edits it.
 */
export function BuilderWorkspace(props: {
  draft: Draft;
  onChange: (draft: Draft) => void;
  readOnly: boolean;
  /** Groups a template may embed; null when the person may not see them, omitted where templates are not offered. */
  fieldGroups?: FieldGroupRow[] | null;
  groupFieldsOf: RuleScope['groupFieldsOf'];
  problems: readonly LogicProblem[];
  /** The event's currency (ISO 4217), for item prices. */
  currency: string;
  /** Where templates are offered: the groups a template's settings may switch it to. */
  groupChoices?: GroupChoices;
}) {
  const { draft, onChange, readOnly } = props;
  const [selectedId, setSelectedId] = useState<string | null>(draft.fields[0]?.id ?? null);
  // The canvas's callbacks keep their identity (its cards are memoised on them, and a drop or a
  // selection then renders only the cards it changes); they read the latest draft from here.
  const latest = useRef({ draft, onChange, selectedId });
  latest.current = { draft, onChange, selectedId };
  const actions = useMemo(() => {
    const setFields = (fields: Field[]) => latest.current.onChange({ ...latest.current.draft, fields });
    const insertAfter = (anchorId: string | null, field: Field) => {
      const { fields: current } = latest.current.draft;
      const at = current.findIndex((f) => f.id === anchorId);
      const fields = [...current];
      fields.splice(at < 0 ? fields.length : at + 1, 0, field);
      setFields(fields);
      setSelectedId(field.id);
    };
    return {
      setFields,
      add: (type: FieldType, extra?: { fieldGroupId: string; label: string }) =>
        insertAfter(latest.current.selectedId, newField(type, undefined, extra)),
      duplicate: (field: Field) => insertAfter(field.id, duplicateField(field)),
      remove: (field: Field) => {
        const { draft, onChange, selectedId } = latest.current;
        // Logic that names the field goes with it, so what is left can still be saved.
        onChange({
          fields: draft.fields.filter((f) => f.id !== field.id),
          logicMap: withoutField(draft.logicMap, field.id),
        });
        if (selectedId === field.id) setSelectedId(null);
      },
    };
  }, []);
  const update = (field: Field) => {
    const fields = draft.fields.map((f) => (f.id === field.id ? field : f));
    const before = draft.fields.find((f) => f.id === field.id);
    // A template moved to another group: rules reading the old group's fields would read nothing.
    const regrouped =
      before?.type === 'template' && field.type === 'template' && before.fieldGroupId !== field.fieldGroupId;
    onChange({ fields, logicMap: regrouped ? withoutNestedRules(draft.logicMap, field.id) : draft.logicMap });
  };
  // The settings panel (a dozen inputs and the logic editor) follows the selection a render later:
  // the builder's first paint is the palette and the canvas, the panel comes just after it, and a
  // click on a card shows the card selected before the panel changes.
  const shownId = useDeferredValue(selectedId, null);
  const selected = draft.fields.find((f) => f.id === shownId) ?? null;
  const scope: RuleScope = { fields: draft.fields, groupFieldsOf: props.groupFieldsOf };

  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 3 }}>
        <Paper withBorder p="sm" radius="md">
          <Palette
            onAdd={actions.add}
            disabled={readOnly}
            fieldGroups={props.fieldGroups ?? null}
            offerTemplates={props.fieldGroups !== undefined}
          />
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Canvas
          fields={draft.fields}
          selectedId={selectedId}
          readOnly={readOnly}
          onSelect={setSelectedId}
          onReorder={actions.setFields}
          onDuplicate={actions.duplicate}
          onDelete={actions.remove}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Paper withBorder p="sm" radius="md">
          {selected ? (
            <FieldSettings
              key={selected.id}
              field={selected}
              onChange={update}
              readOnly={readOnly}
              currency={props.currency}
              groups={props.groupChoices}
            >
              <LogicEditor
                owner={selected}
                logicMap={draft.logicMap}
                scope={scope}
                problems={props.problems}
                readOnly={readOnly}
                onChange={(logicMap) => onChange({ ...draft, logicMap })}
              />
            </FieldSettings>
          ) : selectedId === null ? (
            <Text size="sm" c="dimmed">
              Select a field to change its settings.
            </Text>
          ) : null}
        </Paper>
      </Grid.Col>
    </Grid>
  );
}
