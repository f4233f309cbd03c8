import { Alert, Box, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { type FileRejection, useDropzone } from 'react-dropzone';
import type { StoredFile } from '../../shared/files/schemas';
import {
  acceptFor,
  DEFAULT_UPLOAD_LIMIT_BYTES,
  type FilePurpose,
  PURPOSE_CATEGORIES,
  tooLargeMessage,
  typeFromName,
  typeNotAllowedMessage,
  UPLOAD_TYPES,
} from '../../shared/files/types';
import { isApiError } from '../lib/api';
import { useOptionalSession } from '../lib/session';
import classes from './FileUpload.module.css';
import { uploadFile } from './uploadFile';

export interface FileUploadProps {
  /** What the file is for; decides which types the server takes (shared/files/types.ts). */
  purpose: FilePurpose;
  /** Content types to offer, narrower than the purpose's (default: all the purpose takes). */
  accept?: string[];
  onUploaded: (file: StoredFile) => void;
  label?: string;
  /** A lower limit than the spec's 50 MB, in bytes. */
  maxSize?: number;
  disabled?: boolean;
  /** The event to upload to; the signed-in event by default. */
  eventId?: string;
}

/** The accept map for the drop area: the purpose's types, narrowed to `accept` when given. */
function acceptMap(purpose: FilePurpose, accept?: string[]): Record<string, string[]> {
  const all = acceptFor(purpose);
  if (!accept) return all;
  return Object.fromEntries(Object.entries(all).filter(([type]) => accept.includes(type)));
}

/** The same checks the server makes, so a wrong file is refused at once and in the same words. */
export function checkChosenFile(
  file: File,
  purpose: FilePurpose,
  allowed: Record<string, string[]>,
  limit: number,
) {
  const type = typeFromName(file.name);
  if (
    !type ||
    !PURPOSE_CATEGORIES[purpose].includes(UPLOAD_TYPES[type].category) ||
    !(UPLOAD_TYPES[type].contentType in allowed)
  ) {
    return typeNotAllowedMessage(purpose);
  }
  if (file.size > limit) return tooLargeMessage(limit);
  return null;
}

/**
 * Drop a file or choose one with the button (keyboard users tab to it); shows progress while it
 * uploads and the server's refusal in its words. Hands the stored file to `onUploaded`, which the
 * screen then saves with its record (the server claims it then).
 */
export function FileUpload({
  purpose,
  accept,
  onUploaded,
  label = 'Upload a file',
  maxSize = DEFAULT_UPLOAD_LIMIT_BYTES,
  disabled = false,
  eventId,
}: FileUploadProps) {
  const session = useOptionalSession();
  const targetEvent = eventId ?? session?.event?.id ?? '';
  const allowed = acceptMap(purpose, accept);
  const abortRef = useRef<AbortController | null>(null);
  const [progress, setProgress] = useState<{ name: string; percent: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const hintId = useId();
  const extensions = [...new Set(Object.values(allowed).flat())].join(', ');

  useEffect(() => () => abortRef.current?.abort(), []);

  async function send(file: File) {
    const problem = checkChosenFile(file, purpose, allowed, maxSize);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setProgress({ name: file.name, percent: 0 });
    const controller = new AbortController();
    abortRef.current = controller;
    try {
      const stored = await uploadFile(
        targetEvent,
        purpose,
        file,
        (percent) => setProgress({ name: file.name, percent }),
        controller.signal,
      );
      onUploaded(stored);
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') return;
      setError(isApiError(err) ? err.message : 'Error uploading file to storage');
    } finally {
      if (abortRef.current === controller) abortRef.current = null;
      setProgress(null);
    }
  }

  function rejected(rejections: FileRejection[]) {
    const first = rejections[0];
    if (!first) return;
    const tooLarge = first.errors.some((e) => e.code === 'file-too-large');
    setError(tooLarge ? tooLargeMessage(maxSize) : typeNotAllowedMessage(purpose));
  }

  const busy = progress !== null;
  const off = disabled || busy || !targetEvent;
  // The drop area takes drops and clicks; keyboard users use the "Choose file" button (the area
  // is not a tab stop, so the one action is not announced twice).
  const { getRootProps, getInputProps, open, isDragAccept, isDragReject } = useDropzone({
    onDropAccepted: (dropped) => dropped[0] && void send(dropped[0]),
    onDropRejected: rejected,
    accept: allowed,
    maxSize,
    maxFiles: 1,
    multiple: false,
    disabled: off,
    noKeyboard: true,
  });
  return (
    <Stack gap="xs">
      <Box
        {...getRootProps({ 'aria-describedby': hintId })}
        className={classes.dropArea}
        mod={{ accept: isDragAccept, reject: isDragReject, disabled: off }}
      >
        <input {...getInputProps({ disabled: off, 'aria-label': label })} />
        <Stack align="center" gap={4} mih={96} justify="center" style={{ pointerEvents: 'none' }}>
          <Text fw={500}>{label}</Text>
          <Text size="sm" c="dimmed" id={hintId}>
            Drop a file here or click to choose one. Types: {extensions}
          </Text>
        </Stack>
      </Box>
      <Group justify="space-between" wrap="nowrap">
        <Button variant="light" onClick={open} disabled={off}>
          Choose file
        </Button>
        {busy && (
          <Button variant="subtle" color="gray" onClick={() => abortRef.current?.abort()}>
            Cancel upload
          </Button>
        )}
      </Group>
      {progress && (
        <Stack gap={4}>
          <Text size="sm" aria-live="polite">
            Uploading {progress.name}: {progress.percent}%
          </Text>
          <Progress value={progress.percent} aria-label={`Upload progress of ${progress.name}`} animated />
        </Stack>
      )}
      {error && (
        <Alert color="red" role="alert" title="Upload failed">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
