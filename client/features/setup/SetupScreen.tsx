import {
  Button,
  Center,
  Divider,
  Loader,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { PASSWORD_MIN } from '../../../shared/auth/schema';
import { setupBodySchema } from '../../../shared/events/schema';
import { TIME_ZONES } from '../../../shared/events/settings';
import { fieldErrors, issuesByPath } from '../../lib/errors';
import { useFeedback } from '../../ui/FeedbackBanner';
import { AuthLayout } from '../auth/AuthLayout';
import { NotFoundScreen } from '../auth/NotFoundScreen';
import { useSetup, useSetupStatus } from './api';

const FALLBACK_TIME_ZONE = 'Europe/London';

function browserTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return TIME_ZONES.includes(zone) ? zone : FALLBACK_TIME_ZONE;
}

interface SetupValues {
  firstName: string;
  surname: string;
  email: string;
  password: string;
  eventName: string;
  shortName: string;
  startDate: string;
  endDate: string;
  timeZone: string;
  appUrl: string;
}

/** /setup: the first visit creates the first platform staff account and the first event. */
export function SetupScreen() {
  const status = useSetupStatus();
  if (status.isPending) {
    return (
      <Center mih="100vh">
        <Loader role="status" aria-label="Loading" />
      </Center>
    );
  }
  // After setup the screen is gone (the server answers 404 too).
  if (status.isError || status.data === null) return <NotFoundScreen />;
  return <SetupForm defaultAppUrl={status.data.defaultAppUrl} />;
}

function SetupForm({ defaultAppUrl }: { defaultAppUrl: string }) {
  const [values, setValues] = useState<SetupValues>({
    firstName: '',
    surname: '',
    email: '',
    password: '',
    eventName: '',
    shortName: '',
    startDate: '',
    endDate: '',
    timeZone: browserTimeZone(),
    appUrl: defaultAppUrl,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const setup = useSetup();
  const feedback = useFeedback();
  const navigate = useNavigate();

  const set =
    <K extends keyof SetupValues>(key: K) =>
    (value: SetupValues[K]) =>
      setValues((current) => ({ ...current, [key]: value }));
  const text = (key: keyof SetupValues) => (event: ChangeEvent<HTMLInputElement>) =>
    set(key)(event.currentTarget.value);

  function submit(event: FormEvent) {
    event.preventDefault();
    const { firstName, surname, email, password, ...newEvent } = values;
    const body = { firstName, surname, email, password, event: newEvent };
    const parsed = setupBodySchema.safeParse(body);
    if (!parsed.success) {
      setErrors(issuesByPath(parsed.error.issues));
      return;
    }
    setErrors({});
    feedback.clear();
    setup.mutate(parsed.data, {
      onSuccess: () => navigate('/', { replace: true }),
      onError: (error) => {
        setErrors(fieldErrors(error));
        feedback.error(error);
      },
    });
  }

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
                value={values.firstName}
                onChange={text('firstName')}
                error={errors.firstName}
              />
              <TextInput
                label="Surname"
                required
                autoComplete="family-name"
                value={values.surname}
                onChange={text('surname')}
                error={errors.surname}
              />
              <TextInput
                label="Email"
                type="email"
                required
                autoComplete="username"
                value={values.email}
                onChange={text('email')}
                error={errors.email}
              />
              <PasswordInput
                label="Password"
                description={`Use at least ${PASSWORD_MIN} characters.`}
                required
                autoComplete="new-password"
                value={values.password}
                onChange={text('password')}
                error={errors.password}
              />
            </SimpleGrid>
          </Stack>
          <Divider />
          <Stack gap="sm">
            <Title order={2} size="h4">
              Your event
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="Event name"
                required
                value={values.eventName}
                onChange={text('eventName')}
                error={errors['event.eventName']}
              />
              <TextInput
                label="Short name"
                description="Shown in the navigation bar."
                required
                value={values.shortName}
                onChange={text('shortName')}
                error={errors['event.shortName']}
              />
              {/* Native date inputs: keyboard and screen-reader friendly, and they hold YYYY-MM-DD as stored. */}
              <TextInput
                label="Start date"
                type="date"
                required
                value={values.startDate}
                onChange={text('startDate')}
                error={errors['event.startDate']}
              />
              <TextInput
                label="End date"
                type="date"
                required
                min={values.startDate || undefined}
                value={values.endDate}
                onChange={text('endDate')}
                error={errors['event.endDate']}
              />
              <Select
                label="Time zone"
                required
                searchable
                allowDeselect={false}
                data={TIME_ZONES}
                limit={100}
                value={values.timeZone}
                onChange={(zone) => set('timeZone')(zone ?? FALLBACK_TIME_ZONE)}
                error={errors['event.timeZone']}
                nothingFoundMessage="No time zone matches"
              />
              <TextInput
                label="App URL"
                description="The address people open; links in emails start with it."
                required
                type="url"
                value={values.appUrl}
                onChange={text('appUrl')}
                error={errors['event.appUrl']}
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
