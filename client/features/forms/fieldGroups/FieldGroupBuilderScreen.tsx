import { Group, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import type { FieldGroupDetail } from '../../../../shared/forms/api';
import { useSession } from '../../../lib/session';
import { useFeedback } from '../../../ui/FeedbackBanner';
import { PageHeader } from '../../../ui/PageHeader';
import { QueryState } from '../../../ui/QueryState';
import { LockNotice, SaveBar } from '../builder/BuilderBar';
import { BuilderWorkspace } from '../builder/BuilderWorkspace';
import { draftProblems } from '../builder/logicRules';
import { type Draft, draftChanged, groupDraftOf, groupSaveBody } from '../builder/saveBody';
import { useEditLock, useOnTakeOver } from '../builder/useEditLock';
import { useFieldGroup, useSaveFieldGroup } from '../fieldGroupsApi';
import { groupCrumbs } from './FieldGroupSettingsScreen';

// Groups do not embed groups here, so a group's rules read only its own fields.
const NOTHING_EMBEDDED = { fields: [], fieldGroups: [] };
const noGroupFields = () => [];

function GroupBuilder({
  eventId,
  loaded,
  reload,
}: {
  eventId: string;
  loaded: FieldGroupDetail;
  /** The group as stored now. */
  reload: () => Promise<FieldGroupDetail | undefined>;
}) {
  const [baseline, setBaseline] = useState(loaded);
  const [draft, setDraft] = useState<Draft>(() => groupDraftOf(loaded));
  const lock = useEditLock(eventId, loaded.fieldGroup.id, 'field-groups');
  const readOnly = lock.status !== 'held';
  useOnTakeOver(lock, () =>
    reload().then((stored) => {
      if (!stored) return;
      setBaseline(stored);
      setDraft(groupDraftOf(stored));
    }),
  );
  const save = useSaveFieldGroup(eventId);
  const feedback = useFeedback();
  const changed = draftChanged(groupDraftOf(baseline), draft);
  const problems = useMemo(
    () => draftProblems(draft.fields, draft.logicMap, NOTHING_EMBEDDED, 'field group'),
    [draft],
  );
  const submit = () =>
    save.mutate(
      { fieldGroupId: baseline.fieldGroup.id, body: groupSaveBody(baseline, draft) },
      {
        onSuccess: (detail) => {
          setBaseline(detail);
          setDraft(groupDraftOf(detail));
          feedback.success();
        },
        // A change that would break a form embedding the group is refused in the engine's words.
        onError: (error) => feedback.error(error),
      },
    );
  return (
    <>
      <LockNotice lock={lock} noun="field group" />
      <Group justify="space-between" mb="md">
        <Text size="sm" c="dimmed">
          A change here shows in every form that embeds this group.
        </Text>
        <SaveBar
          changed={changed}
          readOnly={readOnly}
          problems={problems.length}
          saving={save.isPending}
          onSave={submit}
        />
      </Group>
      <BuilderWorkspace
        draft={draft}
        onChange={setDraft}
        readOnly={readOnly}
        groupFieldsOf={noGroupFields}
        problems={problems}
        currency={baseline.currency}
      />
    </>
  );
}

/** /admin/field-groups/:fieldGroupId (admin only): the group's fields in the form builder's pieces. */
export function FieldGroupBuilderScreen() {
  const { event } = useSession();
  const eventId = event?.id ?? '';
  const { fieldGroupId = '' } = useParams();
  const detail = useFieldGroup(eventId, fieldGroupId);
  const title = detail.data?.fieldGroup.title ?? 'Field group';
  return (
    <PageHeader
      title={title}
      breadcrumbs={groupCrumbs({ label: title })}
      quickLinks={[{ label: 'Settings', to: `/admin/field-groups/${fieldGroupId}/settings` }]}
      tips="Add the group's fields, drag them into order, then Save. Forms add the group from the builder's Reusable groups, once or repeated."
    >
      <QueryState
        query={detail}
        loading="Loading the field group"
        failed="The field group could not be loaded"
      >
        {(data) => (
          <GroupBuilder
            key={data.fieldGroup.id}
            eventId={eventId}
            loaded={data}
            reload={() => detail.refetch().then((answer) => answer.data)}
          />
        )}
      </QueryState>
    </PageHeader>
  );
}

export { FieldGroupBuilderScreen as Component };
