import { Button, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { AuthLayout } from './AuthLayout';

/** Where a signed-in user lands when their permission level does not open a screen. */
export function UnauthorisedScreen() {
  return (
    <AuthLayout title="Unauthorised">
      <Text>
        You do not have permission to view this page. If you think you should, ask an admin of your event.
      </Text>
      <Group>
        <Button component={Link} to="/">
          Go To Dashboard
        </Button>
      </Group>
    </AuthLayout>
  );
}

export { UnauthorisedScreen as Component };
