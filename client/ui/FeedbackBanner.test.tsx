import { Button } from '@mantine/core';
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SUCCESS_BANNER_MS } from '../../shared/ui/constants';
import { ApiError } from '../lib/api';
import { renderUi } from '../test/render';
import { feedbackState, readFeedbackState, useFeedback } from './FeedbackBanner';

function Controls({ error }: { error?: unknown }) {
  const feedback = useFeedback();
  return (
    <>
      <Button onClick={() => feedback.success()}>success</Button>
      <Button onClick={() => feedback.error(error)}>error</Button>
      <Button onClick={() => feedback.show('warning')}>warning</Button>
      <Button onClick={() => feedback.show('info', 'Heads up')}>info</Button>
    </>
  );
}

describe('FeedbackBanner', () => {
  it('is hidden while idle', () => {
    renderUi(<Controls />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it("shows the spec's default success text and clears it after 3 seconds", async () => {
    vi.useFakeTimers();
    renderUi(<Controls />);
    fireEvent.click(screen.getByRole('button', { name: 'success' }));
    expect(screen.getByRole('status')).toHaveTextContent('Your updates have been successfully saved');
    await act(() => vi.advanceTimersByTimeAsync(SUCCESS_BANNER_MS - 10));
    expect(screen.getByRole('status')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows the reference of a server failure with its message', () => {
    renderUi(
      <Controls
        error={
          new ApiError(500, 'internal', 'Something went wrong. Please try again later', [], 'req-777abcd')
        }
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'error' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Reference: req-777abcd');
  });

  it('keeps an error until it is closed', async () => {
    vi.useFakeTimers();
    renderUi(<Controls />);
    fireEvent.click(screen.getByRole('button', { name: 'error' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong. Please try again later');
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Close message' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('words identity errors with the friendly text and other errors with the server message', () => {
    const { unmount } = renderUi(<Controls error={new ApiError(401, 'auth/invalid-credential', 'nope')} />);
    fireEvent.click(screen.getByRole('button', { name: 'error' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The email or password is incorrect.');
    unmount();
    renderUi(<Controls error={new ApiError(400, 'validation', 'Invalid team')} />);
    fireEvent.click(screen.getByRole('button', { name: 'error' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid team');
  });

  it('uses the default warning text and a given info text', () => {
    renderUi(<Controls />);
    fireEvent.click(screen.getByRole('button', { name: 'warning' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Warning');
    fireEvent.click(screen.getByRole('button', { name: 'info' }));
    expect(screen.getByRole('status')).toHaveTextContent('Heads up');
  });

  it('carries a message through navigation state and ignores anything else', () => {
    expect(readFeedbackState(feedbackState('success', 'Password set'))).toEqual({
      type: 'success',
      message: 'Password set',
    });
    expect(readFeedbackState({ feedback: { type: 'idle', message: 'x' } })).toBeNull();
    expect(readFeedbackState({ feedback: { type: 'success' } })).toBeNull();
    expect(readFeedbackState(null)).toBeNull();
  });
});
