import { Button } from '@mantine/core';
import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CONFIRM_DELAY_MS } from '../../shared/ui/constants';
import { renderUi } from '../test/render';
import { ConfirmDialog } from './ConfirmDialog';
import { ConfirmProvider, useConfirm } from './confirm';

function renderDialog(onConfirm = vi.fn(), onClose = vi.fn(), keyword?: string) {
  renderUi(
    <ConfirmDialog
      opened
      onClose={onClose}
      title="Delete user"
      message="This removes the user from the event."
      confirmLabel="Delete"
      keyword={keyword}
      onConfirm={onConfirm}
    />,
  );
  return { onConfirm, onClose };
}

function Opener({ onConfirm }: { onConfirm: () => void }) {
  const confirm = useConfirm();
  return (
    <Button onClick={() => confirm({ title: 'Archive task', message: 'Archive it?', onConfirm })}>
      Archive
    </Button>
  );
}

describe('ConfirmDialog', () => {
  it("asks to type the keyword with the spec's label and enables the action only on an exact match", () => {
    renderDialog();
    const input = screen.getByLabelText("Type 'CONFIRM' to continue");
    const action = screen.getByRole('button', { name: 'Delete' });
    expect(action).toBeDisabled();
    fireEvent.change(input, { target: { value: 'confirm' } });
    expect(action).toBeDisabled();
    fireEvent.change(input, { target: { value: 'CONFIRM ' } });
    expect(action).toBeDisabled();
    fireEvent.change(input, { target: { value: 'CONFIRM' } });
    expect(action).toBeEnabled();
  });

  it('runs the action only after the 500 ms delay, then closes', async () => {
    vi.useFakeTimers();
    const { onConfirm, onClose } = renderDialog();
    fireEvent.change(screen.getByLabelText("Type 'CONFIRM' to continue"), { target: { value: 'CONFIRM' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await act(() => vi.advanceTimersByTimeAsync(CONFIRM_DELAY_MS - 1));
    expect(onConfirm).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('takes another keyword when given one', () => {
    renderDialog(vi.fn(), vi.fn(), 'DELETE');
    expect(screen.getByLabelText("Type 'DELETE' to continue")).toBeInTheDocument();
  });

  it('opens imperatively through useConfirm and closes when cancelled', async () => {
    const onConfirm = vi.fn();
    renderUi(
      <ConfirmProvider>
        <Opener onConfirm={onConfirm} />
      </ConfirmProvider>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Archive' }));
    expect(await screen.findByRole('dialog', { name: 'Archive task' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
