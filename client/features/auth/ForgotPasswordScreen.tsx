import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { forgotPasswordBodySchema } from '../../../shared/auth/schema';
import { useSchemaForm } from '../../lib/useSchemaForm';
import { useFeedback } from '../../ui/FeedbackBanner';
import { AuthLayout } from './AuthLayout';
import { useForgotPassword } from './api';

export const FORGOT_PASSWORD_SENT =
  'If an account exists for that address, we have sent a link to reset the password.';

export function ForgotPasswordScreen() {
  const form = useSchemaForm(forgotPasswordBodySchema, {
    initialValues: { email: '' },
    // The schema's text is about a malformed address; an empty box gets a plainer one.
    check: ({ email }) => (email.trim() ? {} : { email: 'Enter your email address' }),
  });
  const forgot = useForgotPassword();
  const feedback = useFeedback();

  const submit = form.onSubmit(({ email }) => {
    feedback.clear();
    forgot.mutate(email, { onError: (err) => feedback.error(err) });
  });

  return (
    <AuthLayout
      title="Forgot password"
      description={
        forgot.isSuccess
          ? undefined
          : 'Enter your email address and we will send you a link to reset your password.'
      }
    >
      {forgot.isSuccess ? (
        <Stack gap="md">
          <Alert color="portal" variant="light" icon={<IconMailCheck aria-hidden />} role="status">
            {FORGOT_PASSWORD_SENT}
          </Alert>
          <Anchor component={Link} to="/auth/login">
            Back to sign in
          </Anchor>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              required
              {...form.getInputProps('email')}
            />
            <Button type="submit" loading={forgot.isPending}>
              Send reset link
            </Button>
            <Anchor component={Link} to="/auth/login" size="sm">
              Back to sign in
            </Anchor>
          </Stack>
        </form>
      )}
    </AuthLayout>
  );
}

export { ForgotPasswordScreen as Component };
