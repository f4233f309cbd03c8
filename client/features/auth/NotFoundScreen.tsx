import { Button, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { HTTP_ERROR_TITLES } from '../../../shared/http/errorTitles';
import { AuthLayout } from './AuthLayout';

/** /404 and every path the portal does not know. */
export function NotFoundScreen() {
  return (
    <AuthLayout title={HTTP_ERROR_TITLES[404]}>
      <Text>
        The page you are looking for does not exist. Check the address, or head back to your dashboard.
      </Text>
      <Group>
        <Button component={Link} to="/">
          Go To Dashboard
        </Button>
      </Group>
    </AuthLayout>
  );
}

export { NotFoundScreen as Component };
