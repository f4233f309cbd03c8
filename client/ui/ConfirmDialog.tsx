import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { CONFIRM_DELAY_MS, CONFIRM_KEYWORD } from '../../shared/ui/constants';

export interface ConfirmOptions {
  title: string;
  message: ReactNode;
  /** The action button's text, e.g. "Delete". */
  confirmLabel?: string;
  /** The word to type (spec default CONFIRM). */
  keyword?: string;
  color?: string;
  /** Runs after the spec's 500 ms delay; it reports its own outcome through the feedback banner. */
  onConfirm: () => unknown;
}

export interface ConfirmDialogProps extends ConfirmOptions {
  opened: boolean;
  onClose: () => void;
}

const wait = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));

/**
 * A dangerous action asks the user to type a keyword; the action is enabled only on an exact
 * match, then runs after a short delay so a double press cannot fire it twice.
 */
export function ConfirmDialog({
  opened,
  onClose,
  title,
  message,
  confirmLabel = 'Confirm',
  keyword = CONFIRM_KEYWORD,
  color = 'red',
  onConfirm,
}: ConfirmDialogProps) {
  const [typed, setTyped] = useState('');
  const [running, setRunning] = useState(false);

  // Every opening starts empty: a word typed for an earlier action must not confirm this one.
  useEffect(() => {
    if (opened) {
      setTyped('');
      setRunning(false);
    }
  }, [opened]);

  const matches = typed === keyword;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!matches || running) return;
    setRunning(true);
    await wait(CONFIRM_DELAY_MS);
    try {
      await onConfirm();
    } catch {
      // The action shows its failure itself (a refusal is the user's, e.g. 409 'The default
      // confirmation cannot be deleted'), so nothing goes to the console; the dialog's job ends.
    } finally {
      setRunning(false);
      onClose();
    }
  }

  return (
    <Modal opened={opened} onClose={running ? () => undefined : onClose} title={title} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text>{message}</Text>
          <TextInput
            label={`Type '${keyword}' to continue`}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            autoComplete="off"
            spellCheck={false}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={running}>
              Cancel
            </Button>
            <Button type="submit" color={color} disabled={!matches} loading={running}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export default ConfirmDialog;
