import { useLocation, useSearchParams } from 'react-router';
import { safeContinuePath } from '../../lib/guards';
import { AuthLayout } from './AuthLayout';
import { LoginForm } from './LoginForm';
import { emailFromState } from './state';

export function LoginScreen() {
  const [params] = useSearchParams();
  const location = useLocation();
  return (
    <AuthLayout title="Sign in" description="Sign in to your event portal.">
      <LoginForm
        initialEmail={emailFromState(location.state)}
        continuePath={safeContinuePath(params.get('continuePath'))}
      />
    </AuthLayout>
  );
}

export { LoginScreen as Component };
