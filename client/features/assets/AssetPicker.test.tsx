import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { EVENT_ID } from '../../test/fixtures';
import { mockApi, renderUi, testSession } from '../../test/render';
import { AssetPicker } from './AssetPicker';

const urls = (id: string) => ({
  large: `/api/events/${EVENT_ID}/files/${id}?size=large`,
  medium: `/api/events/${EVENT_ID}/files/${id}?size=medium`,
  small: `/api/events/${EVENT_ID}/files/${id}?size=small`,
  thumb: `/api/events/${EVENT_ID}/files/${id}?size=thumb`,
});
const asset = (id: string, name: string) => ({
  id,
  name,
  altText: `${name} alt`,
  type: 'image',
  fileName: `${name}.jpg`,
  contentType: 'image/jpeg',
  size: 1000,
  url: `/api/events/${EVENT_ID}/files/${id}`,
  data: urls(id),
  createdAt: '2027-01-01T10:00:00.000Z',
});
const plan = asset('44444444-4444-4444-8444-444444444444', 'Main hall floor plan');
const terrace = asset('55555555-5555-4555-8555-555555555555', 'Harbour terrace');

describe('AssetPicker', () => {
  it('searches the image assets and hands back the chosen id and four URLs', async () => {
    const { calls } = mockApi({
      [`GET /api/events/${EVENT_ID}/assets`]: (call) => {
        const search = call.query.get('search') ?? '';
        const items = [plan, terrace].filter((a) => a.name.toLowerCase().includes(search.toLowerCase()));
        return { body: { items, total: items.length, page: 1, pageSize: 24 } };
      },
    });
    const onPick = vi.fn();
    const onClose = vi.fn();
    const { user } = renderUi(<AssetPicker opened onClose={onClose} onPick={onPick} />, {
      session: testSession('moderator'),
    });
    expect(await screen.findByRole('button', { name: 'Choose Harbour terrace' })).toBeInTheDocument();
    expect(calls[0].query.get('type')).toBe('image');
    await user.type(screen.getByRole('textbox', { name: 'Search images' }), 'hall');
    // The search waits 300 ms after the last key; two loaded cores can take a while more.
    await waitFor(
      () => expect(screen.queryByRole('button', { name: 'Choose Harbour terrace' })).not.toBeInTheDocument(),
      { timeout: 3000 },
    );
    await user.click(screen.getByRole('button', { name: 'Choose Main hall floor plan' }));
    expect(onPick).toHaveBeenCalledWith({
      assetId: plan.id,
      name: 'Main hall floor plan',
      altText: 'Main hall floor plan alt',
      urls: urls(plan.id),
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('says when there are no images, and when none match', async () => {
    mockApi({
      [`GET /api/events/${EVENT_ID}/assets`]: { body: { items: [], total: 0, page: 1, pageSize: 24 } },
    });
    const { user } = renderUi(<AssetPicker opened onClose={() => {}} onPick={() => {}} />, {
      session: testSession('moderator'),
    });
    expect(
      await screen.findByText('There are no images in this event yet. Upload one below.'),
    ).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Search images' }), 'zzz');
    expect(await screen.findByText('No images match this search.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose file' })).toBeInTheDocument();
  });
});
