import { Paper, Text } from '@mantine/core';
import { useMemo } from 'react';
import type { FormDetail } from '../../../../shared/forms/api';
import { makeDefinition } from '../../../../shared/forms/definition';
import type { Draft } from '../builder/saveBody';
import { FormRenderer } from './FormRenderer';
import { usePreviewImages } from './usePreviewImages';

/** The builder's preview: the unsaved draft as a team will see it, with live logic; nothing is stored. */
export function FormPreview({ detail, draft }: { detail: FormDetail; draft: Draft }) {
  const definition = useMemo(() => {
    const own = new Set(draft.fields.map((f) => f.id));
    // Fields of embedded groups come from the server's answer; the form's own from the draft.
    const groupFields = detail.fields.filter((f) => !own.has(f.id) && f.fieldGroupId !== '');
    const form = { ...detail.form, fieldIds: draft.fields.map((f) => f.id), logicMap: draft.logicMap };
    return makeDefinition(form, [...draft.fields, ...groupFields], detail.fieldGroups);
  }, [detail, draft]);
  const images = usePreviewImages(definition);
  return (
    // A region named after the form, so the preview is one landmark a screen reader can jump to.
    <Paper withBorder p="lg" radius="md" maw={720} component="section" aria-label={detail.form.title}>
      <Text size="sm" c="dimmed" mb="md">
        Preview: answers here are not saved.
      </Text>
      <FormRenderer definition={definition} currency={detail.currency} images={images} />
    </Paper>
  );
}
