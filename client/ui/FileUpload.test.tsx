import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EVENT_ID } from '../test/fixtures';
import { renderUi, testSession } from '../test/render';
import { checkChosenFile, FileUpload } from './FileUpload';

type Reply = { status: number; body: unknown; progress?: number[] };

/** A stand-in XMLHttpRequest that reports upload progress and then answers as told. */
function fakeXhr(reply: Reply) {
  const sent: { url: string; headers: Record<string, string>; body: FormData | null; respond: () => void }[] =
    [];
  class FakeXhr {
    upload: {
      onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
    } = {
      onprogress: null,
    };
    status = 0;
    responseText = '';
    responseType = '';
    withCredentials = false;
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private url = '';
    private headers: Record<string, string> = {};
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    abort() {
      this.onabort?.();
    }
    send(body: FormData) {
      // Progress is reported at once; the answer waits for the test to call respond().
      setTimeout(() => {
        for (const loaded of reply.progress ?? [])
          this.upload.onprogress?.({ lengthComputable: true, loaded, total: 100 });
      }, 0);
      let answered = false;
      const respond = () => {
        if (answered) return;
        answered = true;
        this.status = reply.status;
        this.responseText = JSON.stringify(reply.body);
        this.onload?.();
      };
      sent.push({ url: this.url, headers: this.headers, body, respond });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

const stored = {
  id: '33333333-3333-4333-8333-333333333333',
  name: 'hall.png',
  contentType: 'image/png',
  size: 4,
  url: `/api/events/${EVENT_ID}/files/33333333-3333-4333-8333-333333333333`,
};
const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'hall.png', { type: 'image/png' });

describe('FileUpload', () => {
  it('checks the type and size as the server does', () => {
    const images = { 'image/png': ['.png'] };
    expect(checkChosenFile(png(), 'branding', images, 1000)).toBeNull();
    expect(checkChosenFile(new File(['x'], 'a.pdf'), 'branding', images, 1000)).toBe(
      'Image upload needs an image file type',
    );
    expect(checkChosenFile(png(), 'branding', images, 2)).toBe('The file is too large. The limit is 1 KB');
    // Narrowed by `accept`: a type the purpose takes but the screen did not offer.
    expect(checkChosenFile(new File(['x'], 'a.jpg'), 'branding', images, 1000)).toBe(
      'Image upload needs an image file type',
    );
  });

  it('uploads with the CSRF header, shows progress and hands over the stored file', async () => {
    const sent = fakeXhr({ status: 201, body: stored, progress: [40] });
    const onUploaded = vi.fn();
    renderUi(<FileUpload purpose="branding" onUploaded={onUploaded} />, { session: testSession('admin') });
    expect(screen.getByRole('button', { name: 'Choose file' })).toBeEnabled();
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.setup({ applyAccept: false }).upload(input, png());
    expect(await screen.findByText('Uploading hall.png: 40%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Upload progress of hall.png' })).toBeInTheDocument();
    expect(onUploaded).not.toHaveBeenCalled();
    sent[0].respond();
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith(stored));
    expect(sent[0].url).toBe(`/api/events/${EVENT_ID}/files?purpose=branding`);
    expect(sent[0].headers['X-Requested-With']).toBe('XMLHttpRequest');
    expect((sent[0].body?.get('file') as File).name).toBe('hall.png');
    expect(screen.queryByText(/Uploading/)).not.toBeInTheDocument();
  });

  it('shows the server refusal in its words, and refuses a wrong type before sending', async () => {
    const sent = fakeXhr({
      status: 400,
      body: { error: { code: 'validation', message: "The file's contents do not match its extension" } },
    });
    const respondAll = setInterval(() => {
      for (const request of sent) request.respond();
    }, 20);
    const onUploaded = vi.fn();
    renderUi(<FileUpload purpose="asset" onUploaded={onUploaded} />, { session: testSession('admin') });
    const user = userEvent.setup({ applyAccept: false });
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, png());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "The file's contents do not match its extension",
    );
    await user.upload(input, new File(['MZ'], 'setup.exe'));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(/This file type cannot be uploaded here/),
    );
    clearInterval(respondAll);
    expect(sent).toHaveLength(1);
    expect(onUploaded).not.toHaveBeenCalled();
  });

  it('refuses a file over the limit in the same words, without sending it', async () => {
    const sent = fakeXhr({ status: 201, body: stored });
    const onUploaded = vi.fn();
    renderUi(<FileUpload purpose="branding" maxSize={2} onUploaded={onUploaded} />, {
      session: testSession('admin'),
    });
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.setup({ applyAccept: false }).upload(input, png());
    expect(await screen.findByRole('alert')).toHaveTextContent('The file is too large. The limit is 1 KB');
    expect(sent).toHaveLength(0);
    expect(onUploaded).not.toHaveBeenCalled();
  });

  it('takes no file while disabled: the button and the file input are off', () => {
    renderUi(<FileUpload purpose="branding" disabled onUploaded={vi.fn()} />, {
      session: testSession('admin'),
    });
    expect(screen.getByRole('button', { name: 'Choose file' })).toBeDisabled();
    expect(document.querySelector('input[type="file"]')).toBeDisabled();
  });
});
