import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useFeedback } from '../../ui/FeedbackBanner';
import { useLogin } from './api';

export interface LoginFormProps {
  initialEmail?: string;
  /** Where to go after signing in (already checked to be one of our paths). */
  continuePath?: string | null;
}

export function LoginForm({ initialEmail = '', continuePath }: LoginFormProps) {
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const login = useLogin();
  const feedback = useFeedback();
  const navigate = useNavigate();

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = {
      email: email.trim() ? undefined : 'Enter your email address',
      password: password ? undefined : 'Enter your password',
    };
    setErrors(found);
    if (found.email || found.password) return;
    feedback.clear();
    login.mutate(
      { email: email.trim(), password },
      {
        onSuccess: () => navigate(continuePath ?? '/', { replace: true }),
        onError: (error) => {
          feedback.error(error);
          setPassword('');
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          required
          value={email}
          error={errors.email}
          onChange={(event) => setEmail(event.currentTarget.value)}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          required
          value={password}
          error={errors.password}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <Group justify="space-between" align="center">
          <Anchor component={Link} to="/auth/forgot-password" size="sm">
            Forgot password?
          </Anchor>
          <Button type="submit" loading={login.isPending}>
            Sign in
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
