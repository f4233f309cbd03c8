import { PasswordTokenScreen } from './PasswordTokenScreen';

export function SetPasswordScreen() {
  return <PasswordTokenScreen mode="setPassword" />;
}

export { SetPasswordScreen as Component };
