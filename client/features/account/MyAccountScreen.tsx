import {
  Button,
  Group,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { emailChangeBodySchema, updateProfileBodySchema } from '../../../shared/auth/schema';
import { isApiError } from '../../lib/api';
import { errorMessage, fieldErrors, issuesByPath } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { useFeedback } from '../../ui/FeedbackBanner';
import { PageHeader } from '../../ui/PageHeader';
import { useRequestEmailChange, useSendPasswordReset, useUpdateProfile } from './api';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function NameForm() {
  const { account } = useSession().me;
  const [firstName, setFirstName] = useState(account.firstName);
  const [surname, setSurname] = useState(account.surname);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useUpdateProfile();
  const feedback = useFeedback();
  const unchanged = firstName.trim() === account.firstName && surname.trim() === account.surname;

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = updateProfileBodySchema.safeParse({ firstName, surname });
    if (!parsed.success) {
      setErrors(issuesByPath(parsed.error.issues));
      return;
    }
    setErrors({});
    update.mutate(parsed.data, {
      onSuccess: () => feedback.success(),
      onError: (error) => {
        setErrors(fieldErrors(error));
        feedback.error(error);
      },
    });
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="First name"
            required
            autoComplete="given-name"
            value={firstName}
            error={errors.firstName}
            onChange={(e) => setFirstName(e.currentTarget.value)}
          />
          <TextInput
            label="Last name"
            required
            autoComplete="family-name"
            value={surname}
            error={errors.surname}
            onChange={(e) => setSurname(e.currentTarget.value)}
          />
        </SimpleGrid>
        <Group>
          <Button type="submit" loading={update.isPending} disabled={unchanged}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function EmailChangeForm() {
  const { account } = useSession().me;
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const change = useRequestEmailChange();
  const feedback = useFeedback();

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = emailChangeBodySchema.safeParse({ newEmail, password });
    const found = parsed.success ? {} : issuesByPath(parsed.error.issues);
    if (!newEmail.trim()) found.newEmail = 'Enter the new email address';
    else if (parsed.success && parsed.data.newEmail === account.email)
      found.newEmail = 'This is already your email address.';
    if (!password) found.password = 'Enter your current password';
    setErrors(found);
    if (!parsed.success || Object.keys(found).length > 0) return;
    change.mutate(parsed.data, {
      onSuccess: () => {
        feedback.show(
          'info',
          `We have sent a verification link to ${parsed.data.newEmail}. Your email address changes when you open it.`,
        );
        setNewEmail('');
        setPassword('');
      },
      onError: (error) => {
        // Identity errors about a field belong next to that field.
        if (
          isApiError(error) &&
          (error.code === 'auth/wrong-password' || error.code === 'auth/invalid-credential')
        ) {
          setErrors({ password: errorMessage(error) });
        } else if (
          isApiError(error) &&
          (error.code === 'auth/email-already-in-use' || error.code === 'auth/invalid-email')
        ) {
          setErrors({ newEmail: errorMessage(error) });
        } else {
          setErrors(fieldErrors(error));
          feedback.error(error);
        }
      },
    });
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text>
          Your email address is <strong>{account.email}</strong>. We send a verification link to the new
          address, and your email changes when you open it.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="New email address"
            type="email"
            required
            autoComplete="email"
            value={newEmail}
            error={errors.newEmail}
            onChange={(e) => setNewEmail(e.currentTarget.value)}
          />
          <PasswordInput
            label="Current password"
            required
            autoComplete="current-password"
            value={password}
            error={errors.password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
        </SimpleGrid>
        <Group>
          <Button type="submit" loading={change.isPending}>
            Change email
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function PasswordReset() {
  const { account } = useSession().me;
  const reset = useSendPasswordReset();
  const feedback = useFeedback();
  return (
    <Stack gap="md">
      <Text>We email you a link to choose a new password. Setting it signs you out everywhere.</Text>
      <Group>
        <Button
          variant="default"
          loading={reset.isPending}
          onClick={() =>
            reset.mutate(undefined, {
              onSuccess: () =>
                feedback.show('info', `We have sent a password reset email to ${account.email}.`),
              onError: (error) => feedback.error(error),
            })
          }
        >
          Send Password Reset Email
        </Button>
      </Group>
    </Stack>
  );
}

/** /my-account: the user's own name, email address and password. */
export function MyAccountScreen() {
  return (
    <PageHeader
      title="My account"
      breadcrumbs={[{ label: 'My account' }]}
      quickLinks={[{ label: 'My events', to: '/my-events' }]}
      tips="Changing your email address? Open the link we send to the new address to finish; until then you sign in with your current one."
    >
      <Stack gap="lg" maw={880}>
        <Section id="name-heading" title="Your name">
          <NameForm />
        </Section>
        <Section id="email-heading" title="Email address">
          <EmailChangeForm />
        </Section>
        <Section id="password-heading" title="Password">
          <PasswordReset />
        </Section>
      </Stack>
    </PageHeader>
  );
}

export { MyAccountScreen as Component };
