import { Paper, Stack, Tabs, Text } from '@mantine/core';
import type { EmailPreview as Preview } from '../../../shared/emails/templatesApi';

/**
 * An email as the recipient sees it: the subject, the HTML in a sandboxed frame, and the
 * plain-text part. The frame's origin is opaque (no allow-same-origin), so nothing in it can reach
 * the portal or its cookies; scripts are allowed only so that accessibility checkers (axe) can
 * look inside, and the server's HTML has none (the body is sanitised, the layout is ours).
 */
export function EmailPreview({ preview }: { preview: Preview }) {
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Text>
          <Text span fw={600}>
            Subject:{' '}
          </Text>
          {preview.subject}
        </Text>
        <Tabs defaultValue="html">
          <Tabs.List>
            <Tabs.Tab value="html">Email</Tabs.Tab>
            <Tabs.Tab value="text">Plain text</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="html" pt="sm">
            <iframe
              title="Email preview"
              sandbox="allow-scripts"
              srcDoc={preview.html}
              style={{ width: '100%', height: 520, border: '1px solid #dee2e6', borderRadius: 4 }}
            />
          </Tabs.Panel>
          <Tabs.Panel value="text" pt="sm">
            <Text component="pre" style={{ whiteSpace: 'pre-wrap' }} data-testid="plain-text-preview">
              {preview.text}
            </Text>
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Paper>
  );
}
