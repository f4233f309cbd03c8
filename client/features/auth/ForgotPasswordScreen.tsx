import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { emailSchema } from '../../../shared/auth/schema';
import { useFeedback } from '../../ui/FeedbackBanner';
import { AuthLayout } from './AuthLayout';
import { useForgotPassword } from './api';

export const FORGOT_PASSWORD_SENT =
  'If an account exists for that address, we have sent a link to reset the password.';

export function ForgotPasswordScreen() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const forgot = useForgotPassword();
  const feedback = useFeedback();

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      setError(email.trim() ? parsed.error.issues[0]?.message : 'Enter your email address');
      return;
    }
    setError(undefined);
    feedback.clear();
    forgot.mutate(parsed.data, { onError: (err) => feedback.error(err) });
  }

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
              value={email}
              error={error}
              onChange={(event) => setEmail(event.currentTarget.value)}
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
