import {
  Button,
  Group,
  MultiSelect,
  Paper,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import type { Session } from '../../../shared/timetable/api';
import {
  DESCRIPTION_MAX,
  TIMETABLE_LABELS as L,
  LINK_KIND_LABELS,
  LINK_KINDS,
  type LinkKind,
  LOCATION_MAX,
  sessionBodySchema,
  TIMETABLE_ERRORS,
  TITLE_MAX,
} from '../../../shared/timetable/schema';
import { errorMessage } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { errorTexts, useSchemaForm } from '../../lib/useSchemaForm';
import { useConfirm } from '../../ui/confirm';
import { useFeedback } from '../../ui/FeedbackBanner';
import { PageHeader } from '../../ui/PageHeader';
import { LoadFailed, Loading } from '../../ui/QueryState';
import { useTeamTypes } from '../people/teamsApi';
import { useDeleteSession, useLinkOptions, useSaveSession, useSessionDetail, useTracks } from './api';

const crumbs = (last: string) => [
  { label: 'Admin', to: '/admin' },
  { label: 'Time Table', to: '/admin/time-table' },
  { label: last },
];

/** /admin/time-table/add */
export function AddSessionScreen() {
  return <SessionForm session={null} />;
}

/** /admin/time-table/{sessionId} */
export function EditSessionScreen() {
  const { event } = useSession();
  const sessionId = useParams().sessionId ?? '';
  const session = useSessionDetail(event?.id ?? '', sessionId);
  if (session.isError) {
    return (
      <PageHeader title="Session" breadcrumbs={crumbs('Session')}>
        <LoadFailed title="The session could not be loaded" error={session.error} retry={session.refetch} />
      </PageHeader>
    );
  }
  if (!session.data) return <Loading label="Loading the session" />;
  return <SessionForm session={session.data} />;
}

/** The form's inputs: the body's fields, with the link held as its two pickers. */
type SessionValues = {
  title: string;
  description: string;
  startsAt: string;
  endsAt: string;
  location: string;
  trackId: string | null;
  teamTypeIds: string[];
  showToChildTeams: boolean;
  linkKind: LinkKind | null;
  linkId: string | null;
};

function SessionForm({ session }: { session: Session | null }) {
  const { event } = useSession();
  const eventId = event?.id ?? '';
  const navigate = useNavigate();
  const feedback = useFeedback();
  const confirm = useConfirm();
  const save = useSaveSession(eventId);
  const remove = useDeleteSession(eventId);
  const tracks = useTracks(eventId);
  const types = useTeamTypes(eventId);
  const options = useLinkOptions(eventId);
  const initialValues: SessionValues = {
    title: session?.title ?? '',
    description: session?.description ?? '',
    startsAt: session?.startsAt ?? '',
    endsAt: session?.endsAt ?? '',
    location: session?.location ?? '',
    trackId: session?.trackId ?? null,
    teamTypeIds: session?.teamTypeIds ?? [],
    showToChildTeams: session?.showToChildTeams ?? true,
    linkKind: session?.link?.kind ?? null,
    linkId: session?.link?.id ?? null,
  };
  const form = useSchemaForm(sessionBodySchema, {
    initialValues,
    // The link is chosen in two steps (kind, then item); the body carries it whole, or nothing.
    toInput: ({ linkKind, linkId, ...rest }) => ({
      ...rest,
      link: linkKind && linkId ? { kind: linkKind, id: linkId } : null,
    }),
  });
  const { values } = form;
  const errors = errorTexts(form.errors);
  const set = <K extends keyof SessionValues>(key: K, value: SessionValues[K]) =>
    form.setFieldValue(key, value as never);

  const onSubmit = form.onSubmit(
    (body) =>
      save.mutate(
        { id: session?.id ?? null, body },
        {
          onSuccess: () => {
            feedback.success();
            void navigate('/admin/time-table');
          },
          onError: (error) => {
            form.setServerErrors(error);
            feedback.error(error);
          },
        },
      ),
    () => feedback.error(TIMETABLE_ERRORS.invalidSession),
  );
  const askDelete = () =>
    session &&
    confirm({
      title: 'Delete session',
      message: `${session.title} will be deleted from the time table for good.`,
      confirmLabel: 'Delete',
      color: 'red',
      onConfirm: () =>
        remove.mutate(session.id, {
          onSuccess: () => {
            feedback.success('The session has been deleted');
            void navigate('/admin/time-table');
          },
          onError: (error) => feedback.error(error),
        }),
    });

  return (
    <PageHeader
      title={session ? `Edit ${session.title}` : 'Add session'}
      breadcrumbs={crumbs(session ? session.title : 'Add')}
      actions={
        session && (
          <Button color="red" onClick={askDelete}>
            Delete
          </Button>
        )
      }
      tips="Times are in the event's time zone. Leave the team types empty to show the session to every team."
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md" maw={760}>
          {save.isError && (
            <Text c="red" role="alert">
              {errorMessage(save.error)}
            </Text>
          )}
          <Paper withBorder p="md" radius="md">
            <Stack gap="sm">
              <TextInput
                label={L.title}
                required
                value={values.title}
                onChange={(e) => set('title', e.currentTarget.value)}
                maxLength={TITLE_MAX}
                error={errors.title}
              />
              <Group grow align="flex-start">
                <TextInput
                  type="datetime-local"
                  label={L.startsAt}
                  required
                  value={values.startsAt}
                  onChange={(e) => {
                    const next = e.currentTarget.value;
                    // A new session ends an hour later unless the organiser says otherwise.
                    if (!values.endsAt && next) set('endsAt', plusOneHour(next));
                    set('startsAt', next);
                  }}
                  error={errors.startsAt}
                />
                <TextInput
                  type="datetime-local"
                  label={L.endsAt}
                  required
                  value={values.endsAt}
                  onChange={(e) => set('endsAt', e.currentTarget.value)}
                  error={errors.endsAt}
                />
              </Group>
              <TextInput
                label={L.location}
                value={values.location}
                onChange={(e) => set('location', e.currentTarget.value)}
                maxLength={LOCATION_MAX}
                error={errors.location}
              />
              <Select
                label={L.trackId}
                placeholder="No track"
                data={(tracks.data?.items ?? []).map((t) => ({ value: t.id, label: t.name }))}
                value={values.trackId}
                onChange={(id) => set('trackId', id)}
                clearable
                error={errors.trackId}
              />
              <Textarea
                label={L.description}
                value={values.description}
                onChange={(e) => set('description', e.currentTarget.value)}
                maxLength={DESCRIPTION_MAX}
                autosize
                minRows={3}
                error={errors.description}
              />
            </Stack>
          </Paper>
          <Paper withBorder p="md" radius="md">
            <Stack gap="sm">
              <MultiSelect
                label={L.teamTypeIds}
                description={L.teamTypeIdsHint}
                data={(types.data?.items ?? []).map((t) => ({ value: t.id, label: t.name }))}
                value={values.teamTypeIds}
                onChange={(ids) => set('teamTypeIds', ids)}
                searchable
                error={errors.teamTypeIds}
              />
              <Switch
                label={L.showToChildTeams}
                checked={values.showToChildTeams}
                onChange={(e) => set('showToChildTeams', e.currentTarget.checked)}
              />
              <Group grow align="flex-start">
                <Select
                  label={L.link}
                  placeholder="Nothing"
                  data={LINK_KINDS.map((k) => ({ value: k, label: LINK_KIND_LABELS[k] }))}
                  value={values.linkKind}
                  onChange={(v) => {
                    set('linkKind', v as LinkKind | null);
                    set('linkId', null);
                  }}
                  clearable
                />
                {values.linkKind && (
                  <Select
                    label={LINK_KIND_LABELS[values.linkKind]}
                    data={(options.data?.[values.linkKind] ?? []).map((o) => ({
                      value: o.id,
                      label: o.title,
                    }))}
                    value={values.linkId}
                    onChange={(id) => set('linkId', id)}
                    searchable
                    error={errors.link ?? errors['link.id']}
                  />
                )}
              </Group>
            </Stack>
          </Paper>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => navigate('/admin/time-table')}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save session
            </Button>
          </Group>
        </Stack>
      </form>
    </PageHeader>
  );
}

/** 'YYYY-MM-DDTHH:mm' an hour on, in wall-clock terms (no zone is involved). */
function plusOneHour(local: string): string {
  const at = new Date(`${local}:00Z`);
  if (Number.isNaN(at.getTime())) return '';
  return new Date(at.getTime() + 3_600_000).toISOString().slice(0, 16);
}

export { AddSessionScreen as Component };
