import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AUTH_ERROR_MESSAGES } from '../../../shared/auth/errors';
import { PASSWORD_MIN, passwordWithTokenBodySchema, tokenSchema } from '../../../shared/auth/schema';
import { isApiError } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { useSchemaForm } from '../../lib/useSchemaForm';
import { feedbackState, useFeedback } from '../../ui/FeedbackBanner';
import { Loading } from '../../ui/QueryState';
import { AuthLayout } from './AuthLayout';
import { usePasswordWithToken, useVerifyToken } from './api';

type PasswordMode = 'setPassword' | 'resetPassword';

const COPY: Record<PasswordMode, { title: string; action: string; done: string }> = {
  setPassword: {
    title: 'Set your password',
    action: 'Set password',
    done: 'Your password has been set. Sign in with your new password.',
  },
  resetPassword: {
    title: 'Reset your password',
    action: 'Reset password',
    done: 'Your password has been reset. Sign in with your new password.',
  },
};

/** A link that cannot be used: the spec's text and a way to get a fresh one. */
export function BadLink({ message }: { message: string }) {
  return (
    <Stack gap="md">
      <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
        {message}
      </Alert>
      <Button component={Link} to="/auth/forgot-password" variant="default">
        Request a new link
      </Button>
    </Stack>
  );
}

/** /auth/set-password and /auth/reset-password: check the link first, then choose a password. */
export function PasswordTokenScreen({ mode }: { mode: PasswordMode }) {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const tokenLooksValid = tokenSchema.safeParse(token).success;
  const verify = useVerifyToken(token, mode, tokenLooksValid);
  const copy = COPY[mode];

  let body: ReactNode;
  if (!tokenLooksValid) body = <BadLink message={AUTH_ERROR_MESSAGES['auth/invalid-action-code']} />;
  else if (verify.isPending) body = <Loading label="Checking your link" />;
  else if (verify.isError) body = <BadLink message={errorMessage(verify.error)} />;
  else body = <NewPasswordForm mode={mode} token={token} email={verify.data.email} />;

  return <AuthLayout title={copy.title}>{body}</AuthLayout>;
}

function NewPasswordForm({ mode, token, email }: { mode: PasswordMode; token: string; email: string }) {
  const form = useSchemaForm(passwordWithTokenBodySchema, {
    initialValues: { password: '', confirm: '' },
    toInput: ({ password }) => ({ token, password }),
    check: ({ password, confirm }) =>
      confirm === password ? {} : { confirm: 'The passwords do not match.' },
  });
  const save = usePasswordWithToken(mode);
  const feedback = useFeedback();
  const navigate = useNavigate();
  const copy = COPY[mode];

  const submit = form.onSubmit((body) => {
    feedback.clear();
    save.mutate(body, {
      onSuccess: (result) =>
        navigate('/auth/login', {
          replace: true,
          state: { ...feedbackState('success', copy.done), email: result.email },
        }),
      onError: (error) => {
        if (isApiError(error) && error.code === 'auth/weak-password')
          form.setErrors({ password: errorMessage(error) });
        else feedback.error(error);
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput label="Email" value={email} readOnly autoComplete="username" variant="filled" />
        <PasswordInput
          label="New password"
          description={`Use at least ${PASSWORD_MIN} characters.`}
          autoComplete="new-password"
          required
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Confirm password"
          autoComplete="new-password"
          required
          {...form.getInputProps('confirm')}
        />
        <Button type="submit" loading={save.isPending}>
          {copy.action}
        </Button>
      </Stack>
    </form>
  );
}
