import { Box, Group, SegmentedControl } from '@mantine/core';
import { lazy, Suspense, useDeferredValue, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { can } from '../../../../shared/auth/permissions';
import type { FormDetail } from '../../../../shared/forms/api';
import { WEBHOOKS_LEVEL } from '../../../../shared/webhooks/api';
import { useSession } from '../../../lib/session';
import { useFeedback } from '../../../ui/FeedbackBanner';
import { PageHeader } from '../../../ui/PageHeader';
import { Loading, QueryState } from '../../../ui/QueryState';
import { useFieldGroupChoices, useForm, useSaveForm } from '../formsApi';
import { LockNotice, SaveBar } from './BuilderBar';
import { BuilderWorkspace } from './BuilderWorkspace';
import type { GroupChoices } from './editors/TemplateGroupEditor';
import { draftProblems, groupFieldsLookup } from './logicRules';
import { type Draft, draftOf, hasChanges, saveBody } from './saveBody';
import { type LockState, useEditLock, useOnTakeOver } from './useEditLock';

// The preview renders the form with every answer input (uploads, tables, money, ...): its code is
// loaded when the person heads for it, not with the builder, whose open does not need it.
const loadPreview = () => import('../renderer/FormPreview');
const FormPreview = lazy(() => loadPreview().then((m) => ({ default: m.FormPreview })));
/** Starts the preview's code early (a pointer or focus near the view switch); a failure is the click's to show. */
const warmPreview = () => void loadPreview().catch(() => undefined);

function Builder({
  eventId,
  loaded,
  lock,
  reload,
}: {
  eventId: string;
  loaded: FormDetail;
  /** Taken by the screen while the form loads: the builder's first render is then often the editable one. */
  lock: LockState;
  /** The form as stored now. */
  reload: () => Promise<FormDetail | undefined>;
}) {
  const { level } = useSession();
  // The baseline is what the server last answered: the diff is taken against it, not the live query.
  const [baseline, setBaseline] = useState(loaded);
  const [draft, setDraft] = useState<Draft>(() => draftOf(loaded));
  const [mode, setMode] = useState<'build' | 'preview'>('build');
  const readOnly = lock.status !== 'held';
  useOnTakeOver(lock, () =>
    reload().then((stored) => {
      if (!stored) return;
      setBaseline(stored);
      setDraft(draftOf(stored));
    }),
  );
  const save = useSaveForm(eventId);
  const feedback = useFeedback();
  const isAdmin = can(level, 'admin');
  const groups = useFieldGroupChoices(eventId, isAdmin);
  const changed = useMemo(() => hasChanges(baseline, draft), [baseline, draft]);
  const embedded = useMemo(
    () => ({
      fields: baseline.fields.filter((f) => f.fieldGroupId !== ''),
      fieldGroups: baseline.fieldGroups,
    }),
    [baseline],
  );
  const groupFieldsOf = useMemo(() => groupFieldsLookup(embedded), [embedded]);
  // The engine's check of the whole draft's logic follows the draft a render later: a drop or a
  // keystroke paints first, the problems (shown beside the field and on the save bar) just after.
  const checked = useDeferredValue(draft);
  const problems = useMemo(
    () => draftProblems(checked.fields, checked.logicMap, embedded, 'form'),
    [checked, embedded],
  );

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

  const published = useMemo(
    () => groups.data?.items.filter((g) => g.isPublished && !g.isArchived) ?? [],
    [groups.data],
  );
  const groupChoices = useMemo<GroupChoices>(() => {
    const embeddedTitles = new Map(baseline.fieldGroups.map((g) => [g.id, g.title]));
    return { offered: isAdmin ? published : null, titleOf: (id) => embeddedTitles.get(id) };
  }, [baseline, isAdmin, published]);
  return (
    <>
      <LockNotice lock={lock} noun="form" />
      <Group justify="space-between" mb="md" onPointerEnter={warmPreview} onFocus={warmPreview}>
        <SegmentedControl
          aria-label="Builder view"
          value={mode}
          onChange={(value) => setMode(value === 'preview' ? 'preview' : 'build')}
          data={[
            { value: 'build', label: 'Build' },
            { value: 'preview', label: 'Preview' },
          ]}
        />
        <SaveBar
          changed={changed}
          readOnly={readOnly}
          problems={problems.length}
          saving={save.isPending}
          onSave={submit}
        />
      </Group>
      {mode === 'preview' && (
        <Suspense fallback={<Loading label="Loading the preview" />}>
          <FormPreview detail={baseline} draft={draft} />
        </Suspense>
      )}
      {/* Kept mounted behind the preview, so the selected field is still selected on coming back. */}
      <Box display={mode === 'preview' ? 'none' : undefined}>
        <BuilderWorkspace
          draft={draft}
          onChange={setDraft}
          readOnly={readOnly}
          fieldGroups={isAdmin ? published : null}
          groupFieldsOf={groupFieldsOf}
          problems={problems}
          currency={baseline.currency}
          groupChoices={groupChoices}
        />
      </Box>
    </>
  );
}

/** /admin/forms/:formId (moderator and above): the form builder, on the forms engine. */
export function FormBuilderScreen() {
  const { event, level } = useSession();
  const eventId = event?.id ?? '';
  const formId = useParams().formId ?? '';
  const detail = useForm(eventId, formId);
  // Asked for with the form, not once it has loaded: the builder then renders once, editable,
  // instead of read-only and again with its handles when the lock comes back.
  const lock = useEditLock(eventId, formId);
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
        { label: 'Confirmations', to: `/admin/forms/${formId}/confirmations` },
        { label: 'Notifications', to: `/admin/forms/${formId}/notifications` },
        // Spec: webhooks are admin only; a moderator is not offered the link.
        ...(can(level, WEBHOOKS_LEVEL) ? [{ label: 'Webhooks', to: `/admin/forms/${formId}/webhooks` }] : []),
      ]}
      tips="Add fields from the field types, drag them into order (or focus a handle, press Space and use the arrows), then Save. A Page break starts a new page."
    >
      <QueryState query={detail} loading="Loading the form" failed="The form could not be loaded">
        {(data) => (
          <Builder
            key={data.form.id}
            eventId={eventId}
            loaded={data}
            lock={lock}
            reload={() => detail.refetch().then((answer) => answer.data)}
          />
        )}
      </QueryState>
    </PageHeader>
  );
}

export { FormBuilderScreen as Component };
