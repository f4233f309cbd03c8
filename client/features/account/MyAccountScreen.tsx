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
import type { ReactNode } from 'react';
import { emailChangeBodySchema, updateProfileBodySchema } from '../../../shared/auth/schema';
import { isApiError } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { useOpenAreas, useSession } from '../../lib/session';
import { useSchemaForm } from '../../lib/useSchemaForm';
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
  const form = useSchemaForm(updateProfileBodySchema, {
    initialValues: { firstName: account.firstName, surname: account.surname },
  });
  const update = useUpdateProfile();
  const feedback = useFeedback();
  const { firstName, surname } = form.values;
  const unchanged = firstName.trim() === account.firstName && surname.trim() === account.surname;

  const submit = form.onSubmit((body) =>
    update.mutate(body, {
      onSuccess: () => feedback.success(),
      onError: (error) => {
        form.setServerErrors(error);
        feedback.error(error);
      },
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="First name"
            required
            autoComplete="given-name"
            {...form.getInputProps('firstName')}
          />
          <TextInput
            label="Last name"
            required
            autoComplete="family-name"
            {...form.getInputProps('surname')}
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
  const form = useSchemaForm(emailChangeBodySchema, {
    initialValues: { newEmail: '', password: '' },
    check: ({ newEmail, password }) => ({
      // Plainer words than the schema's for empty boxes, and a change that would change nothing.
      ...(!newEmail.trim()
        ? { newEmail: 'Enter the new email address' }
        : newEmail.trim().toLowerCase() === account.email
          ? { newEmail: 'This is already your email address.' }
          : {}),
      ...(password ? {} : { password: 'Enter your current password' }),
    }),
  });
  const change = useRequestEmailChange();
  const feedback = useFeedback();

  const submit = form.onSubmit((body) =>
    change.mutate(body, {
      onSuccess: () => {
        feedback.show(
          'info',
          `We have sent a verification link to ${body.newEmail}. Your email address changes when you open it.`,
        );
        form.reset();
      },
      onError: (error) => {
        // Identity errors about a field belong next to that field.
        if (
          isApiError(error) &&
          (error.code === 'auth/wrong-password' || error.code === 'auth/invalid-credential')
        ) {
          form.setErrors({ password: errorMessage(error) });
        } else if (
          isApiError(error) &&
          (error.code === 'auth/email-already-in-use' || error.code === 'auth/invalid-email')
        ) {
          form.setErrors({ newEmail: errorMessage(error) });
        } else {
          form.setServerErrors(error);
          feedback.error(error);
        }
      },
    }),
  );

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
            {...form.getInputProps('newEmail')}
          />
          <PasswordInput
            label="Current password"
            required
            autoComplete="current-password"
            {...form.getInputProps('password')}
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
  const canChangePassword = useOpenAreas().includes('changePassword');
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
        {canChangePassword && (
          <Section id="password-heading" title="Password">
            <PasswordReset />
          </Section>
        )}
      </Stack>
    </PageHeader>
  );
}

export { MyAccountScreen as Component };
