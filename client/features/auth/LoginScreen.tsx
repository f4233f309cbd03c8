import { useLocation, useSearchParams } from 'react-router';
import { safeContinuePath } from '../../lib/guards';
import { AuthLayout } from './AuthLayout';
import { LoginForm } from './LoginForm';
import { ProviderButtons, ProviderSignInError } from './ProviderButtons';
import { emailFromState } from './state';

export function LoginScreen() {
  const [params] = useSearchParams();
  const location = useLocation();
  const continuePath = safeContinuePath(params.get('continuePath'));
  return (
    <AuthLayout title="Sign in" description="Sign in to your event portal.">
      <ProviderSignInError code={params.get('providerError')} />
      <ProviderButtons continuePath={continuePath} />
      <LoginForm initialEmail={emailFromState(location.state)} continuePath={continuePath} />
    </AuthLayout>
  );
}

export { LoginScreen as Component };
