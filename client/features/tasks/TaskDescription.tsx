import { Text, Typography } from '@mantine/core';

/** What the rich text editor stores always starts with a block tag; anything else is older plain text. */
const isHtml = (text: string) => text.trimStart().startsWith('<');

/**
 * A task's rich description as teams read it. Plain text saved before the description became rich
 * text keeps its line breaks.
 */
export function TaskDescription({ description }: { description: string }) {
  if (!description.trim()) return null;
  if (!isHtml(description)) return <Text style={{ whiteSpace: 'pre-wrap' }}>{description}</Text>;
  return (
    <Typography>
      {/* Sanitised by the server (DOMPurify) when the task was saved. */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised HTML */}
      <div dangerouslySetInnerHTML={{ __html: description }} />
    </Typography>
  );
}
