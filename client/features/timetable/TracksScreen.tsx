import { Button, ColorInput, Group, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { TrackRow } from '../../../shared/timetable/api';
import {
  TIMETABLE_LABELS as L,
  TIMETABLE_ERRORS,
  TRACK_COLORS,
  trackBodySchema,
} from '../../../shared/timetable/schema';
import { errorMessage } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { useSchemaForm } from '../../lib/useSchemaForm';
import { useConfirm } from '../../ui/confirm';
import { useFeedback } from '../../ui/FeedbackBanner';
import { PageHeader } from '../../ui/PageHeader';
import { QueryState } from '../../ui/QueryState';
import { TrackLabel } from './AdminTimeTableScreen';
import { useDeleteTrack, useSaveTrack, useTracks } from './api';

/** /admin/time-table/tracks: the programme's coloured categories; add, rename, recolour, delete. */
export function TracksScreen() {
  const { event } = useSession();
  const eventId = event?.id ?? '';
  const tracks = useTracks(eventId);
  const [editing, setEditing] = useState<TrackRow | null>(null);

  return (
    <PageHeader
      title="Tracks"
      breadcrumbs={[
        { label: 'Admin', to: '/admin' },
        { label: 'Time Table', to: '/admin/time-table' },
        { label: 'Tracks' },
      ]}
      tips="A track groups sessions (build-up, show days, briefings) and colours them in the team's agenda. Deleting a track keeps its sessions, without a track."
    >
      <Stack gap="md" maw={760}>
        <TrackForm
          key={editing?.id ?? 'new'}
          eventId={eventId}
          track={editing}
          onDone={() => setEditing(null)}
        />
        <QueryState query={tracks} loading="Loading the tracks" failed="The tracks could not be loaded">
          {(data) =>
            data.items.length === 0 ? (
              <Text c="dimmed">No tracks yet.</Text>
            ) : (
              <Paper withBorder radius="md">
                <Table>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Track</Table.Th>
                      <Table.Th>Sessions</Table.Th>
                      <Table.Th>Actions</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.items.map((t) => (
                      <TrackRowView key={t.id} eventId={eventId} track={t} onEdit={() => setEditing(t)} />
                    ))}
                  </Table.Tbody>
                </Table>
              </Paper>
            )
          }
        </QueryState>
      </Stack>
    </PageHeader>
  );
}

function TrackRowView({ eventId, track, onEdit }: { eventId: string; track: TrackRow; onEdit: () => void }) {
  const confirm = useConfirm();
  const feedback = useFeedback();
  const remove = useDeleteTrack(eventId);
  const askDelete = () =>
    confirm({
      title: 'Delete track',
      message: `${track.name} will be deleted; its ${track.sessionsCount} session(s) stay, without a track.`,
      confirmLabel: 'Delete',
      color: 'red',
      onConfirm: () =>
        remove.mutate(track.id, {
          onSuccess: () => feedback.success('The track has been deleted'),
          onError: (error) => feedback.error(error),
        }),
    });
  return (
    <Table.Tr>
      <Table.Td>
        <TrackLabel track={track} />
      </Table.Td>
      <Table.Td>{track.sessionsCount}</Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <Button size="xs" variant="default" onClick={onEdit} aria-label={`Edit ${track.name}`}>
            Edit
          </Button>
          <Button size="xs" variant="default" onClick={askDelete} aria-label={`Delete ${track.name}`}>
            Delete
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

function TrackForm({
  eventId,
  track,
  onDone,
}: {
  eventId: string;
  track: TrackRow | null;
  onDone: () => void;
}) {
  const feedback = useFeedback();
  const save = useSaveTrack(eventId);
  const form = useSchemaForm(trackBodySchema, {
    initialValues: { name: track?.name ?? '', color: track?.color ?? TRACK_COLORS[0] },
  });
  const onSubmit = form.onSubmit(
    (body) =>
      save.mutate(
        { id: track?.id ?? null, body },
        {
          onSuccess: () => {
            feedback.success(track ? 'The track has been saved' : 'The track has been added');
            // The colour stays for the next track; only the name starts again.
            form.setFieldValue('name', '');
            onDone();
          },
          onError: (error) => {
            form.setServerErrors(error);
            feedback.error(error);
          },
        },
      ),
    () => feedback.error(TIMETABLE_ERRORS.invalidTrack),
  );
  return (
    <Paper withBorder radius="md" p="md" component="form" onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        {save.isError && (
          <Text c="red" role="alert">
            {errorMessage(save.error)}
          </Text>
        )}
        <Group align="flex-start" grow>
          <TextInput label={L.trackName} required maxLength={80} {...form.getInputProps('name')} />
          <ColorInput
            label={L.trackColor}
            swatches={[...TRACK_COLORS]}
            format="hex"
            withEyeDropper={false}
            {...form.getInputProps('color')}
          />
        </Group>
        <Group justify="flex-end">
          {track && (
            <Button variant="default" onClick={onDone}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={save.isPending}>
            {track ? 'Save track' : 'Add track'}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

export { TracksScreen as Component };
