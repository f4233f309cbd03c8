import { Select, TextInput } from '@mantine/core';
import {
  NOTIFICATION_LABELS,
  TARGET_KINDS,
  TARGET_LABELS,
  type TargetKind,
} from '../../../shared/notifications/api';
import { useContentList } from '../content/api';
import { useForms } from '../forms/formsApi';
import { useTasks } from '../tasks/tasksApi';

type Option = { value: string; label: string };

/** The first page of each list, by title: enough to pick from, and searchable in the select. */
function useContentOptions(eventId: string): Option[] {
  const list = useContentList(eventId, { page: 1, sort: 'title', order: 'asc', search: '', archived: false });
  return (list.data?.items ?? []).map((p) => ({ value: p.id, label: p.title }));
}
function useFormOptions(eventId: string): Option[] {
  const list = useForms(eventId, { page: 1, sort: 'title', order: 'asc', search: '', archived: false });
  return (list.data?.items ?? []).map((f) => ({ value: f.id, label: f.title }));
}
function useTaskOptions(eventId: string): Option[] {
  const list = useTasks(eventId, {
    page: 1,
    sort: 'title',
    order: 'asc',
    search: '',
    type: null,
    groupId: null,
    archived: false,
  });
  return (list.data?.items ?? []).map((t) => ({ value: t.id, label: t.title }));
}

const OPTION_HOOKS = { content: useContentOptions, form: useFormOptions, task: useTaskOptions } as const;

function TargetSelect(props: {
  eventId: string;
  kind: keyof typeof OPTION_HOOKS;
  value: string | null;
  onChange: (id: string | null) => void;
  error?: string;
}) {
  // One component per kind (keyed by it), so each calls exactly one list hook.
  const options = OPTION_HOOKS[props.kind](props.eventId);
  return (
    <Select
      label={NOTIFICATION_LABELS.targetId}
      required
      searchable
      data={options}
      value={props.value}
      onChange={props.onChange}
      error={props.error}
      nothingFoundMessage="Nothing found"
    />
  );
}

export interface Target {
  targetKind: TargetKind;
  targetId: string | null;
  linkUrl: string;
}

/** What opening the notification leads to: nothing, a content page, a form, a task or a link. */
export function TargetPicker(props: {
  eventId: string;
  value: Target;
  onChange: (target: Target) => void;
  errors: Record<string, string>;
}) {
  const { value, onChange, errors } = props;
  const kind = value.targetKind;
  return (
    <>
      <Select
        label={NOTIFICATION_LABELS.target}
        data={TARGET_KINDS.map((k) => ({ value: k, label: TARGET_LABELS[k] }))}
        value={kind}
        allowDeselect={false}
        onChange={(next) =>
          onChange({ targetKind: (next as TargetKind) ?? 'none', targetId: null, linkUrl: '' })
        }
        error={errors.targetKind}
      />
      {(kind === 'content' || kind === 'form' || kind === 'task') && (
        <TargetSelect
          key={kind}
          eventId={props.eventId}
          kind={kind}
          value={value.targetId}
          onChange={(id) => onChange({ ...value, targetId: id })}
          error={errors.targetId}
        />
      )}
      {kind === 'link' && (
        <TextInput
          label={NOTIFICATION_LABELS.linkUrl}
          placeholder="https://"
          required
          value={value.linkUrl}
          onChange={(e) => onChange({ ...value, linkUrl: e.currentTarget.value })}
          error={errors.linkUrl}
        />
      )}
    </>
  );
}
