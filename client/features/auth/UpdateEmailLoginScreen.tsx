import { Alert } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useLocation } from 'react-router';
import { AuthLayout } from './AuthLayout';
import { LoginForm } from './LoginForm';
import { emailFromState } from './state';

/** /auth/update-email/login: the change is done and every session ended; sign in with the new address. */
export function UpdateEmailLoginScreen() {
  const email = emailFromState(useLocation().state);
  return (
    <AuthLayout title="Email address changed">
      <Alert color="portal" variant="light" icon={<IconCircleCheck aria-hidden />} role="status">
        {email
          ? `Your email address is now ${email}. Sign in with your new address.`
          : 'Your email address has been changed. Sign in with your new address.'}
      </Alert>
      <LoginForm initialEmail={email} />
    </AuthLayout>
  );
}

export { UpdateEmailLoginScreen as Component };
