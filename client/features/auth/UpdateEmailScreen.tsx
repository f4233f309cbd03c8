import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AUTH_ERROR_MESSAGES } from '../../../shared/auth/errors';
import { tokenSchema } from '../../../shared/auth/schema';
import { errorMessage } from '../../lib/errors';
import { Loading } from '../../ui/QueryState';
import { AuthLayout } from './AuthLayout';
import { useUpdateEmail } from './api';

/** /auth/update-email?token=…: opening the link applies the change, then offers sign-in. */
export function UpdateEmailScreen() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const tokenLooksValid = tokenSchema.safeParse(token).success;
  const update = useUpdateEmail();
  const navigate = useNavigate();
  // The token is single use: React's development double effects must not spend it twice.
  const sent = useRef(false);

  useEffect(() => {
    if (!tokenLooksValid || sent.current) return;
    sent.current = true;
    update.mutate(token, {
      onSuccess: (result) =>
        navigate('/auth/update-email/login', { replace: true, state: { email: result.email } }),
    });
  }, [token, tokenLooksValid, update.mutate, navigate]);

  const failure = !tokenLooksValid
    ? AUTH_ERROR_MESSAGES['auth/invalid-action-code']
    : update.isError
      ? errorMessage(update.error)
      : null;

  return (
    <AuthLayout title="Update email">
      {failure ? (
        <Stack gap="md">
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
            {failure}
          </Alert>
          <Text size="sm">
            Your email address has not been changed. Sign in and request the change again from My account.
          </Text>
          <Button component={Link} to="/auth/login" variant="default">
            Go to sign in
          </Button>
        </Stack>
      ) : (
        <Loading label="Updating your email address" showLabel />
      )}
    </AuthLayout>
  );
}

export { UpdateEmailScreen as Component };
