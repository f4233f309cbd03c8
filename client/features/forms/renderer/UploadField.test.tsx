import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { testForm } from '../../../../shared/forms/testing';
import { renderUi } from '../../../test/render';
import { FormRenderer } from './FormRenderer';
import type { SubmissionUploader } from './UploadField';

const definition = () =>
  testForm(
    [
      {
        id: 'plan',
        type: 'upload',
        label: 'Floor plan',
        accept: ['docs'],
        hasMaxFileSize: true,
        maxFileSizeMB: 1,
      },
      { id: 'staff', type: 'template', fieldGroupId: 'g', isLooping: true, maxLoops: 2 },
    ],
    {},
    [
      {
        id: 'g',
        title: 'Staff',
        fields: [{ id: 'badge', type: 'upload', label: 'Badge photo', accept: ['images'] }],
      },
    ],
  );

describe('upload fields in the renderer', () => {
  it('sends an accepted file with its place, shows it as a link, and refuses others at the field', async () => {
    const onAnswersChange = vi.fn();
    const uploader = vi.fn<SubmissionUploader>(async (file, place, onProgress) => {
      onProgress(100);
      return {
        id: crypto.randomUUID(),
        name: file.name,
        size: file.size,
        type: file.type,
        url: `/files/${place.fieldId}`,
      };
    });
    renderUi(
      <FormRenderer definition={definition()} uploader={uploader} onAnswersChange={onAnswersChange} />,
    );
    const user = userEvent.setup({ applyAccept: false });

    await user.upload(
      screen.getByLabelText('Floor plan'),
      new File(['x'], 'render.png', { type: 'image/png' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '"render.png" is not an accepted file type. Upload a document (PDF, Word, spreadsheet, presentation or text)',
    );
    const big = new File([new Uint8Array(1_000_001)], 'big.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByLabelText('Floor plan'), big);
    expect(await screen.findByRole('alert')).toHaveTextContent('"big.pdf" is larger than the 1 MB limit');
    expect(uploader).not.toHaveBeenCalled();

    await user.upload(
      screen.getByLabelText('Floor plan'),
      new File(['%PDF-'], 'plan.pdf', { type: 'application/pdf' }),
    );
    expect(await screen.findByRole('link', { name: 'plan.pdf' })).toHaveAttribute('href', '/files/plan');
    expect(uploader.mock.calls[0]?.[1]).toEqual({ fieldId: 'plan' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    // A loop's field sends its template and loop with it.
    await user.upload(
      screen.getByLabelText('Badge photo'),
      new File(['png'], 'me.png', { type: 'image/png' }),
    );
    await waitFor(() => expect(uploader).toHaveBeenCalledTimes(2));
    expect(uploader.mock.calls[1]?.[1]).toEqual({ fieldId: 'badge', templateFieldId: 'staff', loopIndex: 0 });

    await user.click(screen.getByRole('button', { name: 'Remove plan.pdf' }));
    expect(screen.queryByRole('link', { name: 'plan.pdf' })).not.toBeInTheDocument();
    expect(onAnswersChange.mock.lastCall?.[0].plan).toEqual([]);
  });

  it('shows an upload the server refused at the field', async () => {
    const uploader = vi.fn<SubmissionUploader>(async () => {
      throw new Error('Error uploading file to storage');
    });
    renderUi(<FormRenderer definition={definition()} uploader={uploader} />);
    await userEvent.upload(
      screen.getByLabelText('Floor plan'),
      new File(['%PDF-'], 'plan.pdf', { type: 'application/pdf' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Error uploading file to storage');
  });
});
