import { Alert, Button, Grid, Group, Paper, SegmentedControl, Text } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import { can } from '../../../../shared/auth/permissions';
import type { FormDetail } from '../../../../shared/forms/api';
import type { Field, FieldType } from '../../../../shared/forms/schema/field';
import { useSession } from '../../../lib/session';
import { useFeedback } from '../../../ui/FeedbackBanner';
import { PageHeader } from '../../../ui/PageHeader';
import { QueryState } from '../../../ui/QueryState';
import { useFieldGroupChoices, useForm, useSaveForm } from '../formsApi';
import { FormPreview } from '../renderer/FormPreview';
import { Canvas } from './Canvas';
import { FieldSettings } from './FieldSettings';
import { Palette } from './Palette';
import { duplicateField, newField } from './palette';
import { type Draft, draftOf, hasChanges, saveBody } from './saveBody';
import { type LockState, useEditLock } from './useEditLock';

function LockNotice({ lock }: { lock: LockState }) {
  if (lock.status === 'held') return null;
  if (lock.status === 'taking') {
    return (
      <Text size="sm" c="dimmed" role="status" mb="sm">
        Opening the form for editing…
      </Text>
    );
  }
  return (
    <Alert color="yellow" variant="light" title="Read only" mb="md">
      {lock.lock.holderName} is editing this form. You can look at it, but not change it until they leave.
    </Alert>
  );
}

function Builder({ eventId, loaded }: { eventId: string; loaded: FormDetail }) {
  const { level } = useSession();
  // The baseline is what the server last answered: the diff is taken against it, not the live query.
  const [baseline, setBaseline] = useState(loaded);
  const [draft, setDraft] = useState<Draft>(() => draftOf(loaded));
  const [selectedId, setSelectedId] = useState<string | null>(draft.fields[0]?.id ?? null);
  const [mode, setMode] = useState<'build' | 'preview'>('build');
  const lock = useEditLock(eventId, loaded.form.id);
  const readOnly = lock.status !== 'held';
  const save = useSaveForm(eventId);
  const feedback = useFeedback();
  const isAdmin = can(level, 'admin');
  const groups = useFieldGroupChoices(eventId, isAdmin);
  const changed = hasChanges(baseline, draft);

  const setFields = (fields: Field[]) => setDraft((d) => ({ ...d, fields }));
  const insertAfterSelected = (field: Field) => {
    const at = draft.fields.findIndex((f) => f.id === selectedId);
    const fields = [...draft.fields];
    fields.splice(at < 0 ? fields.length : at + 1, 0, field);
    setFields(fields);
    setSelectedId(field.id);
  };
  const add = (type: FieldType, extra?: { fieldGroupId: string; label: string }) =>
    insertAfterSelected(newField(type, undefined, extra));
  const remove = (field: Field) => {
    setFields(draft.fields.filter((f) => f.id !== field.id));
    if (selectedId === field.id) setSelectedId(null);
  };
  const update = (field: Field) => setFields(draft.fields.map((f) => (f.id === field.id ? field : f)));
  const selected = draft.fields.find((f) => f.id === selectedId) ?? null;

  const submit = () =>
    save.mutate(
      { formId: baseline.form.id, body: saveBody(baseline, draft) },
      {
        onSuccess: (detail) => {
          setBaseline(detail);
          setDraft(draftOf(detail));
          feedback.success();
        },
        onError: (error) => feedback.error(error),
      },
    );

  const published = groups.data?.items.filter((g) => g.isPublished && !g.isArchived) ?? [];
  return (
    <>
      <LockNotice lock={lock} />
      <Group justify="space-between" mb="md">
        <SegmentedControl
          aria-label="Builder view"
          value={mode}
          onChange={(value) => setMode(value === 'preview' ? 'preview' : 'build')}
          data={[
            { value: 'build', label: 'Build' },
            { value: 'preview', label: 'Preview' },
          ]}
        />
        <Group gap="sm">
          {changed && !readOnly && (
            <Text size="sm" c="dimmed">
              Unsaved changes
            </Text>
          )}
          <Button onClick={submit} disabled={readOnly || !changed} loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Group>
      {mode === 'preview' ? (
        <FormPreview detail={baseline} draft={draft} />
      ) : (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 3 }}>
            <Paper withBorder p="sm" radius="md">
              <Palette onAdd={add} disabled={readOnly} fieldGroups={isAdmin ? published : null} />
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Canvas
              fields={draft.fields}
              selectedId={selectedId}
              readOnly={readOnly}
              onSelect={setSelectedId}
              onReorder={setFields}
              onDuplicate={(field) => {
                setSelectedId(field.id);
                const copy = duplicateField(field);
                const at = draft.fields.findIndex((f) => f.id === field.id);
                const fields = [...draft.fields];
                fields.splice(at + 1, 0, copy);
                setFields(fields);
                setSelectedId(copy.id);
              }}
              onDelete={remove}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Paper withBorder p="sm" radius="md">
              {selected ? (
                <FieldSettings key={selected.id} field={selected} onChange={update} readOnly={readOnly} />
              ) : (
                <Text size="sm" c="dimmed">
                  Select a field to change its settings.
                </Text>
              )}
            </Paper>
          </Grid.Col>
        </Grid>
      )}
    </>
  );
}

/** /admin/forms/:formId (moderator and above): the form builder, on the forms engine. */
export function FormBuilderScreen() {
  const { event } = useSession();
  const eventId = event?.id ?? '';
  const formId = useParams().formId ?? '';
  const detail = useForm(eventId, formId);
  const title = detail.data?.form.title ?? 'Form';
  return (
    <PageHeader
      title={title}
      breadcrumbs={[
        { label: 'Admin', to: '/admin' },
        { label: 'Forms', to: '/admin/forms' },
        { label: title },
      ]}
      quickLinks={[
        { label: 'Settings', to: `/admin/forms/${formId}/settings` },
        { label: 'Submissions', to: `/admin/forms/${formId}/submissions` },
      ]}
      tips="Add fields from the field types, drag them into order (or focus a handle, press Space and use the arrows), then Save. A Page break starts a new page."
    >
      <QueryState query={detail} loading="Loading the form" failed="The form could not be loaded">
        {(data) => <Builder key={data.form.id} eventId={eventId} loaded={data} />}
      </QueryState>
    </PageHeader>
  );
}

export { FormBuilderScreen as Component };
