import { Anchor, Button, CloseButton, Group, Progress, Stack, Text } from '@mantine/core';
import { createContext, useContext, useId, useRef, useState } from 'react';
import type { FieldOf } from '../../../../shared/forms';
import { acceptAttribute, fileProblems, readFiles } from '../../../../shared/forms/registry/files';
import type { UploadedFile } from '../../../../shared/forms/schema/values';
import type { UploadPlace } from '../../../../shared/forms/submissionFiles';
import { formatFileSize } from '../../../../shared/ui/constants';

/**
 * Sends one file for an answer and answers the stored file's reference; told of progress in
 * percent. Given by the screen that owns the submission (the team's form, a guest's, an
 * organiser's edit); the builder's preview has none and reads files by name only.
 */
export type SubmissionUploader = (
  file: File,
  place: UploadPlace,
  onProgress: (percent: number) => void,
) => Promise<UploadedFile>;

export const UploaderContext = createContext<SubmissionUploader | null>(null);

interface UploadFieldProps {
  field: FieldOf<'upload'>;
  value: unknown;
  onChange: (value: unknown) => void;
  place: UploadPlace;
  common: { label: string; description?: string; withAsterisk: boolean; error?: string };
}

type Sending = { key: string; name: string; percent: number };

/**
 * An upload answer: the files chosen so far (links once stored), a button to add files (several
 * when the field allows), progress while each is sent, and refusals at the field in the same
 * words the server would use (the field's kinds and size are checked before sending).
 */
export function UploadField({ field, value, onChange, place, common }: UploadFieldProps) {
  const upload = useContext(UploaderContext);
  const inputId = useId();
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [sending, setSending] = useState<Sending[]>([]);
  const [refusals, setRefusals] = useState<string[]>([]);
  const reading = readFiles(value);
  const current = reading.status === 'value' ? reading.value : [];
  // The newest list, for uploads that finish after others changed it.
  const latest = useRef(current);
  latest.current = current;

  const add = async (chosen: File[]) => {
    setRefusals([]);
    if (!upload) {
      onChange(chosen.map((file) => ({ name: file.name, size: file.size, type: file.type })));
      return;
    }
    const wanted = field.isMulti ? chosen : chosen.slice(0, 1);
    const problems = wanted.flatMap((file) => fileProblems(field, file));
    if (problems.length > 0) {
      setRefusals(problems);
      return;
    }
    const failed: string[] = [];
    for (const file of wanted) {
      const key = `${file.name}-${file.size}-${Math.random()}`;
      setSending((list) => [...list, { key, name: file.name, percent: 0 }]);
      try {
        const stored = await upload(file, place, (percent) =>
          setSending((list) => list.map((entry) => (entry.key === key ? { ...entry, percent } : entry))),
        );
        const next = field.isMulti ? [...latest.current, stored] : [stored];
        latest.current = next;
        onChange(next);
      } catch (error) {
        failed.push(error instanceof Error ? error.message : 'Error uploading file to storage');
      } finally {
        setSending((list) => list.filter((entry) => entry.key !== key));
      }
    }
    setRefusals(failed);
  };

  const error = [common.error, ...refusals].filter(Boolean).join('. ');
  return (
    <Stack gap={6}>
      <Text component="label" htmlFor={inputId} size="sm" fw={500}>
        {common.label}
        {common.withAsterisk && (
          <Text span c="red" aria-hidden>
            {' '}
            *
          </Text>
        )}
      </Text>
      {common.description && (
        <Text size="xs" c="dimmed">
          {common.description}
        </Text>
      )}
      {current.length > 0 && (
        <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {current.map((file, index) => (
            <Group key={file.id ?? `${file.name}-${index}`} gap="xs" component="li">
              {file.url ? (
                <Anchor href={file.url} target="_blank" rel="noopener">
                  {file.name}
                </Anchor>
              ) : (
                <Text size="sm">{file.name}</Text>
              )}
              <Text size="xs" c="dimmed">
                {formatFileSize(file.size)}
              </Text>
              <CloseButton
                size="sm"
                aria-label={`Remove ${file.name}`}
                onClick={() => onChange(current.filter((_, i) => i !== index))}
              />
            </Group>
          ))}
        </Stack>
      )}
      {sending.map((entry) => (
        <Stack key={entry.key} gap={2}>
          <Text size="xs">Uploading {entry.name}…</Text>
          <Progress value={entry.percent} size="sm" aria-label={`Uploading ${entry.name}`} />
        </Stack>
      ))}
      <input
        ref={input}
        id={inputId}
        type="file"
        hidden
        multiple={field.isMulti}
        accept={acceptAttribute(field)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => {
          const chosen = Array.from(event.currentTarget.files ?? []);
          event.currentTarget.value = '';
          if (chosen.length > 0) void add(chosen);
        }}
      />
      <Group>
        <Button
          variant="default"
          size="xs"
          loading={sending.length > 0}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onClick={() => input.current?.click()}
        >
          {current.length > 0 && !field.isMulti
            ? 'Replace file'
            : field.isMulti
              ? 'Add files'
              : 'Choose a file'}
        </Button>
      </Group>
      {error && (
        <Text id={errorId} size="xs" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
