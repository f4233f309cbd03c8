import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  Paper,
  Progress,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import {
  type CloneStatus,
  cloneRequestSchema,
  DEFAULT_SHIFT_DAYS,
  nextEditionName,
} from '../../../shared/editions/clone';
import { sessionKeys, useSession, useSwitchEvent } from '../../lib/session';
import { useSchemaForm } from '../../lib/useSchemaForm';
import { useFeedback } from '../../ui/FeedbackBanner';
import { QueryState } from '../../ui/QueryState';
import { isCloning, useLatestClone, useStartClone } from './editionsApi';

/** The form of the confirmation: the new edition's name and how far its dates move. */
function NextEditionDialog({
  opened,
  onClose,
  eventId,
  eventName,
}: {
  opened: boolean;
  onClose: () => void;
  eventId: string;
  eventName: string;
}) {
  const edition = useSchemaForm(cloneRequestSchema, {
    initialValues: {
      name: nextEditionName(eventName, DEFAULT_SHIFT_DAYS),
      shiftDays: DEFAULT_SHIFT_DAYS as number | string,
    },
    // The number box holds '' while empty: then the schema's default applies.
    toInput: ({ name, shiftDays }) => ({ name, shiftDays: shiftDays === '' ? undefined : Number(shiftDays) }),
  });
  const start = useStartClone(eventId);
  const feedback = useFeedback();

  const submit = edition.onSubmit((body) =>
    start.mutate(body, { onSuccess: onClose, onError: (error) => feedback.error(error) }),
  );

  return (
    <Modal opened={opened} onClose={onClose} title="Create next edition" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">
            A new event with a copy of this one's set-up: settings, branding, pages, forms, tasks, suppliers,
            time table, downloads and email templates. Teams, users, statuses, comments and submissions are
            not copied. Webhooks are copied switched off. You become its admin.
          </Text>
          <TextInput label="Name of the next edition" required {...edition.getInputProps('name')} />
          <NumberInput
            label="Move dates by (days)"
            description="Due dates, the time table and the event's dates move by this many days. 364 keeps each date on the same weekday."
            required
            allowDecimal={false}
            {...edition.getInputProps('shiftDays')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={start.isPending}>
              Create next edition
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Where a clone is: its progress while it works, a link to the new event once done. */
function CloneProgress({ clone }: { clone: CloneStatus }) {
  const switchEvent = useSwitchEvent();
  const queryClient = useQueryClient();
  const feedback = useFeedback();
  const refreshed = useRef<string | null>(null);
  // The new event joins the account's events: the session is read again so it can be opened.
  useEffect(() => {
    if (clone.state === 'done' && refreshed.current !== clone.id) {
      refreshed.current = clone.id;
      void queryClient.invalidateQueries({ queryKey: sessionKeys.me });
    }
  }, [clone.state, clone.id, queryClient]);

  if (clone.state === 'failed')
    return (
      <Alert color="red" title={`${clone.name} was not created`}>
        {clone.error}
      </Alert>
    );
  if (clone.state === 'done' && clone.newEventId) {
    const newEventId = clone.newEventId;
    return (
      <Alert color="green" title={`${clone.name} is ready`}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            The next edition has been created and you are its admin. It is listed in My events.
          </Text>
          <Button
            loading={switchEvent.isPending}
            onClick={() => switchEvent.mutate(newEventId, { onError: (error) => feedback.error(error) })}
          >
            Open {clone.name}
          </Button>
        </Stack>
      </Alert>
    );
  }
  const percent = clone.totalSteps > 0 ? Math.round((clone.doneSteps / clone.totalSteps) * 100) : 0;
  return (
    <Stack gap="xs">
      <Text size="sm" aria-live="polite">
        Creating {clone.name}:{' '}
        {clone.totalSteps > 0 ? `${clone.doneSteps} of ${clone.totalSteps} parts copied` : 'starting'}
      </Text>
      <Progress.Root size="lg">
        <Progress.Section value={percent} aria-label="Next edition progress" animated />
      </Progress.Root>
    </Stack>
  );
}

/** /admin/event, "Next edition": copy this event's set-up into a new event (admins; issue 21). */
export function NextEditionSection() {
  const { event } = useSession();
  const eventId = event?.id ?? '';
  const query = useLatestClone(eventId);
  const [open, setOpen] = useState(false);
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="next-edition">
      <Title order={2} size="h4" id="next-edition" mb="md">
        Next edition
      </Title>
      <QueryState
        query={query}
        loading="Loading the next edition"
        failed="The next edition could not be loaded"
      >
        {({ clone }) => (
          <Stack gap="md" align="stretch">
            <Text size="sm" c="dimmed">
              Set up next year's event from this one, without rebuilding it by hand.
            </Text>
            {clone && <CloneProgress clone={clone} />}
            <Group>
              <Button variant="light" onClick={() => setOpen(true)} disabled={isCloning(clone)}>
                Create next edition
              </Button>
            </Group>
          </Stack>
        )}
      </QueryState>
      {open && (
        <NextEditionDialog
          opened={open}
          onClose={() => setOpen(false)}
          eventId={eventId}
          eventName={event?.eventName ?? ''}
        />
      )}
    </Paper>
  );
}
