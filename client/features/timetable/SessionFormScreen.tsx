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
import { type FormEvent, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { Session } from '../../../shared/timetable/api';
import {
  DESCRIPTION_MAX,
  TIMETABLE_LABELS as L,
  LINK_KIND_LABELS,
  LINK_KINDS,
  type LinkKind,
  LOCATION_MAX,
  TITLE_MAX,
} from '../../../shared/timetable/schema';
import { errorMessage, fieldErrors } from '../../lib/errors';
import { useSession } from '../../lib/session';
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
  const [title, setTitle] = useState(session?.title ?? '');
  const [description, setDescription] = useState(session?.description ?? '');
  const [startsAt, setStartsAt] = useState(session?.startsAt ?? '');
  const [endsAt, setEndsAt] = useState(session?.endsAt ?? '');
  const [location, setLocation] = useState(session?.location ?? '');
  const [trackId, setTrackId] = useState<string | null>(session?.trackId ?? null);
  const [teamTypeIds, setTeamTypeIds] = useState<string[]>(session?.teamTypeIds ?? []);
  const [showToChildTeams, setShowToChildTeams] = useState(session?.showToChildTeams ?? true);
  const [linkKind, setLinkKind] = useState<LinkKind | null>(session?.link?.kind ?? null);
  const [linkId, setLinkId] = useState<string | null>(session?.link?.id ?? null);
  const errors = fieldErrors(save.error);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      {
        id: session?.id ?? null,
        body: {
          title,
          description,
          startsAt,
          endsAt,
          location,
          trackId,
          teamTypeIds,
          showToChildTeams,
          link: linkKind && linkId ? { kind: linkKind, id: linkId } : null,
        },
      },
      {
        onSuccess: () => {
          feedback.success();
          void navigate('/admin/time-table');
        },
        onError: (error) => feedback.error(error),
      },
    );
  };
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
                value={title}
                onChange={(e) => setTitle(e.currentTarget.value)}
                maxLength={TITLE_MAX}
                error={errors.title}
              />
              <Group grow align="flex-start">
                <TextInput
                  type="datetime-local"
                  label={L.startsAt}
                  required
                  value={startsAt}
                  onChange={(e) => {
                    const next = e.currentTarget.value;
                    // A new session ends an hour later unless the organiser says otherwise.
                    if (!endsAt && next) setEndsAt(plusOneHour(next));
                    setStartsAt(next);
                  }}
                  error={errors.startsAt}
                />
                <TextInput
                  type="datetime-local"
                  label={L.endsAt}
                  required
                  value={endsAt}
                  onChange={(e) => setEndsAt(e.currentTarget.value)}
                  error={errors.endsAt}
                />
              </Group>
              <TextInput
                label={L.location}
                value={location}
                onChange={(e) => setLocation(e.currentTarget.value)}
                maxLength={LOCATION_MAX}
                error={errors.location}
              />
              <Select
                label={L.trackId}
                placeholder="No track"
                data={(tracks.data?.items ?? []).map((t) => ({ value: t.id, label: t.name }))}
                value={trackId}
                onChange={setTrackId}
                clearable
                error={errors.trackId}
              />
              <Textarea
                label={L.description}
                value={description}
                onChange={(e) => setDescription(e.currentTarget.value)}
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
                value={teamTypeIds}
                onChange={setTeamTypeIds}
                searchable
                error={errors.teamTypeIds}
              />
              <Switch
                label={L.showToChildTeams}
                checked={showToChildTeams}
                onChange={(e) => setShowToChildTeams(e.currentTarget.checked)}
              />
              <Group grow align="flex-start">
                <Select
                  label={L.link}
                  placeholder="Nothing"
                  data={LINK_KINDS.map((k) => ({ value: k, label: LINK_KIND_LABELS[k] }))}
                  value={linkKind}
                  onChange={(v) => {
                    setLinkKind(v as LinkKind | null);
                    setLinkId(null);
                  }}
                  clearable
                />
                {linkKind && (
                  <Select
                    label={LINK_KIND_LABELS[linkKind]}
                    data={(options.data?.[linkKind] ?? []).map((o) => ({ value: o.id, label: o.title }))}
                    value={linkId}
                    onChange={setLinkId}
                    searchable
                    error={errors.link}
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
