import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';

/**
 * A signing secret, shown the one time the server answers it (on creation and on rotation). It is
 * never shown again, so the admin copies it into the receiving system now.
 */
export function SecretReveal(props: { secret: string; onDone: () => void; doneLabel: string }) {
  return (
    <Alert color="yellow" title="Copy the signing secret now" role="status">
      <Stack gap="xs">
        <Text size="sm">
          The receiving system checks each delivery's webhook-signature header with this secret (Standard
          Webhooks). It will not be shown again; if it is lost, rotate it.
        </Text>
        <Code
          block
          role="group"
          aria-label="Signing secret"
          style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}
        >
          {props.secret}
        </Code>
        <Group>
          <CopyButton value={props.secret}>
            {({ copied, copy }) => (
              <Button variant="default" size="xs" onClick={copy}>
                {copied ? 'Copied' : 'Copy secret'}
              </Button>
            )}
          </CopyButton>
          <Button size="xs" onClick={props.onDone}>
            {props.doneLabel}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
