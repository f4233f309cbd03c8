import { Button, Divider, PasswordInput, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { PASSWORD_MIN } from '../../../shared/auth/schema';
import { setupBodySchema } from '../../../shared/events/schema';
import { TIME_ZONES } from '../../../shared/events/settings';
import { useSchemaForm } from '../../lib/useSchemaForm';
import { useFeedback } from '../../ui/FeedbackBanner';
import { Loading } from '../../ui/QueryState';
import { AuthLayout } from '../auth/AuthLayout';
import { NotFoundScreen } from '../auth/NotFoundScreen';
import { useSetup, useSetupStatus } from './api';

const FALLBACK_TIME_ZONE = 'Europe/London';

function browserTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return TIME_ZONES.includes(zone) ? zone : FALLBACK_TIME_ZONE;
}

/** /setup: the first visit creates the first platform staff account and the first event. */
export function SetupScreen() {
  const status = useSetupStatus();
  if (status.isPending) {
    return <Loading label="Loading" fullPage />;
  }
  // After setup the screen is gone (the server answers 404 too).
  if (status.isError || status.data === null) return <NotFoundScreen />;
  return <SetupForm defaultAppUrl={status.data.defaultAppUrl} />;
}

function SetupForm({ defaultAppUrl }: { defaultAppUrl: string }) {
  // Shaped as the request body, so the schema's issue paths (`event.startDate`) name the inputs.
  const form = useSchemaForm(setupBodySchema, {
    initialValues: {
      firstName: '',
      surname: '',
      email: '',
      password: '',
      event: {
        eventName: '',
        shortName: '',
        startDate: '',
        endDate: '',
        timeZone: browserTimeZone(),
        appUrl: defaultAppUrl,
      },
    },
  });
  const setup = useSetup();
  const feedback = useFeedback();
  const navigate = useNavigate();

  const submit = form.onSubmit((body) => {
    feedback.clear();
    setup.mutate(body, {
      onSuccess: () => navigate('/', { replace: true }),
      onError: (error) => {
        form.setServerErrors(error);
        feedback.error(error);
      },
    });
  });

  return (
    <AuthLayout
      title="Set up your event portal"
      description="Create the first platform staff account and the first event. You can change the event's details later."
      width={760}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <Stack gap="sm">
            <Title order={2} size="h4">
              Your account
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="First name"
                required
                autoComplete="given-name"
                {...form.getInputProps('firstName')}
              />
              <TextInput
                label="Surname"
                required
                autoComplete="family-name"
                {...form.getInputProps('surname')}
              />
              <TextInput
                label="Email"
                type="email"
                required
                autoComplete="username"
                {...form.getInputProps('email')}
              />
              <PasswordInput
                label="Password"
                description={`Use at least ${PASSWORD_MIN} characters.`}
                required
                autoComplete="new-password"
                {...form.getInputProps('password')}
              />
            </SimpleGrid>
          </Stack>
          <Divider />
          <Stack gap="sm">
            <Title order={2} size="h4">
              Your event
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Event name" required {...form.getInputProps('event.eventName')} />
              <TextInput
                label="Short name"
                description="Shown in the navigation bar."
                required
                {...form.getInputProps('event.shortName')}
              />
              {/* Native date inputs: keyboard and screen-reader friendly, and they hold YYYY-MM-DD as stored. */}
              <TextInput label="Start date" type="date" required {...form.getInputProps('event.startDate')} />
              <TextInput
                label="End date"
                type="date"
                required
                min={form.values.event.startDate || undefined}
                {...form.getInputProps('event.endDate')}
              />
              <Select
                label="Time zone"
                required
                searchable
                allowDeselect={false}
                data={TIME_ZONES}
                limit={100}
                {...form.getInputProps('event.timeZone')}
                onChange={(zone) => form.setFieldValue('event.timeZone', zone ?? FALLBACK_TIME_ZONE)}
                nothingFoundMessage="No time zone matches"
              />
              <TextInput
                label="App URL"
                description="The address people open; links in emails start with it."
                required
                type="url"
                {...form.getInputProps('event.appUrl')}
              />
            </SimpleGrid>
          </Stack>
          <Button type="submit" loading={setup.isPending} size="md">
            Create account and event
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}

export { SetupScreen as Component };
