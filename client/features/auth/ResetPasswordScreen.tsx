import { PasswordTokenScreen } from './PasswordTokenScreen';

export function ResetPasswordScreen() {
  return <PasswordTokenScreen mode="resetPassword" />;
}

export { ResetPasswordScreen as Component };
