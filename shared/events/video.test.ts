import { describe, expect, it } from 'vitest';
import { eventSettingsSchema, onboardingSchema } from './settings';
import { checkSettings } from './settingsApi';
import { videoEmbedUrl } from './video';

describe('onboarding videos', () => {
  it('reads the YouTube addresses people paste, and the bare shortcode', () => {
    for (const input of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtube.com/watch?v=dQw4w9WgXcQ&t=42',
      'https://youtu.be/dQw4w9WgXcQ',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
      ' dQw4w9WgXcQ ',
    ]) {
      expect(videoEmbedUrl('youTube', input), input).toBe(
        'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      );
    }
  });

  it('reads Vimeo addresses and numeric ids', () => {
    for (const input of [
      'https://vimeo.com/76979871',
      'https://player.vimeo.com/video/76979871',
      '76979871',
    ]) {
      expect(videoEmbedUrl('vimeo', input), input).toBe('https://player.vimeo.com/video/76979871');
    }
  });

  it('refuses other sites, the other provider, and empty text', () => {
    expect(videoEmbedUrl('youTube', 'https://evil.example/watch?v=dQw4w9WgXcQ')).toBeNull();
    expect(videoEmbedUrl('vimeo', 'https://youtu.be/dQw4w9WgXcQ')).toBeNull();
    expect(videoEmbedUrl('youTube', '76979871')).toBeNull();
    expect(videoEmbedUrl('vimeo', '')).toBeNull();
  });

  it('is checked when onboarding is saved, like the event dates', () => {
    const onboarding = onboardingSchema.parse({
      videoUrl: 'https://vimeo.com/1',
      videoSourceType: 'youTube',
    });
    expect(checkSettings('onboarding', onboarding)).toEqual([
      { path: ['videoUrl'], message: expect.any(String) },
    ]);
    const event = eventSettingsSchema.parse({
      startDate: '2027-05-12',
      endDate: '2027-05-10',
      eventName: 'Expo',
      appUrl: 'https://x.example',
    });
    expect(checkSettings('event', event)).toEqual([
      { path: ['endDate'], message: 'The end date must be on or after the start date' },
    ]);
  });
});
