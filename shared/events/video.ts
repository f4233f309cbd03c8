/**
 * Onboarding videos: the admin pastes a YouTube or Vimeo address (or the bare id the spec's
 * guidance asks for); the welcome screen embeds the provider's player.
 */
export type VideoSource = 'youTube' | 'vimeo';

const YOUTUBE_ID = /^[\w-]{11}$/;

function youTubeId(input: string): string | null {
  if (YOUTUBE_ID.test(input)) return input;
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return null;
  }
  const host = url.hostname.replace(/^www\.|^m\./, '');
  let id: string | null = null;
  if (host === 'youtu.be') id = url.pathname.slice(1);
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    id = url.searchParams.get('v') ?? url.pathname.match(/^\/(?:embed|shorts|live)\/([^/]+)/)?.[1] ?? null;
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

function vimeoId(input: string): string | null {
  if (/^\d+$/.test(input)) return input;
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return null;
  }
  const host = url.hostname.replace(/^www\./, '');
  if (host !== 'vimeo.com' && host !== 'player.vimeo.com') return null;
  return url.pathname.match(/\/(\d+)(?:\/|$)/)?.[1] ?? null;
}

/** The player address for a video, or null when the text is not a video of that provider. */
export function videoEmbedUrl(source: VideoSource, input: string): string | null {
  const text = input.trim();
  if (!text) return null;
  if (source === 'youTube') {
    const id = youTubeId(text);
    return id ? `https://www.youtube-nocookie.com/embed/${id}` : null;
  }
  const id = vimeoId(text);
  return id ? `https://player.vimeo.com/video/${id}` : null;
}

/** The spec's guidance texts for the two providers. */
export const VIDEO_GUIDANCE: Record<VideoSource, string> = {
  youTube: 'Paste the YouTube address, or the shortcode after the watch parameter (watch?v=...)',
  vimeo: 'Paste the Vimeo address, or its numeric id',
};
